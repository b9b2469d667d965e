/**
 * One change to many items as one action (`items.bulkEdit`), undone in one
 * step (`items.bulkUndo`): all or none, stock changes as movements.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";
import { roomRows } from "./room-rows";

type Row = { title: string; price_cents: number; tags: string; quantity: number; location: string; status: string };
const rows = (roomId: string) =>
  roomRows<Row>(roomId, "SELECT title, price_cents, tags, quantity, location, status FROM items ORDER BY title");

describe("bulk edit", () => {
  it("changes price, stock, shelf, tags and status of the selected items together, refuses all when one cannot, and undoes in one step", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const add = async (fields: Record<string, unknown>) => (await socket.call("items.add", [fields])).result as string;
    const a = await add({ title: "A", priceCents: 1000, tags: ["a"], quantity: 5 });
    const b = await add({ title: "B", priceCents: 2000, tags: ["b"], quantity: 1 });
    await add({ title: "C", priceCents: 300, quantity: 2 });
    const before = await rows(roomId);

    // Two damaged each: B has one — nothing changes at all.
    const tooMany = await socket.call("items.bulkEdit", [
      [a, b],
      { price: { percent: 10 }, stock: { quantity: -2, reason: "damaged", locationId: "main" } },
    ]);
    expect(tooMany.error).toMatchObject({ error: 409, reason: "Only 1 of “B” there: that would take it below zero" });
    expect(await rows(roomId)).toEqual(before);

    const edited = await socket.call("items.bulkEdit", [
      [a, b],
      {
        price: { percent: 10 },
        stock: { quantity: 3, reason: "received", locationId: "main" },
        location: "Shelf 9",
        addTags: ["sale"],
        removeTags: ["a"],
        status: "ready",
      },
    ]);
    expect(edited.error).toBeUndefined();
    const result = edited.result as { changed: number; undo: { items: unknown[]; movements: string[] } };
    expect(result.changed).toBe(2);
    expect(result.undo.movements).toHaveLength(2);
    expect(await rows(roomId)).toEqual([
      { title: "A", price_cents: 1100, tags: '["sale"]', quantity: 8, location: "Shelf 9", status: "ready" },
      { title: "B", price_cents: 2200, tags: '["b","sale"]', quantity: 4, location: "Shelf 9", status: "ready" },
      { title: "C", price_cents: 300, tags: "[]", quantity: 2, location: "", status: "draft" },
    ]);
    expect(
      await roomRows(roomId, "SELECT reason, quantity FROM movements WHERE note = 'Bulk edit' ORDER BY rowid"),
    ).toEqual([
      { reason: "received", quantity: 3 },
      { reason: "received", quantity: 3 },
    ]);

    // Undo: everything as it was, the deliveries taken back; a second undo changes nothing more.
    expect((await socket.call("items.bulkUndo", [result.undo])).result).toBe(2);
    expect(await rows(roomId)).toEqual(before);
    expect((await socket.call("items.bulkUndo", [result.undo])).result).toBe(0);
    expect(await rows(roomId)).toEqual(before);

    const viewer = await signUpUser();
    await socket.call("members.invite", [viewer.email, "viewer"]);
    const { socket: asViewer } = await connectToRoom(roomId, { token: viewer.token });
    expect((await asViewer.call("items.bulkEdit", [[a], { status: "sold" }])).error).toMatchObject({ error: 403 });
    expect((await socket.call("items.bulkEdit", [[a], {}])).error).toMatchObject({
      error: 400,
      reason: "Choose something to change",
    });
    socket.close();
    asViewer.close();
  });
});
