/**
 * Receiving against a purchase order (worker/buying/receiving.ts,
 * docs/buying.md): two phones count one delivery into a shared tally —
 * scanned codes, a line's + and −, damaged units — a code not on the order
 * is refused with what it names so the phone can ask, and accepting makes
 * "received" movements at the chosen location, at each line's cost, with
 * the order named, a short line leaving it partly received.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket, signUpUser } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRows } from "./room-rows";

async function memberOf(roomId: string, role: string): Promise<DdpSocket> {
  const person = await signUpUser();
  const { socket } = await connectToRoom(roomId);
  expect((await socket.call("members.invite", [person.email, role])).error).toBeUndefined();
  socket.close();
  return (await connectToRoom(roomId, { token: person.token })).socket;
}

const result = async <T>(socket: DdpSocket, method: string, params: unknown[]): Promise<T> => {
  const answer = await socket.call(method, params);
  expect(answer.error, method).toBeUndefined();
  return answer.result as T;
};

describe("receiving against a purchase order", () => {
  it("counts one delivery from two phones, asks about what is not on it, and accepts it into stock at each line's cost", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const counter = await memberOf(roomId, "counter");
    const viewer = await memberOf(roomId, "viewer");
    const acme = await result<string>(owner, "suppliers.add", [{ name: "Acme" }]);
    const backRoom = await result<string>(owner, "locations.add", ["Back room"]);
    const mug = await result<string>(owner, "items.add", [{ title: "Mug", sku: "MUG-1", quantity: 2, costCents: 200 }]);
    const jug = await result<string>(owner, "items.add", [{ title: "Jug", sku: "JUG-1", costCents: 900 }]);
    const vase = await result<string>(owner, "items.add", [{ title: "Vase", sku: "VASE-1", costCents: 1500 }]);
    const order = await result<string>(owner, "purchaseOrders.create", [{ supplierId: acme }]);
    const mugLine = await result<string>(owner, "purchaseOrders.setLine", [
      order,
      { itemId: mug, quantity: 6, unitCostCents: 250 },
    ]);
    const jugLine = await result<string>(owner, "purchaseOrders.setLine", [order, { itemId: jug, quantity: 2 }]);

    // A draft is not received against.
    expect((await counter.call("purchaseOrders.count", [order, { code: "MUG-1" }])).error).toMatchObject({
      error: 409,
      reason: "PO-0001 is a draft: order it before receiving against it",
    });
    await result(owner, "purchaseOrders.move", [order, "ordered"]);
    expect((await viewer.subscribe("purchaseOrder", [order], "one")).msg).toBe("ready");

    // The counter scans four mugs, the owner one more and the jugs by their line: one good, one damaged.
    for (let i = 0; i < 4; i++) await result(counter, "purchaseOrders.count", [order, { code: "mug-1" }]);
    expect(await result(owner, "purchaseOrders.count", [order, { code: "MUG-1" }])).toMatchObject({
      lineId: mugLine,
      title: "Mug",
      ordered: 6,
      good: 5,
    });
    await result(owner, "purchaseOrders.count", [order, { lineId: jugLine }]);
    await result(owner, "purchaseOrders.count", [order, { lineId: jugLine, damaged: true }]);
    await expect
      .poll(() =>
        Object.fromEntries([...viewer.held("purchaseOrderTally")].map(([id, doc]) => [id, [doc.good, doc.damaged]])),
      )
      .toEqual({ [mugLine]: [5, 0], [jugLine]: [1, 1] });
    // A miscount is taken back, never below nothing.
    await result(counter, "purchaseOrders.count", [order, { lineId: mugLine, units: -1 }]);
    await result(counter, "purchaseOrders.count", [order, { lineId: mugLine, units: 1 }]);
    expect((await counter.call("purchaseOrders.count", [order, { lineId: jugLine, units: -2 }])).error).toMatchObject({
      error: 409,
      reason: "No more Jug counted to take back",
    });

    // A vase is not on the order: refused with what it is, then received anyway on a line of its own.
    const off = await counter.call("purchaseOrders.count", [order, { code: "VASE-1" }]);
    expect(off.error).toMatchObject({
      error: 409,
      reason: "“Vase” is not on PO-0001",
      details: { notOnOrder: { itemId: vase, variantId: vase, title: "Vase" } },
    });
    const extra = await result<{ lineId: string }>(counter, "purchaseOrders.count", [
      order,
      { extra: { itemId: vase } },
    ]);
    expect((await counter.call("purchaseOrders.count", [order, { code: "NOTHING-9" }])).error).toMatchObject({
      error: 404,
      reason: "No item of this room has NOTHING-9",
    });
    // Viewers only look.
    expect((await viewer.call("purchaseOrders.count", [order, { code: "MUG-1" }])).error).toMatchObject({ error: 403 });

    // Accepted into the back room: stock, the ledger naming the order at each line's cost, one mug short.
    expect(await result(counter, "purchaseOrders.accept", [order, { locationId: backRoom }])).toEqual({
      units: 7,
      damaged: 1,
      status: "partly_received",
    });
    expect(
      await roomRows(
        roomId,
        "SELECT item_id, location_id, quantity, reason, reference, cost_cents FROM movements WHERE reason = 'received' ORDER BY item_id",
      ),
    ).toEqual(
      [
        { item_id: mug, location_id: backRoom, quantity: 5, reason: "received", reference: "PO-0001", cost_cents: 250 },
        { item_id: jug, location_id: backRoom, quantity: 1, reason: "received", reference: "PO-0001", cost_cents: 900 },
        {
          item_id: vase,
          location_id: backRoom,
          quantity: 1,
          reason: "received",
          reference: "PO-0001",
          cost_cents: 1500,
        },
        // In SQLite's order of the ids: by their code points.
      ].sort((a, b) => (a.item_id < b.item_id ? -1 : 1)),
    );
    expect(
      await roomRows(
        roomId,
        "SELECT title, quantity, received, damaged, extra FROM purchase_order_lines ORDER BY position",
      ),
    ).toEqual([
      { title: "Mug", quantity: 6, received: 5, damaged: 0, extra: 0 },
      { title: "Jug", quantity: 2, received: 1, damaged: 1, extra: 0 },
      { title: "Vase", quantity: 0, received: 1, damaged: 0, extra: 1 },
    ]);
    // The mug's cost is the order's; its stock is worth the average of 2 at 2.00 and 5 at 2.50.
    expect(await roomRows(roomId, "SELECT cost_cents, avg_cost_cents FROM items WHERE id = ?", mug)).toEqual([
      { cost_cents: 250, avg_cost_cents: Math.round((2 * 200 + 5 * 250) / 7) },
    ]);
    expect(
      (await roomRows<{ text: string }>(roomId, "SELECT text FROM purchase_order_events ORDER BY rowid")).at(-1),
    ).toEqual({
      text: "Received 7 units at Back room; 1 damaged, kept out of stock; short: Mug 5 of 6, Jug 1 of 2",
    });
    await expect.poll(() => viewer.held("purchaseOrderTally").size).toBe(0);
    expect((await owner.call("purchaseOrders.accept", [order, {}])).error).toMatchObject({
      error: 409,
      reason: "Nothing counted to accept: scan what arrived first",
    });

    // The rest comes: received.
    await result(counter, "purchaseOrders.count", [order, { code: "MUG-1" }]);
    await result(counter, "purchaseOrders.count", [order, { code: "JUG-1" }]);
    expect(await result(counter, "purchaseOrders.accept", [order, {}])).toMatchObject({ status: "received" });
    expect(extra.lineId).toBeTruthy();
    await expectLedgerAddsUp(roomId);
    for (const socket of [owner, counter, viewer]) socket.close();
  });

  it("leaves nothing counted behind, keeps an order's receipts its own, and keeps counters to their limits", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const counter = await memberOf(roomId, "counter");
    const acme = await result<string>(owner, "suppliers.add", [{ name: "Acme" }]);
    const mug = await result<string>(owner, "items.add", [{ title: "Mug", sku: "MUG-1", costCents: 200 }]);
    const jug = await result<string>(owner, "items.add", [{ title: "Jug", sku: "JUG-1", costCents: 900 }]);
    const tin = await result<string>(owner, "items.add", [{ title: "Tin", sku: "TIN-1" }]);
    const order = await result<string>(owner, "purchaseOrders.create", [{ supplierId: acme }]);
    await result(owner, "purchaseOrders.setLine", [order, { itemId: mug, quantity: 6 }]);
    await result(owner, "purchaseOrders.setLine", [order, { itemId: jug, quantity: 1 }]);
    // A cost changed alone keeps the quantity.
    await result(owner, "purchaseOrders.setLine", [order, { itemId: mug, unitCostCents: 250 }]);
    await result(owner, "purchaseOrders.move", [order, "ordered"]);

    await result(counter, "purchaseOrders.count", [order, { code: "MUG-1", units: 2 }]);
    // Counted units are not left behind: not by taking the line off, not by cancelling.
    expect((await owner.call("purchaseOrders.setLine", [order, { itemId: mug, quantity: 0 }])).error).toMatchObject({
      error: 409,
      reason: "2 units are counted against PO-0001 and not accepted: accept or take them back before removing Mug",
    });
    expect((await owner.call("purchaseOrders.move", [order, "cancelled"])).error).toMatchObject({
      error: 409,
      reason:
        "2 units are counted against PO-0001 and not accepted: accept or take them back before making it cancelled",
    });
    // A counter receives as many at once as any receipt of theirs, and sets no costs.
    expect((await counter.call("purchaseOrders.count", [order, { code: "MUG-1", units: 101 }])).error).toMatchObject({
      error: 403,
    });
    expect(
      (
        await counter.call("stock.adjust", [
          { itemId: mug, locationId: "main", quantity: 1, reason: "received", costCents: 1 },
        ])
      ).error,
    ).toMatchObject({ error: 403, reason: "A cost is set by a member of the room: record the receipt without one" });

    // A tin received anyway, then ordered: an ordered line from then on.
    await result(counter, "purchaseOrders.count", [order, { extra: { itemId: tin } }]);
    await result(owner, "purchaseOrders.setLine", [order, { itemId: tin, quantity: 3 }]);
    expect(
      await roomRows(
        roomId,
        "SELECT title, quantity, unit_cost_cents, extra FROM purchase_order_lines ORDER BY position",
      ),
    ).toEqual([
      { title: "Mug", quantity: 6, unit_cost_cents: 250, extra: 0 },
      { title: "Jug", quantity: 1, unit_cost_cents: 900, extra: 0 },
      { title: "Tin", quantity: 3, unit_cost_cents: null, extra: 0 },
    ]);

    // Accepted: the order's receipt is the order's — not taken back from the ledger, where the order would still say it came.
    await result(counter, "purchaseOrders.accept", [order, {}]);
    const [receipt] = await roomRows<{ id: string }>(
      roomId,
      "SELECT id FROM movements WHERE item_id = ? AND reason = 'received'",
      mug,
    );
    expect((await owner.call("stock.undo", [receipt?.id])).error).toMatchObject({
      error: 409,
      reason:
        "This came in against PO-0001: set the stock right with a count or a change, so the order keeps what came",
    });
    // A line whose item is gone can still be taken off.
    await result(owner, "items.remove", [jug]);
    await result(owner, "purchaseOrders.setLine", [order, { itemId: jug, quantity: 0 }]);
    expect(
      (await roomRows(roomId, "SELECT title FROM purchase_order_lines ORDER BY position")).map((row) => row.title),
    ).toEqual(["Mug", "Tin"]);
    await expectLedgerAddsUp(roomId);
    owner.close();
    counter.close();
  });
});
