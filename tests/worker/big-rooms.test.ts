/**
 * Rooms too big to send whole (worker/inventory/items-window-feature.ts): a
 * screen gets a window of the catalogue searched, filtered and sorted by the
 * room's SQLite, kept live; a phone copies the catalogue a page at a time,
 * then only what changed.
 */
import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ItemCopyPage, LIMITS, WHOLE_CATALOGUE_REFUSED, windowCountId } from "../../protocol/api";
import { itemWindowQuery } from "../../worker/db/room/items-window-repo";
import { openRoomDatabase } from "../../worker/db/room/room-database";
import type { RoomDO } from "../../worker/objects/room-do";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { roomRows, roomStub } from "./room-rows";
import { countRoomStatements } from "./statement-counter";

const ITEMS = 3_000;
const WORDS = ["Brass lamp", "Blue vase", "Oak table", "Linen cushion", "Café chair"];

/** A room of `count` items written straight into its storage (the triggers index them as any write does). */
async function bigRoom(count = ITEMS): Promise<string> {
  const roomId = await createRoom("Big shop");
  const items = Array.from({ length: count }, (_, i) => ({
    id: `${roomId}-${String(i).padStart(5, "0")}`,
    title: `${WORDS[i % WORDS.length]} ${i}`,
    status: i % 3 === 0 ? "ready" : "draft",
    tags: JSON.stringify(i % 10 === 0 ? ["sale"] : []),
    price: (i * 37) % 10_000,
    at: 1_000 + i,
  }));
  await roomRows(
    roomId,
    `INSERT INTO items (id, room_id, title, status, tags, price_cents, created_at, updated_at)
     SELECT value ->> '$.id', ?1, value ->> '$.title', value ->> '$.status', value ->> '$.tags',
            value ->> '$.price', value ->> '$.at', value ->> '$.at'
     FROM json_each(?2)`,
    roomId,
    JSON.stringify(items),
  );
  return roomId;
}

type Query = { text?: string; status?: string; tag?: string; sort?: string; descending?: boolean; limit?: number };

/** The window's items in order, as the subscriber holds them, and its count. */
async function openWindow(socket: DdpSocket, query: Query, subId: string) {
  expect((await socket.subscribe("items.window", [query], subId)).msg).toBe("ready");
}

const indexed = async (roomId: string, doneKey: string) =>
  (await roomRows(roomId, "SELECT 1 FROM room_state WHERE key = ?", doneKey)).length;

/**
 * The room as one with items from before an index kept by triggers: opened (so its own marks are set),
 * then the index emptied and its backfill's mark taken away. Answers a connection opened meanwhile.
 */
async function asBeforeIndex(roomId: string, table: string, doneKey: string): Promise<DdpSocket> {
  const { socket } = await connectToRoom(roomId);
  await expect.poll(() => indexed(roomId, doneKey)).toBe(1);
  await roomRows(roomId, `DELETE FROM ${table}`);
  await roomRows(roomId, "DELETE FROM room_state WHERE key = ?", doneKey);
  return socket;
}

/** Connects to the room (waking it) and waits until its backfill has indexed every item. */
async function whenIndexed(roomId: string, doneKey: string): Promise<DdpSocket> {
  const { socket } = await connectToRoom(roomId);
  await expect.poll(() => indexed(roomId, doneKey)).toBe(1);
  return socket;
}

function countOf(socket: DdpSocket, query: { text?: string; status?: string; tag?: string }): number | undefined {
  const id = windowCountId({
    text: query.text ?? "",
    status: (query.status ?? "all") as "all",
    tag: query.tag ?? "",
    low: false,
  });
  let total: number | undefined;
  for (const m of socket.received) {
    if (m.collection === "itemCounts" && m.id === id && (m.msg === "added" || m.msg === "changed"))
      total = (m.fields as { total: number }).total;
  }
  return total;
}

/** What a room's object holds for three people, each with a window of 50 open, after each edits. */
async function heldForThreeWindows(roomId: string) {
  const sockets = [];
  for (let i = 0; i < 3; i++) {
    const { socket } = await connectToRoom(roomId);
    await openWindow(socket, { sort: "title", descending: false, limit: 50 }, `w${i}`);
    sockets.push(socket);
  }
  for (const socket of sockets) {
    const added = await socket.call("items.add", [{ title: "Aardvark bookend" }]);
    expect(added.error).toBeUndefined();
  }
  const held = await runInDurableObject(env.ROOM.getByName(roomId), (room: RoomDO) => room.liveDocuments());
  for (const socket of sockets) socket.close();
  return held;
}

describe("big rooms", () => {
  it("hold in memory what their screens show, not the room: a room of 3,000 items holds what one of 60 does", async () => {
    const big = await heldForThreeWindows(await bigRoom());
    const small = await heldForThreeWindows(await bigRoom(60));
    expect(big.connections).toBe(3);
    expect(big).toEqual(small);
    // Three windows of 50 and what every connection gets besides (the room, its members…), nothing more.
    expect(big.sent).toBeLessThan(3 * 60);
  });

  it("sends a screen only its window, sorted by the room's SQLite, with how many match", async () => {
    const roomId = await bigRoom();
    const { socket } = await connectToRoom(roomId);
    await openWindow(socket, { sort: "priceCents", descending: false, limit: 40 }, "w");
    const docs = socket.held("items");
    expect(docs.size).toBe(40);
    const prices = [...docs.values()].map((doc) => doc.priceCents as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(countOf(socket, {})).toBe(ITEMS);
    socket.close();
  });

  it("searches any part of a word (the start of one for a word of one or two letters), ignoring case and accents, and filters by status and tag", async () => {
    const roomId = await bigRoom();
    const { socket } = await connectToRoom(roomId);
    await openWindow(socket, { text: "RASS 17", limit: 1_000 }, "search");
    // Brass lamps are every fifth item from the first; "rass" is part of a word, in another case; "17" starts one.
    const expected = Array.from({ length: ITEMS }, (_, i) => i).filter(
      (i) => i % WORDS.length === 0 && `${i}`.startsWith("17"),
    );
    expect(socket.held("items").size).toBe(expected.length);
    expect(countOf(socket, { text: "RASS 17" })).toBe(expected.length);
    socket.close();

    const { socket: other } = await connectToRoom(roomId);
    await openWindow(other, { text: "cafe", status: "ready", tag: "sale", limit: 1_000 }, "filtered");
    const cafes = Array.from({ length: ITEMS }, (_, i) => i).filter(
      (i) => i % WORDS.length === 4 && i % 3 === 0 && i % 10 === 0,
    );
    expect(other.held("items").size).toBe(cafes.length);
    for (const doc of other.held("items").values()) expect(doc.title).toMatch(/^Café chair/);
    other.close();
  });

  it("keeps the window live: an item that sorts into it comes in, the last one goes, the count follows", async () => {
    const roomId = await bigRoom();
    const { socket } = await connectToRoom(roomId);
    await openWindow(socket, { sort: "title", descending: false, limit: 10 }, "w");
    const before = [...socket.held("items").keys()];
    const added = await socket.call("items.add", [{ title: "Aardvark bookend" }]);
    const newId = added.result as string;
    await socket.next((m) => m.msg === "added" && m.id === newId);
    const after = socket.held("items");
    expect(after.size).toBe(10);
    expect(after.has(newId)).toBe(true);
    expect(after.has(before.at(-1) as string)).toBe(false);
    expect(countOf(socket, {})).toBe(ITEMS + 1);

    // Renamed out of the window's reach, it leaves; the one it pushed out comes back.
    await socket.call("items.update", [newId, { title: "Zebra bookend" }]);
    await socket.next((m) => m.msg === "removed" && m.id === newId);
    expect([...socket.held("items").keys()].sort()).toEqual([...before].sort());
    socket.close();
  });

  it("copies the catalogue to a phone a page at a time, then sends only what changed", async () => {
    const roomId = await bigRoom();
    const { socket } = await connectToRoom(roomId);
    const copy = new Map<string, unknown>();
    let seq = 0;
    let pages = 0;
    for (let more = true; more; pages++) {
      const page = (await socket.call("items.copy", [seq, 1_000])).result as ItemCopyPage;
      for (const item of page.items) copy.set(item._id, item);
      expect(page.removed).toEqual([]);
      expect(page.seq).toBeGreaterThan(seq);
      seq = page.seq;
      more = page.more;
    }
    expect(copy.size).toBe(ITEMS);
    expect(pages).toBe(Math.ceil(ITEMS / 1_000));

    const [first, second] = [...copy.keys()];
    await socket.call("items.update", [first, { quantity: 9 }]);
    await socket.call("items.remove", [second]);
    const changes = (await socket.call("items.copy", [seq])).result as ItemCopyPage;
    expect(changes.items.map((item) => [item._id, item.quantity])).toEqual([[first, 9]]);
    expect(changes.removed).toEqual([second]);
    expect(changes.more).toBe(false);
    // Nothing since: an empty page at the same point.
    expect((await socket.call("items.copy", [changes.seq])).result).toEqual({
      items: [],
      removed: [],
      seq: changes.seq,
      more: false,
    });
    socket.close();
  });

  it("counts up to 10,000 and says when there are more, so no count walks a whole huge room", async () => {
    const roomId = await createRoom();
    await roomRows(
      roomId,
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 10049)
       INSERT INTO items (id, room_id, title, created_at, updated_at) SELECT ?1 || '-' || i, ?1, 'Item ' || i, i, i FROM n`,
      roomId,
    );
    const { socket } = await connectToRoom(roomId);
    await openWindow(socket, { limit: 10 }, "w");
    const id = windowCountId({ text: "", status: "all", tag: "", low: false });
    const count = socket.received.find((m) => m.collection === "itemCounts" && m.id === id);
    expect(count?.fields).toEqual({ total: 10_000, more: true });
    socket.close();
  });

  it("refuses to send a room above the big-room size whole, whoever asks, and sends it windows instead", async () => {
    const roomId = await bigRoom(LIMITS.BIG_ROOM + 1);
    const { socket } = await connectToRoom(roomId);
    const refused = await socket.subscribe("items", [], "whole");
    expect(refused).toMatchObject({ msg: "nosub", error: { error: 413, reason: WHOLE_CATALOGUE_REFUSED } });
    expect(socket.held("items").size).toBe(0);
    await openWindow(socket, { limit: 50 }, "w");
    expect(socket.held("items").size).toBe(50);
    socket.close();
    // A room at the size is still sent whole.
    const atSize = await bigRoom(LIMITS.BIG_ROOM);
    const { socket: small } = await connectToRoom(atSize);
    expect((await small.subscribe("items", [], "whole")).msg).toBe("ready");
    expect(small.held("items").size).toBe(LIMITS.BIG_ROOM);
    small.close();
  });

  it("reads a window once per write however many people have it open", async () => {
    const roomId = await bigRoom(200);
    const people = [];
    for (let i = 0; i < 5; i++) {
      const { socket } = await connectToRoom(roomId);
      await openWindow(socket, { sort: "title", descending: false, limit: 50 }, "w");
      people.push(socket);
    }
    const windowReads = await countRoomStatements(roomId, /from "items".*order by/i);
    const [writer] = people as [DdpSocket];
    const added = (await writer.call("items.add", [{ title: "Aardvark bookend" }])).result as string;
    for (const socket of people) await expect.poll(() => socket.held("items").has(added)).toBe(true);
    expect(await windowReads()).toBe(1);
    for (const socket of people) socket.close();
  });

  it("filters by tag through the tags' index, indexing a room's older items after it opens while it serves", async () => {
    const roomId = await bigRoom(1_200);
    const saleCount = 120; // every tenth item of bigRoom is tagged "sale"
    const before = await asBeforeIndex(roomId, "item_tags", "item-tags-indexed");
    await openWindow(before, { tag: "sale", limit: 1_000 }, "tagged");
    expect(countOf(before, { tag: "sale" })).toBe(saleCount);
    before.close();
    await evictDurableObject(roomStub(roomId));
    // Woken, it indexes them a chunk at a time; the filter answers the same meanwhile and after.
    const socket = await whenIndexed(roomId, "item-tags-indexed");
    expect(await roomRows(roomId, "SELECT count(*) AS n FROM item_tags WHERE tag = 'sale'")).toEqual([
      { n: saleCount },
    ]);
    await openWindow(socket, { tag: "sale", limit: 1_000 }, "tagged");
    expect(countOf(socket, { tag: "sale" })).toBe(saleCount);
    const plan = await roomRows<{ detail: string }>(
      roomId,
      "EXPLAIN QUERY PLAN SELECT item_id FROM item_tags WHERE tag = ?",
      "sale",
    );
    expect(plan.map((row) => row.detail).join("; ")).toMatch(/item_tags USING (PRIMARY KEY|COVERING INDEX)/);
    socket.close();
  });

  it("finds words of one or two letters through the index of words' first letters, indexing a room's older items after it opens", async () => {
    const roomId = await bigRoom(1_200);
    // "Oak table <i>": the 17s are 17 and 170–179.
    const oaks17 = Array.from({ length: 1_200 }, (_, i) => i).filter(
      (i) => i % WORDS.length === 2 && `${i}`.startsWith("17"),
    ).length;
    const before = await asBeforeIndex(roomId, "items_words", "item-words-indexed");
    await openWindow(before, { text: "oa 17", limit: 1_000 }, "short");
    expect(countOf(before, { text: "oa 17" })).toBe(oaks17);
    before.close();
    await evictDurableObject(roomStub(roomId));
    // Woken, it indexes them a chunk at a time; the search answers the same meanwhile and after.
    const socket = await whenIndexed(roomId, "item-words-indexed");
    await openWindow(socket, { text: "oa 17", limit: 1_000 }, "short");
    expect(countOf(socket, { text: "oa 17" })).toBe(oaks17);
    // A "word" of no letter or digit narrows nothing, as in the browser.
    await openWindow(socket, { text: "oa & 17", limit: 1_000 }, "punctuated");
    expect(countOf(socket, { text: "oa & 17" })).toBe(oaks17);
    // An item's words follow its edits.
    const renamed = `${roomId}-00172`;
    expect((await socket.call("items.update", [renamed, { title: "Walnut stool 172" }])).error).toBeUndefined();
    await openWindow(socket, { text: "oa 17", limit: 1_000 }, "after-edit");
    expect(countOf(socket, { text: "oa 17" })).toBe(oaks17 - 1);
    socket.close();

    const plan = await runInDurableObject(roomStub(roomId), (_instance, state) => {
      const query = itemWindowQuery(openRoomDatabase(state.storage), roomId, {
        text: "oa",
        status: "all",
        tag: "",
        low: false,
        sort: "createdAt",
        descending: true,
        limit: 50,
      }).toSQL();
      return state.storage.sql
        .exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${query.sql}`, ...(query.params as SqlStorageValue[]))
        .toArray()
        .map((row) => row.detail)
        .join("; ");
    });
    expect(plan).toMatch(/items_words VIRTUAL TABLE INDEX/);
  });

  it("refuses a window it cannot serve, in words", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const refused = await socket.subscribe("items.window", [{ limit: 100_000 }], "too-big");
    expect(refused).toMatchObject({ msg: "nosub", error: { error: 400, reason: "limit must be at most 1000" } });
    socket.close();
  });

  it("filters low stock through the indexes of the items that can be low, never reading the whole room", async () => {
    const roomId = await bigRoom();
    // Of 3,000 items: two with a reorder point (one low), two with a point at a place (one low), two sold in
    // variants (one with a low variant).
    const id = (i: number) => `${roomId}-${String(i).padStart(5, "0")}`;
    const variants = (low: boolean) =>
      JSON.stringify([
        { _id: "v1", values: ["S"], quantity: low ? 1 : 9, reorderPoint: 2, stock: { main: low ? 1 : 9 } },
        { _id: "v2", values: ["M"], quantity: 9, reorderPoint: null, stock: { main: 9 } },
      ]);
    await roomRows(
      roomId,
      `UPDATE items SET
         quantity = CASE id WHEN ?1 THEN 1 WHEN ?2 THEN 8 WHEN ?3 THEN 0 WHEN ?4 THEN 5 ELSE quantity END,
         stock = CASE id WHEN ?3 THEN '{}' WHEN ?4 THEN '{"main":5}' ELSE stock END,
         reorder_point = CASE id WHEN ?1 THEN 3 WHEN ?2 THEN 3 ELSE reorder_point END,
         location_reorder_points = CASE id WHEN ?3 THEN '{"main":2}' WHEN ?4 THEN '{"main":2}' ELSE location_reorder_points END,
         options = CASE id WHEN ?5 THEN '["Size"]' WHEN ?6 THEN '["Size"]' ELSE options END,
         variants = CASE id WHEN ?5 THEN ?7 WHEN ?6 THEN ?8 ELSE variants END
       WHERE id IN (?1, ?2, ?3, ?4, ?5, ?6)`,
      id(10),
      id(11),
      id(20),
      id(21),
      id(30),
      id(31),
      variants(true),
      variants(false),
    );
    const { socket } = await connectToRoom(roomId);
    await openWindow(socket, { limit: 1_000, low: true } as Query, "low");
    const shown = socket.received
      .filter((m) => m.msg === "added" && m.collection === "items")
      .map((m) => m.id)
      .sort();
    expect(shown).toEqual([id(10), id(20), id(30)]);
    socket.close();

    // Its plan: each kind read by its own partial index; the room's 3,000 items are not scanned.
    const plan = await runInDurableObject(roomStub(roomId), (_instance, state) => {
      const query = itemWindowQuery(openRoomDatabase(state.storage), roomId, {
        text: "",
        status: "all",
        tag: "",
        low: true,
        sort: "createdAt",
        descending: true,
        limit: 50,
      }).toSQL();
      return state.storage.sql
        .exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${query.sql}`, ...(query.params as SqlStorageValue[]))
        .toArray()
        .map((row) => row.detail);
    });
    const steps = plan.join("; ");
    for (const index of ["items_reorder_idx", "items_location_reorder_idx", "items_variants_idx"]) {
      expect(steps).toContain(index);
    }
    // The low items lead, found by rowid and then sorted: no index that holds every item is walked.
    expect(plan[0]).toBe("SEARCH items USING INTEGER PRIMARY KEY (rowid=?)");
    expect(steps).not.toMatch(/SCAN items\b|items_created_idx|items_room_idx|items_room_created_idx/);
  });
});
