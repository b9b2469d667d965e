/**
 * The till role (docs/stock.md, Roles and stock): a cashier sells, takes
 * returns, receives and counts — and cannot change prices, remove items,
 * import or undo others' movements; below member, no call receives more
 * than RECEIVE_LIMIT_BELOW_MEMBER units.
 */
import { describe, expect, it } from "vitest";
import { RECEIVE_LIMIT_BELOW_MEMBER } from "../../protocol/api";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";

describe("a cashier", () => {
  it("sells, takes returns, receives and counts, and changes nothing else", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const itemId = (await owner.call("items.add", [{ title: "Jug", sku: "JUG", priceCents: 1200, quantity: 3 }]))
      .result as string;
    const person = await signUpUser();
    expect((await owner.call("members.invite", [person.email, "cashier"])).error).toBeUndefined();
    const { socket: till } = await connectToRoom(roomId, { token: person.token });
    const sale = { itemId, locationId: "main", quantity: -1, reason: "sold", priceCents: 1200 };

    const sold = await till.call("stock.adjust", [sale]);
    expect(sold.error).toBeUndefined();
    expect((await till.call("stock.adjust", [{ ...sale, quantity: 1, reason: "returned" }])).error).toBeUndefined();
    expect((await till.call("stock.receive", ["JUG", "main", 2])).error).toBeUndefined();
    // Not a price, not a removal, not an import, not a correction or damage.
    expect((await till.call("items.update", [itemId, { priceCents: 100 }])).error).toMatchObject({ error: 403 });
    expect((await till.call("items.remove", [itemId])).error).toMatchObject({ error: 403 });
    expect(
      (await till.call("items.import", [{ importId: "till-import", part: 0, dryRun: true, products: [] }])).error,
    ).toMatchObject({ error: 403 });
    expect(
      (await till.call("stock.adjust", [{ itemId, locationId: "main", quantity: -1, reason: "damaged" }])).error,
    ).toMatchObject({
      error: 403,
      reason: "As a cashier you can record sales, returns and stock received, nothing else",
    });

    // Their own sale taken back, never someone else's movement.
    expect((await till.call("stock.undo", [sold.result])).error).toBeUndefined();
    const ownersReceipt = await owner.call("stock.adjust", [
      { itemId, locationId: "main", quantity: 5, reason: "received" },
    ]);
    expect((await till.call("stock.undo", [ownersReceipt.result])).error).toMatchObject({
      error: 403,
      reason: "You can take back your own sales and receipts only",
    });

    // A limit on what one call receives below member, by both ways of receiving.
    const tooMany = RECEIVE_LIMIT_BELOW_MEMBER + 1;
    expect((await till.call("stock.receive", ["JUG", "main", tooMany])).error).toMatchObject({ error: 403 });
    expect(
      (await till.call("stock.adjust", [{ itemId, locationId: "main", quantity: tooMany, reason: "received" }])).error,
    ).toMatchObject({ error: 403 });
    expect((await owner.call("stock.receive", ["JUG", "main", tooMany])).error).toBeUndefined();

    // Counting in a stocktake.
    const stocktake = (await owner.call("stocktake.start")).result as string;
    expect((await till.call("stocktake.scan", [stocktake, "JUG"])).error).toBeUndefined();
    await expectLedgerAddsUp(roomId);
    owner.close();
    till.close();
  });

  it("is a role a join link can give", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    expect((await owner.call("members.createJoinLink", ["cashier"])).error).toBeUndefined();
    owner.close();
  });
});
