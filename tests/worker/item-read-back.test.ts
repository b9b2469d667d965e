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

  it("reads every written item back once the whole write has run: a movement's trigger is in what a sale and a bulk edit announce", async () => {
    const roomId = await createRoom("Read back after the movements");
    const { socket } = await connectToRoom(roomId);
    const mug = (await socket.call("items.add", [{ title: "Mug", priceCents: 800, quantity: 5 }])).result as string;
    const jug = (await socket.call("items.add", [{ title: "Jug", priceCents: 900, quantity: 5 }])).result as string;
    // A trigger on the ledger, not on the item: it runs after the item's own UPDATE in the same transaction.
    await roomRows(
      roomId,
      `CREATE TRIGGER test_moved AFTER INSERT ON movements
       BEGIN UPDATE items SET location = 'Moved ' || NEW.reason WHERE id = NEW.item_id; END`,
    );
    await socket.subscribe("item", [mug]);
    await socket.subscribe("item", [jug]);
    const fieldsOf = (from: number, id: string) =>
      Object.assign(
        {},
        ...socket.received
          .slice(from)
          .filter((m): m is Received & { fields: Record<string, unknown> } => m.msg === "changed" && m.id === id)
          .map((m) => m.fields),
      );

    let from = socket.received.length;
    const sale = [{ itemId: mug, locationId: "main", quantity: -1, reason: "sold" }];
    expect((await socket.call("stock.adjust", sale)).error).toBeUndefined();
    expect(fieldsOf(from, mug)).toMatchObject({ quantity: 4, location: "Moved sold" });

    from = socket.received.length;
    const bulk = [[mug, jug], { stock: { quantity: 2, reason: "received", locationId: "main" } }];
    expect((await socket.call("items.bulkEdit", bulk)).error).toBeUndefined();
    expect(fieldsOf(from, mug)).toMatchObject({ quantity: 6, location: "Moved received" });
    expect(fieldsOf(from, jug)).toMatchObject({ quantity: 7, location: "Moved received" });
    await roomRows(roomId, "DROP TRIGGER test_moved");
    // Stock is the sum of its movements, for both.
    expect(
      await roomRows(
        roomId,
        `SELECT i.quantity AS held, (SELECT SUM(quantity) FROM movements m WHERE m.item_id = i.id) AS moved
         FROM items i ORDER BY title`,
      ),
    ).toEqual([
      { held: 7, moved: 7 },
      { held: 6, moved: 6 },
    ]);
    socket.close();
  });
});
