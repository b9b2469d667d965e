/**
 * Product barcodes and reorder points on items (docs/architecture.md §9, docs/product.md §11): a barcode is
 * checked and names one item (found by scans and searches); an item at or
 * below its reorder point is low — in the catalogue's filter and, live, on
 * the dashboard.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom } from "./ddp-socket";

describe("barcodes", () => {
  it("takes a barcode whose check digit is right, refuses one that is not or is already used, and finds the item by it", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const lamp = (await socket.call("items.add", [{ title: "Lamp", barcode: " 4006381333931 ", quantity: 2 }])).result;
    expect(typeof lamp).toBe("string");
    expect((await socket.call("items.add", [{ title: "Vase", barcode: "4006381333932" }])).error).toMatchObject({
      error: 400,
      reason:
        "4006381333932 is not a valid EAN-13: its last digit (the check digit) should be 1, not 2. Check the number for a typing mistake.",
    });
    const vase = (await socket.call("items.add", [{ title: "Vase" }])).result as string;
    expect((await socket.call("items.update", [vase, { barcode: "4006381333931" }])).error).toMatchObject({
      error: 409,
      reason: "Barcode 4006381333931 is already on “Lamp”",
    });

    // A UPC-A is also written as an EAN-13 with a leading 0: the same product, one item.
    const soup = (await socket.call("items.add", [{ title: "Soup", barcode: "051000012517" }])).result as string;
    expect((await socket.call("items.add", [{ title: "Soup again", barcode: "0051000012517" }])).error).toMatchObject({
      error: 409,
      reason: "Barcode 0051000012517 is already on “Soup”",
    });

    // A scan of the product's own barcode counts it (in either form).
    const stocktakeId = (await socket.call("stocktake.start")).result as string;
    expect((await socket.call("stocktake.scan", [stocktakeId, "4006381333931"])).error).toBeUndefined();
    expect((await socket.call("stocktake.scan", [stocktakeId, "0051000012517"])).error).toBeUndefined();
    await socket.subscribe("stocktake.scans", [stocktakeId]);
    expect([...socket.held("stocktakeScans").values()].map((scan) => scan.itemId).sort()).toEqual([lamp, soup].sort());

    // The big room's search looks in barcodes too (the full-text index and the short-word path).
    await socket.subscribe("items.window", [{ text: "3813339" }], "w1");
    expect([...socket.held("items").values()].map((item) => item.title)).toContain("Lamp");
    socket.close();
  });
});

describe("low stock", () => {
  it("narrows the catalogue to items at or below their reorder point, and counts them live on the dashboard", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const mug = (await socket.call("items.add", [{ title: "Mug", quantity: 5, reorderPoint: 2 }])).result as string;
    await socket.call("items.add", [{ title: "Plate", quantity: 1 }]);
    await socket.call("items.add", [{ title: "Bowl", quantity: 0, reorderPoint: 0 }]);
    await socket.subscribe("dashboard");
    const lowStock = () => socket.held("dashboard").get("summary")?.lowStock as { count: number; items: unknown[] };
    expect(lowStock()).toEqual({
      count: 1,
      items: [{ itemId: expect.any(String), title: "Bowl", quantity: 0, reorderPoint: 0 }],
    });

    // Two sold: the mug is at its reorder point, so low, and the dashboard says so at once.
    expect(
      (await socket.call("stock.adjust", [{ itemId: mug, locationId: "main", quantity: -3, reason: "sold" }])).error,
    ).toBeUndefined();
    await socket.roundTrip();
    expect(lowStock().count).toBe(2);
    expect(lowStock().items).toContainEqual({ itemId: mug, title: "Mug", quantity: 2, reorderPoint: 2 });

    const windowId = "low";
    expect((await socket.subscribe("items.window", [{ low: true }], windowId)).msg).toBe("ready");
    const titles = [...socket.held("items").values()].map((item) => item.title).sort();
    expect(titles).toEqual(["Bowl", "Mug"]);

    // No reorder point: never low.
    expect((await socket.call("items.update", [mug, { reorderPoint: null }])).error).toBeUndefined();
    await socket.roundTrip();
    expect(lowStock().count).toBe(1);

    // A product sold in sizes counts once per low size, as the card lists them ("Tee — S", "Tee — M").
    const tee = (await socket.call("items.add", [{ title: "Tee", quantity: 1 }])).result as string;
    await socket.call("items.setVariants", [
      tee,
      {
        options: ["Size"],
        variants: [{ _id: tee, values: ["S"], reorderPoint: 2 }, { values: ["M"], reorderPoint: 0 }, { values: ["L"] }],
      },
    ]);
    await socket.roundTrip();
    expect(lowStock().count).toBe(3);
    socket.close();
  });
});
