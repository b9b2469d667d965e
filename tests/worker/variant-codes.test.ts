/**
 * Every code names exactly one variant (docs/stock.md): a variant's label
 * counts and receives that variant; a product's own label of a product sold
 * in variants is refused in words, never counted as its first variant.
 */
import { describe, expect, it } from "vitest";
import { variantLink, variantNeeded } from "../../protocol/label-key";
import { connectToRoom, createRoom } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow, roomRows } from "./room-rows";

describe("a variant's label", () => {
  it("counts and receives the variant printed on it, and a product's own label names none", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const tee = (await socket.call("items.add", [{ title: "Tee", sku: "TEE", quantity: 2 }])).result as string;
    expect(
      (
        await socket.call("items.setVariants", [
          tee,
          {
            options: ["Size"],
            variants: [
              { _id: tee, values: ["S"], sku: "TEE-S" },
              { values: ["M"], sku: "TEE-M" },
            ],
          },
        ])
      ).error,
    ).toBeUndefined();
    const row = await roomRow<{ variants: string }>(roomId, "SELECT variants FROM items WHERE id = ?", tee);
    const medium = (JSON.parse(row?.variants ?? "[]") as { _id: string }[])[1]?._id as string;
    const links = (await socket.call("items.publicLinks", [[tee]])).result as Record<string, string>;
    const productLabel = links[tee] as string;
    expect(productLabel).toMatch(/\/s\/[A-Za-z0-9]{10}$/);
    const mediumLabel = variantLink(productLabel, medium);

    const received = await socket.call("stock.receive", [mediumLabel, "main", 3]);
    expect(received.result).toMatchObject({ variantId: medium, title: "Tee — M", held: 3 });
    const ambiguous = await socket.call("stock.receive", [productLabel, "main", 1]);
    expect(ambiguous.error).toMatchObject({ error: 409, reason: variantNeeded("Tee") });

    const stocktake = (await socket.call("stocktake.start")).result as string;
    expect((await socket.call("stocktake.scan", [stocktake, mediumLabel])).result).toMatchObject({
      variantId: medium,
      title: "Tee — M",
    });
    expect((await socket.call("stocktake.scan", [stocktake, productLabel])).error).toMatchObject({
      error: 409,
      reason: variantNeeded("Tee"),
    });
    // The product's id is no code of a variant either; the first variant's own SKU is.
    expect((await socket.call("stocktake.scan", [stocktake, tee])).error).toMatchObject({ error: 409 });
    expect((await socket.call("stocktake.scan", [stocktake, "TEE-S"])).result).toMatchObject({ variantId: tee });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});

describe("codes that name nothing here", () => {
  it("says a wrong check digit in words, and refuses a count past a million units", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const jug = (await socket.call("items.add", [{ title: "Jug", barcode: "5901234123457", quantity: 999_999 }]))
      .result as string;
    const stocktake = (await socket.call("stocktake.start")).result as string;
    expect((await socket.call("stocktake.scan", [stocktake, "5901234123458"])).error).toMatchObject({
      error: 404,
      reason: expect.stringContaining("its last digit (the check digit) should be 7, not 8"),
    });
    expect((await socket.call("stock.receive", ["5901234123457", "main", 1])).error).toBeUndefined();
    expect((await socket.call("stock.receive", ["5901234123457", "main", 1])).error).toMatchObject({
      error: 409,
      reason: "That would make more than 1,000,000 units of one variant: check the number",
    });
    // A NUL or a right-to-left override typed into a title is taken out; a search with one finds, never fails.
    await socket.call("items.update", [jug, { title: "Jug\u0000 \u202Eevil" }]);
    expect((await roomRow<{ title: string }>(roomId, "SELECT title FROM items"))?.title).toBe("Jug evil");
    const window = await socket.subscribe("items.window", [{ text: "Ju\u0000g" }]);
    expect(window.msg).toBe("ready");
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("still sells from a variant held past a million from before the limit, and adds nothing to it", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const jug = (await socket.call("items.add", [{ title: "Jug", sku: "JUG", quantity: 1_000_000 }])).result as string;
    // A room from before the limit: five more were received then.
    await roomRows(roomId, "UPDATE movements SET quantity = quantity + 5, balance = balance + 5");
    await roomRows(roomId, `UPDATE items SET quantity = 1000005, stock = '{"main":1000005}'`);
    const sale = { itemId: jug, locationId: "main", quantity: -1, reason: "sold", priceCents: 100 };
    expect((await socket.call("stock.adjust", [sale])).error).toBeUndefined();
    expect((await socket.call("stock.receive", ["JUG", "main", 1])).error).toMatchObject({ error: 409 });
    expect((await roomRow<{ quantity: number }>(roomId, "SELECT quantity FROM items"))?.quantity).toBe(1_000_004);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
