/**
 * A sale is never lost (docs/stock.md): a sale with none left where it was
 * made — two people sold the last one, one of them offline — is recorded,
 * the count goes below zero there, and the dashboard lists it as needing a
 * count until one sets it right. Other ways out (damaged, lost) are still
 * refused below zero.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow } from "./room-rows";

async function belowZeroShown(socket: DdpSocket) {
  const fields = (await socket.next((m) => m.collection === "dashboard" && m.id === "summary" && m.msg !== "removed"))
    .fields as { belowZero?: { count: number; items: unknown[] } };
  return fields.belowZero;
}

describe("a sale is never lost", () => {
  it("records a sale of the last unit twice over, goes below zero, and says it needs a count", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const tee = (await socket.call("items.add", [{ title: "Tee L", quantity: 1 }])).result as string;
    const sell = () =>
      socket.call("stock.adjust", [
        { itemId: tee, locationId: "main", quantity: -1, reason: "sold", priceCents: 2000 },
      ]);
    expect((await sell()).error).toBeUndefined();
    // The second person's sale of the same last unit (made offline, sent when back): kept.
    expect((await sell()).error).toBeUndefined();
    const row = await roomRow<{ quantity: number; stock: string }>(roomId, "SELECT quantity, stock FROM items");
    expect(row).toEqual({ quantity: -1, stock: JSON.stringify({ main: -1 }) });

    await socket.subscribe("dashboard");
    expect(await belowZeroShown(socket)).toEqual({
      count: 1,
      items: [{ itemId: tee, variantId: tee, locationId: "main", title: "Tee L", units: -1 }],
    });
    // Damage is not a sale: it is still refused below zero.
    const damaged = await socket.call("stock.adjust", [
      { itemId: tee, locationId: "main", quantity: -1, reason: "damaged" },
    ]);
    expect(damaged.error).toMatchObject({ error: 409 });

    // A count sets it right, and the dashboard no longer lists it.
    expect((await socket.call("items.update", [tee, { quantity: 0 }])).error).toBeUndefined();
    await expect.poll(async () => (await belowZeroShown(socket))?.count, { timeout: 10_000 }).toBe(0);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
