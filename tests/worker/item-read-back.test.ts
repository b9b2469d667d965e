/**
 * What the room announces of an item write is the row as SQLite holds it once written, read back
 * in the same write: a trigger's change to the row reaches every subscriber with the edit, never
 * left out because the row was recomputed.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type Received } from "./ddp-socket";
import { roomRow, roomRows } from "./room-rows";

describe("an item write", () => {
  it("announces the row as written, with what a trigger did to it", async () => {
    const roomId = await createRoom("Read back");
    const { socket } = await connectToRoom(roomId);
    const added = await socket.call("items.add", [{ title: "Jug", priceCents: 1200 }]);
    const itemId = added.result as string;
    // A trigger that gives a repriced item a reorder point.
    await roomRows(
      roomId,
      `CREATE TRIGGER test_reprice AFTER UPDATE OF price_cents ON items
       BEGIN UPDATE items SET reorder_point = 5 WHERE id = NEW.id; END`,
    );
    await socket.subscribe("item", [itemId]);
    const before = socket.received.length;
    expect((await socket.call("items.update", [itemId, { priceCents: 1500 }])).error).toBeUndefined();
    const changed = socket.received
      .slice(before)
      .filter((m): m is Received & { fields: Record<string, unknown> } => m.msg === "changed" && m.id === itemId);
    expect(Object.assign({}, ...changed.map((m) => m.fields))).toMatchObject({ priceCents: 1500, reorderPoint: 5 });
    expect(await roomRow(roomId, "SELECT reorder_point FROM items WHERE id = ?", itemId)).toEqual({ reorder_point: 5 });
    await roomRows(roomId, "DROP TRIGGER test_reprice");
    socket.close();
  });
});
