/**
 * The stock report (worker/buying/stock-report.ts, docs/buying.md): a
 * period's movements by reason with their value at cost (each movement's
 * own unit value) and at what sales were for, and the slow movers — stock
 * that did not sell in the period, the costliest first.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";

const result = async <T>(socket: DdpSocket, method: string, params: unknown[]): Promise<T> => {
  const answer = await socket.call(method, params);
  expect(answer.error, method).toBeUndefined();
  return answer.result as T;
};

describe("the stock report", () => {
  it("values a period's movements by reason and lists what did not sell, the costliest first", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const start = Date.now() - 1_000;
    const back = await result<string>(socket, "locations.add", ["Back room"]);
    const mug = await result<string>(socket, "items.add", [
      { title: "Mug", sku: "MUG", quantity: 10, costCents: 200, priceCents: 1000 },
    ]);
    await result<string>(socket, "items.add", [{ title: "Bowl", sku: "BOWL", quantity: 4 }]);
    await result<string>(socket, "items.add", [{ title: "Vase", sku: "VASE", quantity: 2, costCents: 500 }]);
    const move = (quantity: number, reason: string, extra: Record<string, unknown> = {}) =>
      result(socket, "stock.adjust", [{ itemId: mug, locationId: "main", quantity, reason, ...extra }]);
    await move(5, "received", { costCents: 300 });
    // 15 held, worth (10 × 2.00 + 5 × 3.00) / 15 = 2.33 each.
    await move(-3, "sold", { priceCents: 1000 });
    await move(-1, "damaged");
    await result(socket, "stock.transfer", [{ itemId: mug, from: "main", to: back, quantity: 2 }]);

    const report = await result<{
      reasons: Record<string, unknown>[];
      slowMovers: Record<string, unknown>[];
      slowMoverCount: number;
      currency: string;
    }>(socket, "reports.stock", [{ from: start, to: Date.now() + 60_000 }]);
    expect(report.currency).toBe("USD");
    expect(report.reasons).toEqual([
      // Items added with stock come in as corrections, at their cost.
      {
        reason: "correction",
        movements: 3,
        unitsIn: 16,
        unitsOut: 0,
        costCents: 10 * 200 + 2 * 500,
        saleCents: 0,
        uncostedUnits: 4,
      },
      { reason: "damaged", movements: 1, unitsIn: 0, unitsOut: 1, costCents: -233, saleCents: 0, uncostedUnits: 0 },
      { reason: "received", movements: 1, unitsIn: 5, unitsOut: 0, costCents: 1500, saleCents: 0, uncostedUnits: 0 },
      { reason: "sold", movements: 1, unitsIn: 0, unitsOut: 3, costCents: -3 * 233, saleCents: 3000, uncostedUnits: 0 },
      // A transfer moves stock, not value.
      { reason: "transfer", movements: 2, unitsIn: 2, unitsOut: 2, costCents: 0, saleCents: 0, uncostedUnits: 0 },
    ]);
    // The mug sold; the vase (worth 10.00) and the bowl (no cost) did not.
    expect(report.slowMoverCount).toBe(2);
    expect(report.slowMovers).toEqual([
      expect.objectContaining({ title: "Vase", sku: "VASE", units: 2, costCents: 1000, lastSoldAt: null }),
      expect.objectContaining({ title: "Bowl", sku: "BOWL", units: 4, costCents: null, lastSoldAt: null }),
    ]);

    // A period after it all: nothing moved, and the mug, held, did not sell in it — with when it last did.
    const later = await result<{ reasons: unknown[]; slowMovers: { title: string; lastSoldAt: Date | null }[] }>(
      socket,
      "reports.stock",
      [{ from: Date.now() + 60_000, to: Date.now() + 120_000 }],
    );
    expect(later.reasons).toEqual([]);
    expect(later.slowMovers.map((mover) => mover.title)).toEqual(["Mug", "Vase", "Bowl"]);
    expect(later.slowMovers[0]?.lastSoldAt).toBeInstanceOf(Date);

    expect((await socket.call("reports.stock", [{ from: 10, to: 5 }])).error).toMatchObject({
      error: 400,
      reason: "The period must end after it starts",
    });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
