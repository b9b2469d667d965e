/**
 * The counter role (docs/stock.md "Roles and stock"): a helper who takes part in stocktakes and
 * receives stock, and changes nothing else.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";

describe("a counter", () => {
  it("counts in a stocktake under way and records stock received, and can do nothing else", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const itemId = (await owner.call("items.add", [{ title: "Jug", sku: "JUG-1", quantity: 2 }])).result as string;
    const helper = await signUpUser();
    expect((await owner.call("members.invite", [helper.email, "counter"])).error).toBeUndefined();
    const { socket: counter } = await connectToRoom(roomId, { token: helper.token });

    // Items stay as they are.
    expect((await counter.call("items.add", [{ title: "Cup" }])).error).toMatchObject({ error: 403 });
    expect((await counter.call("items.update", [itemId, { quantity: 9 }])).error).toMatchObject({ error: 403 });
    // Receiving a delivery, and nothing else about stock.
    const delivery = { itemId, locationId: "main", quantity: 4, reason: "received", note: "Box from the supplier" };
    expect((await counter.call("stock.adjust", [delivery])).error).toBeUndefined();
    expect(
      (await counter.call("stock.adjust", [{ itemId, locationId: "main", quantity: -1, reason: "sold" }])).error,
    ).toMatchObject({ error: 403, reason: "As a counter you can record stock received, nothing else" });
    expect((await counter.call("locations.add", ["Van"])).error).toMatchObject({ error: 403 });
    // A delivery received by scanning: each scan of the SKU (in any case) is one unit.
    const received = await counter.call("stock.receive", ["jug-1", "main"]);
    expect(received.result).toEqual({ itemId, variantId: itemId, title: "Jug", held: 7 });
    expect((await counter.call("stock.receive", ["NO-SUCH", "main"])).error).toMatchObject({
      error: 404,
      reason: "No item of this room has that label, barcode or SKU",
    });

    // A stocktake: started by a member, joined and counted in by the counter.
    expect((await counter.call("stocktake.start")).error).toMatchObject({
      error: 403,
      reason: "Ask a member of the room to start the stocktake",
    });
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    expect((await counter.call("stocktake.start")).result).toBe(stocktakeId);
    const scan = await counter.call("stocktake.scan", [stocktakeId, "JUG-1"]);
    expect(scan.error).toBeUndefined();
    const { scanId } = scan.result as { scanId: string };
    expect((await counter.call("stocktake.unscan", [stocktakeId, scanId])).error).toBeUndefined();
    expect((await counter.call("stocktake.scan", [stocktakeId, "JUG-1"])).error).toBeUndefined();
    expect((await counter.call("stocktake.apply", [stocktakeId])).error).toMatchObject({ error: 403 });
    expect((await owner.call("stocktake.apply", [stocktakeId])).error).toBeUndefined();

    // What they did is in the ledger under their name.
    await owner.subscribe("stock.ledger", [{ itemId }]);
    const reasons = owner.received
      .filter((m) => m.msg === "added" && m.collection === "movements")
      .map((m) => (m.fields as { reason: string; userId: string }).reason);
    expect(reasons).toEqual(["stocktake", "received", "received", "correction"]);
    owner.close();
    counter.close();
  });
});
