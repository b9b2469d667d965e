/**
 * A count is a count at a moment and a place (docs/stock.md): a stocktake
 * counts at its locations, each on its own; applying sets each counted
 * variant there to its count plus what moved there after it was counted;
 * scans that arrive after it was applied are kept and offered, never
 * dropped. Every test ends with the ledger adding up.
 */
import { describe, expect, it } from "vitest";
import { STOCKTAKE_ERROR } from "../../worker/stocktake/stocktake-feature";
import { connectToRoom, createRoom, type DdpSocket, signUpUser } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow, roomRows } from "./room-rows";

async function stockOf(roomId: string, itemId: string): Promise<Record<string, number>> {
  const row = await roomRow<{ stock: string }>(roomId, "SELECT stock FROM items WHERE id = ?", itemId);
  return JSON.parse(row?.stock ?? "{}");
}

/** A room with a second location, "Market stall", and a tee held at both. */
async function shopWithStall() {
  const roomId = await createRoom();
  const { socket } = await connectToRoom(roomId);
  const stall = (await socket.call("locations.add", ["Market stall"])).result as string;
  const tee = (await socket.call("items.add", [{ title: "Tee", sku: "TEE", quantity: 6 }])).result as string;
  expect(
    (await socket.call("stock.adjust", [{ itemId: tee, locationId: stall, quantity: 3, reason: "received" }])).error,
  ).toBeUndefined();
  return { roomId, socket, stall, tee };
}

/**
 * Moves the room's stocktake's start, and everything recorded before it,
 * ten minutes back, so a phone's scans can be timed before now.
 */
async function startedLongAgo(roomId: string): Promise<number> {
  await roomRows(roomId, "UPDATE stocktakes SET started_at = started_at - 600000");
  await roomRows(roomId, "UPDATE movements SET at = at - 601000");
  return (await roomRow<{ started_at: number }>(roomId, "SELECT started_at FROM stocktakes"))?.started_at as number;
}

async function scan(socket: DdpSocket, stocktakeId: string, code: string, options?: Record<string, unknown>) {
  const answer = await socket.call("stocktake.scan", [stocktakeId, code, ...(options ? [options] : [])]);
  expect(answer.error).toBeUndefined();
  return answer.result as { scanId: string; late: boolean };
}

describe("a count at a moment", () => {
  it("keeps a sale made after the shelf was counted", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const tee = (await socket.call("items.add", [{ title: "Tee S", sku: "TEE-S", quantity: 6 }])).result as string;
    const stocktake = (await socket.call("stocktake.start")).result as string;
    for (let n = 0; n < 6; n++) await scan(socket, stocktake, "TEE-S");
    // One sold after the six were counted: five on the shelf.
    await socket.call("stock.adjust", [
      { itemId: tee, locationId: "main", quantity: -1, reason: "sold", priceCents: 1500 },
    ]);
    expect((await socket.call("stocktake.apply", [stocktake])).result).toEqual({ changed: 0 });
    expect(await stockOf(roomId, tee)).toEqual({ main: 5 });
    expect(await roomRows(roomId, "SELECT id FROM movements WHERE reason = 'stocktake'")).toEqual([]);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("times a scan sent later by the phone's clock, and counts what moved after it", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const jug = (await socket.call("items.add", [{ title: "Jug", sku: "JUG", quantity: 4 }])).result as string;
    const stocktake = (await socket.call("stocktake.start")).result as string;
    const startedAt = await startedLongAgo(roomId);
    // Two counted on a phone with no line; a delivery of 3 is recorded; then the phone's scans arrive,
    // made (by its clock) long before they reached the room.
    await socket.call("stock.adjust", [{ itemId: jug, locationId: "main", quantity: 3, reason: "received" }]);
    const madeAt = startedAt + 1;
    await roomRows(roomId, "UPDATE movements SET at = ? WHERE reason = 'received'", madeAt + 120_000);
    await scan(socket, stocktake, "JUG", { at: madeAt });
    await scan(socket, stocktake, "JUG", { at: madeAt });
    const scans = await roomRows<{ at: number; held_then: number }>(
      roomId,
      "SELECT at, held_then FROM stocktake_scans",
    );
    // Timed when it was made, with what was recorded then (4: the delivery came after).
    expect(scans).toEqual([
      { at: madeAt, held_then: 4 },
      { at: madeAt, held_then: 4 },
    ]);
    // Two on the shelf then, three delivered since: five.
    await socket.call("stocktake.apply", [stocktake]);
    expect(await stockOf(roomId, jug)).toEqual({ main: 5 });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});

describe("a count at a place", () => {
  it("counts at the location it is for and leaves the others as they are", async () => {
    const { roomId, socket, stall, tee } = await shopWithStall();
    const stocktake = (await socket.call("stocktake.start", [["main"]])).result as string;
    for (let n = 0; n < 3; n++) await scan(socket, stocktake, "TEE");
    await socket.call("stocktake.apply", [stocktake, { unseenToZero: true }]);
    expect(await stockOf(roomId, tee)).toEqual({ main: 3, [stall]: 3 });
    const moves = await roomRows<{ location_id: string; quantity: number; note: string; reference: string }>(
      roomId,
      "SELECT location_id, quantity, note, reference FROM movements WHERE reason = 'stocktake'",
    );
    expect(moves).toEqual([{ location_id: "main", quantity: -3, note: "Counted 3", reference: stocktake }]);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("counts several locations each on its own, and refuses one it is not for", async () => {
    const { roomId, socket, stall, tee } = await shopWithStall();
    const back = (await socket.call("locations.add", ["Back room"])).result as string;
    const stocktake = (await socket.call("stocktake.start", [["main", stall]])).result as string;
    const wrong = await socket.call("stocktake.scan", [stocktake, "TEE", { locationId: back }]);
    expect(wrong.error).toMatchObject({ error: 400, reason: STOCKTAKE_ERROR.NOT_HERE });
    for (let n = 0; n < 5; n++) await scan(socket, stocktake, "TEE", { locationId: "main" });
    await scan(socket, stocktake, "TEE", { locationId: stall });
    await socket.call("stocktake.apply", [stocktake]);
    expect(await stockOf(roomId, tee)).toEqual({ main: 5, [stall]: 1 });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("refuses to start at an archived or unknown location", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const answer = await socket.call("stocktake.start", [["nowhere"]]);
    expect(answer.error).toMatchObject({ error: 400, reason: STOCKTAKE_ERROR.NO_LOCATION });
    socket.close();
  });
});

describe("counts that arrive after the stocktake was applied", () => {
  it("keeps them, says how many wait, and applies them with what moved since", async () => {
    const { roomId, socket, stall, tee } = await shopWithStall();
    const mug = (await socket.call("items.add", [{ title: "Mug", sku: "MUG", quantity: 2 }])).result as string;
    const stocktake = (await socket.call("stocktake.start", [["main"]])).result as string;
    const startedAt = await startedLongAgo(roomId);
    await scan(socket, stocktake, "MUG");
    await scan(socket, stocktake, "MUG");
    await socket.call("stocktake.apply", [stocktake]);
    // The Tee was counted on a phone with no line (4 of them), before one was sold.
    await socket.call("stock.adjust", [
      { itemId: tee, locationId: "main", quantity: -1, reason: "sold", priceCents: 1000 },
    ]);
    for (let n = 0; n < 4; n++) {
      expect((await scan(socket, stocktake, "TEE", { at: startedAt + 1 })).late).toBe(true);
    }
    // Kept, not counted yet; everyone sees they wait.
    expect(await stockOf(roomId, tee)).toEqual({ main: 5, [stall]: 3 });
    await socket.subscribe("stocktakes.past");
    const past = await socket.next((m) => m.msg === "added" && m.collection === "pastStocktakes");
    expect(past.fields).toMatchObject({ lateWaiting: 4 });

    expect((await socket.call("stocktake.applyLate", [stocktake])).result).toEqual({ changed: 1 });
    // Four counted, one sold since: three.
    expect(await stockOf(roomId, tee)).toEqual({ main: 3, [stall]: 3 });
    await socket.next(
      (m) =>
        m.msg === "changed" &&
        m.collection === "pastStocktakes" &&
        (m.fields as { lateWaiting?: number })?.lateWaiting === 0,
    );
    // Applying again finds nothing more.
    expect((await socket.call("stocktake.applyLate", [stocktake])).result).toEqual({ changed: 0 });
    await expectLedgerAddsUp(roomId);
    expect(mug).toBeTruthy();
    socket.close();
  });

  it("sets them aside when asked, and refuses scans of a discarded stocktake", async () => {
    const { roomId, socket, tee } = await shopWithStall();
    const applied = (await socket.call("stocktake.start")).result as string;
    await socket.call("stocktake.apply", [applied]);
    await scan(socket, applied, "TEE");
    expect((await socket.call("stocktake.discardLate", [applied])).result).toEqual({ discarded: 1 });
    expect((await socket.call("stocktake.applyLate", [applied])).result).toEqual({ changed: 0 });
    expect((await stockOf(roomId, tee)).main).toBe(6);

    const discarded = (await socket.call("stocktake.start")).result as string;
    await socket.call("stocktake.cancel", [discarded]);
    const refused = await socket.call("stocktake.scan", [discarded, "TEE"]);
    expect(refused.error).toMatchObject({ error: 409, reason: STOCKTAKE_ERROR.DISCARDED });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});

describe("who counted", () => {
  it("puts a count in the ledger as the counter's, one made together as the applier's, and never the cashier's to undo", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const [mug, jug] = (await Promise.all(
      ["MUG", "JUG"].map(
        async (sku) => (await owner.call("items.add", [{ title: sku, sku, quantity: 5 }])).result as string,
      ),
    )) as [string, string];
    const person = await signUpUser();
    expect((await owner.call("members.invite", [person.email, "cashier"])).error).toBeUndefined();
    const { socket: till } = await connectToRoom(roomId, { token: person.token });
    const stocktake = (await owner.call("stocktake.start")).result as string;
    // The cashier alone counts three mugs; the jugs are counted by both of them, two each.
    for (let n = 0; n < 3; n++) await scan(till, stocktake, "MUG");
    for (const socket of [owner, till, owner, till]) await scan(socket, stocktake, "JUG");
    expect((await owner.call("stocktake.apply", [stocktake])).result).toEqual({ changed: 2 });
    const applier = (await roomRow<{ started_by: string }>(roomId, "SELECT started_by FROM stocktakes"))?.started_by;

    const counts = await roomRows<{ id: string; item_id: string; user_id: string; note: string; quantity: number }>(
      roomId,
      "SELECT id, item_id, user_id, note, quantity FROM movements WHERE reason = 'stocktake' ORDER BY item_id",
    );
    const byItem = new Map(counts.map((row) => [row.item_id, row]));
    expect(byItem.get(mug)).toMatchObject({ user_id: person.id, note: "Counted 3", quantity: -2 });
    expect(byItem.get(jug)).toMatchObject({ user_id: applier, note: "Counted 4 by 2 people", quantity: -1 });
    // A count the cashier made is still not theirs to take back: their own sales and receipts only.
    expect((await till.call("stock.undo", [byItem.get(mug)?.id])).error).toMatchObject({
      error: 403,
      reason: "You can take back your own sales and receipts only",
    });
    await expectLedgerAddsUp(roomId);
    owner.close();
    till.close();
  });
});
