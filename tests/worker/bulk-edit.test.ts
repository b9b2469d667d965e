/**
 * One change to many items as one action (`items.bulkEdit`), undone in one
 * step (`items.bulkUndo`): all or none, stock changes as movements.
 */
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../protocol/api";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";
import { roomRow, roomRows } from "./room-rows";

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

  it("edits a selection bigger than one call as a job, chunk by chunk, stops where a chunk cannot be made, and undoes what it made", async () => {
    const roomId = await createRoom();
    const count = 2 * LIMITS.BULK + 37;
    await roomRows(
      roomId,
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
       INSERT INTO items (id, room_id, title, price_cents, quantity, stock, created_at, updated_at)
       SELECT ?1 || '-' || printf('%05d', i), ?1, 'Item ' || i, 1000, 0, '{}', i, i FROM n`,
      roomId,
      count,
    );
    const ids = (await roomRows<{ id: string }>(roomId, "SELECT id FROM items ORDER BY id")).map((row) => row.id);
    const { socket } = await connectToRoom(roomId);
    const edited = await socket.call("items.editSelection", [
      ids,
      { price: { percent: 10 }, addTags: ["sale"], stock: { quantity: 1, reason: "received", locationId: "main" } },
      [],
      "editJob1",
    ]);
    expect(edited.error).toBeUndefined();
    const result = edited.result as { changed: number; undo: { items: unknown[]; movements: string[] }[] };
    expect(result.changed).toBe(count);
    expect(result.undo.map((step) => step.items.length)).toEqual([LIMITS.BULK, LIMITS.BULK, 37]);
    expect(
      await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE price_cents = 1100 AND tags = '[\"sale\"]'"),
    ).toEqual({ n: count });
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM item_history WHERE via = 'bulk'")).toEqual({ n: count });
    for (const step of result.undo) await socket.call("items.bulkUndo", [step]);
    expect(
      await roomRow(
        roomId,
        "SELECT count(*) AS n FROM items WHERE price_cents = 1000 AND tags = '[]' AND quantity = 0",
      ),
    ).toEqual({ n: count });

    // One item in the second chunk holds nothing: the first chunk is made, the second and third are not.
    const received = await socket.call("items.editSelection", [
      ids,
      { stock: { quantity: 1, reason: "received", locationId: "main" } },
      [],
      "editJob3",
    ]);
    expect(received.error).toBeUndefined();
    const lost = [ids[LIMITS.BULK + 3] as string];
    expect(
      (await socket.call("items.bulkEdit", [lost, { stock: { quantity: -1, reason: "lost", locationId: "main" } }]))
        .error,
    ).toBeUndefined();
    const refused = await socket.call("items.editSelection", [
      ids,
      { stock: { quantity: -1, reason: "damaged", locationId: "main" } },
      [],
      "editJob2",
    ]);
    expect(refused.error).toMatchObject({
      error: 409,
      reason: `Only 0 of “Item ${LIMITS.BULK + 3}” there: that would take it below zero (500 were changed before it)`,
    });
    const made = (refused.error as { details: { changed: number; undo: { movements: string[] }[] } }).details;
    expect(made.changed).toBe(LIMITS.BULK);
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM movements WHERE reason = 'damaged'")).toEqual({
      n: LIMITS.BULK,
    });
    for (const step of made.undo) await socket.call("items.bulkUndo", [step]);
    // Stock is the sum of its movements, and all of it is back.
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE quantity = 1")).toEqual({ n: count - 1 });
    expect(
      await roomRow(
        roomId,
        "SELECT count(*) AS n FROM items i WHERE i.quantity <> (SELECT coalesce(sum(quantity), 0) FROM movements m WHERE m.item_id = i.id)",
      ),
    ).toEqual({ n: 0 });
    socket.close();
  });
});
