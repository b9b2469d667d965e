/**
 * A room made by the previous release kept its rows in D1's shared tables.
 * On its first wake after the upgrade it moves them into its own SQLite
 * (worker/db/room/room-upgrade.ts) and serves from there; the rows here are
 * written as the previous release wrote them.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deleteMovedRows, MOVED_ROWS_KEPT_MS } from "../../worker/db/directory/legacy-rows-job";
import { MOVED_TABLES } from "../../worker/db/room/room-database";
import { connectToRoom, createRoom } from "./ddp-socket";
import { roomRow, roomRows, roomStub } from "./room-rows";

const ITEMS = 1_203;

/** The room as the previous release left it: its rows in D1, not yet moved. */
async function roomOfPreviousRelease(): Promise<string> {
  const roomId = await createRoom("Old shop");
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    id: `${roomId}-${i}`,
    title: `Old item ${i}`,
    sku: `OLD-${i}`,
    at: 1_000 + i,
  }));
  await env.DB.batch([
    env.DB.prepare("UPDATE rooms SET rows_moved_at = NULL WHERE id = ?").bind(roomId),
    env.DB.prepare(
      `INSERT INTO items (id, room_id, title, sku, quantity, created_at, updated_at)
       SELECT value ->> '$.id', ?1, value ->> '$.title', value ->> '$.sku', 2, value ->> '$.at', value ->> '$.at'
       FROM json_each(?2)`,
    ).bind(roomId, JSON.stringify(items)),
    env.DB.prepare(
      `INSERT INTO item_history (id, room_id, item_id, user_id, action, changes, at)
       SELECT 'h-' || (value ->> '$.id'), ?1, value ->> '$.id', 'someone', 'created', '{}', value ->> '$.at'
       FROM json_each(?2)`,
    ).bind(roomId, JSON.stringify(items)),
    env.DB.prepare(
      `INSERT INTO orders (id, room_id, store_order_id, name, currency, total_cents, created_at, updated_at)
       VALUES (?1, ?2, 'gid://shopify/Order/1', '#1001', 'EUR', 2450, 5000, 5000)`,
    ).bind(`${roomId}-order`, roomId),
    env.DB.prepare(
      `INSERT INTO stocktakes (id, room_id, status, started_by, started_at, ended_by, ended_at)
       VALUES (?1, ?2, 'applied', 'someone', 6000, 'someone', 7000)`,
    ).bind(`${roomId}-count`, roomId),
  ]);
  return roomId;
}

describe("moving a room's rows from D1 into its own storage", () => {
  it("copies every row on the room's first wake, in chunks, and serves them from its own SQLite", async () => {
    const roomId = await roomOfPreviousRelease();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.subscribe("items", [], "items")).msg).toBe("ready");
    const added = socket.received.filter((m) => m.msg === "added" && m.collection === "items");
    expect(added).toHaveLength(ITEMS);
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM item_history WHERE room_id = ?", roomId)).toEqual({
      n: ITEMS,
    });
    expect(await roomRows(roomId, "SELECT name, total_cents FROM orders")).toEqual([
      { name: "#1001", total_cents: 2450 },
    ]);
    expect(await roomRows(roomId, "SELECT status FROM stocktakes")).toEqual([{ status: "applied" }]);
    // Its stock starts its ledger: each item's units at the first location, as an opening correction.
    expect(
      await roomRow(roomId, "SELECT count(*) AS n FROM movements WHERE note = 'Opening stock' AND quantity = 2"),
    ).toEqual({
      n: ITEMS,
    });
    expect(await roomRows(roomId, "SELECT DISTINCT stock FROM items")).toEqual([{ stock: '{"main":2}' }]);
    // The directory says the room has moved (the clean-up may now delete its D1 rows).
    const room = await env.DB.prepare("SELECT rows_moved_at FROM rooms WHERE id = ?").bind(roomId).first();
    expect(room?.rows_moved_at).toEqual(expect.any(Number));

    // Edits go to the room's own rows: a SKU moved with its item is still taken.
    const taken = await socket.call("items.add", [{ title: "New", sku: "OLD-7" }]);
    expect(taken.error).toMatchObject({ error: 409 });
    socket.close();
  });

  it("takes connections while it moves: its people log in and see how far it got, and what needs its rows waits", async () => {
    const roomId = await roomOfPreviousRelease();
    // The move's chunk reads wait for the test (a slow D1, in effect); everything else goes through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await runInDurableObject(roomStub(roomId), (instance) => {
      const object = instance as unknown as { env: Env };
      const db = object.env.DB;
      const holding = {
        prepare: (query: string) => {
          const statement = db.prepare(query);
          if (!query.includes("moved_rowid")) return statement;
          return {
            bind: (...values: unknown[]) => {
              const bound = statement.bind(...values);
              return {
                all: async () => {
                  await held;
                  return bound.all();
                },
              };
            },
          };
        },
        batch: (statements: D1PreparedStatement[]) => db.batch(statements),
        exec: (query: string) => db.exec(query),
      };
      object.env = { ...object.env, DB: holding as unknown as D1Database };
    });

    // Logged in while nothing has moved yet.
    const { socket } = await connectToRoom(roomId);
    const opening = await socket.next((m) => m.msg === "added" && m.collection === "roomOpening");
    expect(opening.fields).toEqual({ copied: 0, total: 2 * ITEMS + 2 });
    const subscribed = socket.subscribe("items", [], "items");
    // The ping is answered; the subscription, which reads the rows, waits for them.
    await socket.roundTrip();
    expect(socket.received.some((m) => m.msg === "ready" || m.collection === "items")).toBe(false);

    release();
    expect((await subscribed).msg).toBe("ready");
    expect(socket.received.filter((m) => m.msg === "added" && m.collection === "items")).toHaveLength(ITEMS);
    const ended = socket.received.findIndex((m) => m.msg === "removed" && m.collection === "roomOpening");
    const ready = socket.received.findIndex((m) => m.msg === "ready");
    expect(ended).toBeGreaterThan(-1);
    expect(ended).toBeLessThan(ready);
    socket.close();
  });

  it("a copy cut off part-way goes on from where it stopped and counts nothing twice", async () => {
    const roomId = await roomOfPreviousRelease();
    // As if an earlier wake copied the first chunk of items and then stopped.
    const firstChunk = await env.DB.prepare(
      "SELECT rowid AS r, * FROM items WHERE room_id = ? ORDER BY rowid LIMIT 500",
    )
      .bind(roomId)
      .all<Record<string, SqlStorageValue>>();
    const last = Number(firstChunk.results.at(-1)?.r);
    for (const { r: _, ...row } of firstChunk.results) {
      const columns = Object.keys(row);
      await roomRows(
        roomId,
        `INSERT INTO items (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        ...Object.values(row),
      );
    }
    await roomRows(
      roomId,
      "INSERT INTO room_state (key, value, updated_at) VALUES ('rows-moving', ?, 1)",
      // Deliberately one chunk back: the rows already here are skipped, not doubled.
      JSON.stringify({ table: 0, afterRowId: last - 100 }),
    );
    const { socket } = await connectToRoom(roomId);
    expect((await socket.subscribe("items", [], "items")).msg).toBe("ready");
    expect(socket.received.filter((m) => m.msg === "added" && m.collection === "items")).toHaveLength(ITEMS);
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items")).toEqual({ n: ITEMS });
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM item_history")).toEqual({ n: ITEMS });
    socket.close();
  });

  it("opens when a move was cut off after its last chunk, before it was marked done", async () => {
    const roomId = await roomOfPreviousRelease();
    await roomRows(
      roomId,
      "INSERT INTO room_state (key, value, updated_at) VALUES ('rows-moving', ?, 1)",
      JSON.stringify({ table: MOVED_TABLES.length, afterRowId: 0 }),
    );
    const { socket } = await connectToRoom(roomId);
    expect((await socket.subscribe("items", [], "items")).msg).toBe("ready");
    const room = await env.DB.prepare("SELECT rows_moved_at FROM rooms WHERE id = ?").bind(roomId).first();
    expect(room?.rows_moved_at).toEqual(expect.any(Number));
    socket.close();
  });

  it("a room made by this release has nothing to move: its rows are only in its own storage", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("items.add", [{ title: "Fresh" }])).error).toBeUndefined();
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items")).toEqual({ n: 1 });
    const legacy = await env.DB.prepare("SELECT count(*) AS n FROM items WHERE room_id = ?").bind(roomId).first();
    expect(legacy?.n).toBe(0);
    socket.close();
  });

  it("deletes a moved room's D1 rows a day after the move, and leaves a room not yet moved alone", async () => {
    const moved = await roomOfPreviousRelease();
    const waiting = await roomOfPreviousRelease();
    const { socket } = await connectToRoom(moved);
    expect((await socket.subscribe("items", [], "items")).msg).toBe("ready");
    socket.close();
    const legacyCount = async (roomId: string) =>
      (
        await env.DB.prepare(
          `SELECT (SELECT count(*) FROM items WHERE room_id = ?1) + (SELECT count(*) FROM item_history WHERE room_id = ?1)
              + (SELECT count(*) FROM orders WHERE room_id = ?1) + (SELECT count(*) FROM stocktakes WHERE room_id = ?1) AS n`,
        )
          .bind(roomId)
          .first<{ n: number }>()
      )?.n;
    const movedAt = (
      await env.DB.prepare("SELECT rows_moved_at AS at FROM rooms WHERE id = ?").bind(moved).first<{
        at: number;
      }>()
    )?.at as number;

    // Within the day the copy stays (a release rolled back the same day still finds it).
    await deleteMovedRows(env.DB, movedAt + MOVED_ROWS_KEPT_MS - 60_000);
    expect(await legacyCount(moved)).toBe(2 * ITEMS + 2);

    // Runs are bounded: a few cron runs after the day, every copied row is gone.
    for (let run = 0; run < 5 && (await legacyCount(moved)) !== 0; run++) {
      await deleteMovedRows(env.DB, movedAt + MOVED_ROWS_KEPT_MS);
    }
    expect(await legacyCount(moved)).toBe(0);
    expect(await legacyCount(waiting)).toBe(2 * ITEMS + 2);
    // The room still serves everything from its own storage.
    expect(await roomRow(moved, "SELECT count(*) AS n FROM items")).toEqual({ n: ITEMS });
  });
});
