import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seededId } from "../../protocol/random-stream";
import { LiveStorage, METHOD_CACHE_TTL_MS } from "../../worker/live/live-storage";
import { connectToRoom, createRoom, DdpSocket, signUpUser } from "./ddp-socket";
import { roomRow } from "./room-rows";

async function itemCount(roomId: string): Promise<number> {
  const row = await roomRow<{ n: number }>(roomId, "SELECT COUNT(*) AS n FROM items WHERE room_id = ?", roomId);
  return row?.n ?? 0;
}

describe("exactly-once methods", () => {
  it("runs a method once when its connection drops before the result", async () => {
    const roomId = await createRoom();
    const first = await connectToRoom(roomId);
    // Send and drop at once: the result can never reach this socket.
    first.socket.send({ msg: "method", id: "7", method: "items.add", params: [{ title: "Only once" }] });
    first.socket.close();

    const second = await connectToRoom(roomId, { session: first.session });
    expect(second.session).toBe(first.session);
    const resent = await second.socket.call("items.add", [{ title: "Only once" }], "7");
    expect(typeof resent.result).toBe("string");
    expect(await itemCount(roomId)).toBe(1);

    // A third re-send of the same id is answered from the cache with the same id.
    const again = await second.socket.call("items.add", [{ title: "Only once" }], "7");
    expect(again.result).toBe(resent.result);
    expect(await itemCount(roomId)).toBe(1);
    second.socket.close();
  });

  it("answers a re-send from the cache even after the object was evicted", async () => {
    const roomId = await createRoom();
    const { socket, session } = await connectToRoom(roomId);
    const original = await socket.call("items.add", [{ title: "Cached" }], "1");
    socket.close();
    await evictDurableObject(env.ROOM.getByName(roomId));
    const again = await connectToRoom(roomId, { session: session });
    const resent = await again.socket.call("items.add", [{ title: "Cached" }], "1");
    expect(resent.result).toBe(original.result);
    expect(await itemCount(roomId)).toBe(1);
    again.socket.close();
  });

  it("forgets a cached result once it is 15 minutes old, and frees its storage", async () => {
    const roomId = await createRoom();
    await runInDurableObject(env.ROOM.getByName(roomId), async (_instance, state) => {
      const storage = new LiveStorage(state.storage);
      const frames = ['{"msg":"result","id":"m1"}'];
      // Answered a second before a 15-minute boundary, so re-sends just after it look in the previous bucket.
      const at = (Math.floor(Date.now() / METHOD_CACHE_TTL_MS) + 1) * METHOD_CACHE_TTL_MS - 1_000;
      storage.cacheResult("s1", "m1", "u1", frames, at);
      await scheduler.wait(20); // the write's own turn
      expect(storage.cachedResult("s1", "m1", "u1", true, at + 60_000)).toEqual(frames);
      // Only to the user it was computed for.
      expect(storage.cachedResult("s1", "m1", "u2", true, at + 60_000)).toBeNull();
      // Pruning keeps what is within 15 minutes.
      storage.pruneExpired(at + METHOD_CACHE_TTL_MS - 1);
      expect(storage.cachedResult("s1", "m1", "u1", true, at + METHOD_CACHE_TTL_MS - 1)).toEqual(frames);
      expect(storage.cachedResult("s1", "m1", "u1", true, at + METHOD_CACHE_TTL_MS + 1)).toBeNull();
      storage.pruneExpired(at + 2 * METHOD_CACHE_TTL_MS + 1);
      expect([...state.storage.kv.list({ prefix: "live:result:" })]).toEqual([]);
    });
  });

  it("still answers re-sends from results an earlier version kept in SQLite, then drops that table", async () => {
    const roomId = await createRoom();
    await runInDurableObject(env.ROOM.getByName(roomId), (_instance, state) => {
      const at = Date.now();
      state.storage.sql.exec(`CREATE TABLE IF NOT EXISTS live_method_results (
        session TEXT NOT NULL, id TEXT NOT NULL, user_id TEXT, frames TEXT NOT NULL, at INTEGER NOT NULL,
        PRIMARY KEY (session, id))`);
      state.storage.sql.exec(
        "INSERT INTO live_method_results VALUES ('s1', 'm1', 'u1', ?, ?)",
        JSON.stringify(["old frame"]),
        at,
      );
      const storage = new LiveStorage(state.storage);
      expect(storage.cachedResult("s1", "m1", "u1", true, at + 1_000)).toEqual(["old frame"]);
      storage.pruneExpired(at + METHOD_CACHE_TTL_MS + 1);
      const tables = state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'live_method_results'");
      expect(tables.toArray()).toEqual([]);
      expect(storage.cachedResult("s1", "m1", "u1", true, at + 1_000)).toBeNull();
    });
  });

  it("gives a re-sent create one effect even when its result was never cached (the write failed)", async () => {
    const roomId = await createRoom();
    // The result-cache write fails, as seen under database contention.
    await runInDurableObject(env.ROOM.getByName(roomId), (instance) => {
      const storage = (instance as unknown as { storage: { cacheResult: () => void } }).storage;
      storage.cacheResult = () => {
        throw new Error("injected: the result cache could not be written");
      };
    });
    const first = await connectToRoom(roomId);
    const call = { msg: "method", id: "m1", method: "items.add", params: [{ title: "Once" }], randomSeed: "seed-once" };
    first.socket.send(call);
    const answered = await first.socket.next((m) => m.msg === "result" && m.id === "m1");
    first.socket.close();
    expect(answered.result).toBe(seededId("seed-once", "items"));

    // Re-sent on the same session: no cache to answer from, so it runs again — and finds its item.
    const second = await connectToRoom(roomId, { session: first.session });
    second.socket.send(call);
    const resent = await second.socket.next((m) => m.msg === "result" && m.id === "m1");
    expect(resent.result).toBe(answered.result);
    second.socket.close();
    // Re-sent hours later on a new session, with the same seed: still one item.
    const later = await connectToRoom(roomId);
    const lateAnswer = await later.socket.call("items.add", [{ title: "Once" }], "m1-late");
    expect(lateAnswer.result).not.toBe(answered.result);
    later.socket.send({ ...call, id: "m1-again" });
    const again = await later.socket.next((m) => m.msg === "result" && m.id === "m1-again");
    expect(again.result).toBe(answered.result);
    later.socket.close();
    expect(await itemCount(roomId)).toBe(2);
  });

  it("does not bring back an item removed since its create was first sent", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const call = { msg: "method", method: "items.add", params: [{ title: "Gone" }], randomSeed: "seed-gone" };
    socket.send({ ...call, id: "a1" });
    const made = await socket.next((m) => m.msg === "result" && m.id === "a1");
    expect((await socket.call("items.remove", [made.result])).error).toBeUndefined();
    // A remove re-sent after its answer was lost is done too, not an error.
    expect((await socket.call("items.remove", [made.result])).error).toBeUndefined();
    socket.send({ ...call, id: "a2" });
    const resent = await socket.next((m) => m.msg === "result" && m.id === "a2");
    expect(resent.result).toBe(made.result);
    expect(await itemCount(roomId)).toBe(0);
    socket.close();
  });

  it("gives /items/insert without an _id the id Meteor derives from the seed", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const insert = { msg: "method", method: "/items/insert", params: [{ title: "Seeded" }], randomSeed: "seed-insert" };
    socket.send({ ...insert, id: "i1" });
    const first = await socket.next((m) => m.msg === "result" && m.id === "i1");
    expect(first.result).toBe(seededId("seed-insert", "items"));
    socket.send({ ...insert, id: "i2" });
    const second = await socket.next((m) => m.msg === "result" && m.id === "i2");
    expect(second.result).toBe(first.result);
    expect(await itemCount(roomId)).toBe(1);
    socket.close();
  });

  it("gives a new session to a client presenting an unknown session id", async () => {
    const { socket, session } = await DdpSocket.connect("/api/websocket", "made-up-session");
    expect(session).not.toBe("made-up-session");
    socket.close();
  });
});

describe("allow/deny client writes", () => {
  it("inserts, updates by id and removes through /items/*", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const inserted = await socket.call("/items/insert", [{ title: "Direct", quantity: 1 }]);
    const id = inserted.result as string;
    expect(id).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz]{17}$/);
    const updated = await socket.call("/items/update", [
      { _id: id },
      { $inc: { quantity: 2 }, $addToSet: { tags: "glass" } },
    ]);
    expect(updated.result).toBe(1);
    const row = await roomRow(roomId, "SELECT quantity, tags FROM items WHERE id = ?", id);
    expect(row).toEqual({ quantity: 3, tags: '["glass"]' });
    expect((await socket.call("/items/remove", [id])).result).toBe(1);
    expect((await socket.call("/items/remove", [id])).result).toBe(0);
    socket.close();
  });

  it("refuses selectors other than an id, operators outside the allowed set, and denied fields", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const id = (await socket.call("/items/insert", [{ title: "Guarded" }])).result as string;
    const bySelector = await socket.call("/items/update", [{ title: "Guarded" }, { $set: { title: "x" } }]);
    expect(bySelector.error).toMatchObject({
      error: 403,
      reason: "Not permitted. Untrusted code may only update documents by ID.",
    });
    const rename = await socket.call("/items/update", [id, { $rename: { title: "name" } }]);
    expect(rename.error).toMatchObject({
      error: 403,
      reason: "Access denied. Operator $rename not allowed in a restricted collection.",
    });
    const replace = await socket.call("/items/update", [id, { title: "replaced" }]);
    expect(replace.error).toMatchObject({ error: 403 });
    const denied = await socket.call("/items/update", [id, { $set: { createdAt: 0 } }]);
    expect(denied.error).toMatchObject({ error: 403, reason: "Access denied" });
    const invalid = await socket.call("/items/update", [id, { $set: { priceCents: -1 } }]);
    expect(invalid.error).toMatchObject({ error: 400, reason: "Price cannot be negative" });
    const row = await roomRow(roomId, "SELECT title, price_cents FROM items WHERE id = ?", id);
    expect(row).toEqual({ title: "Guarded", price_cents: 0 });
    socket.close();
  });

  it("refuses a malformed client-chosen _id", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    for (const _id of ["../etc", 42, "x".repeat(65)]) {
      const result = await socket.call("/items/insert", [{ _id, title: "Bad id" }]);
      expect(result.error).toMatchObject({ error: 400, reason: "Malformed id" });
    }
    expect(await itemCount(roomId)).toBe(0);
    socket.close();
  });

  it("refuses modifier paths that reach a prototype, and the server keeps working", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const id = (await socket.call("/items/insert", [{ title: "Target" }])).result as string;
    const attack = await socket.call("/items/update", [id, { $set: { "__proto__.polluted": "yes" } }]);
    expect(attack.error).toMatchObject({ error: 400, reason: "Invalid field name '__proto__.polluted'" });
    const next = await socket.call("items.add", [{ title: "Still fine" }]);
    expect(next.error).toBeUndefined();
    socket.close();
  });

  it("applies Mongo modifiers as Meteor does, and answers a bad one with Meteor's error on a live connection", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const id = (await socket.call("/items/insert", [{ title: "Tagged", tags: ["red", "blue", "rust", "green"] }]))
      .result as string;
    const tagsOf = async () => {
      const row = await roomRow<{ tags: string }>(roomId, "SELECT tags FROM items WHERE id = ?", id);
      return JSON.parse(row?.tags ?? "null");
    };
    expect((await socket.call("/items/update", [id, { $pull: { tags: { $regex: "^r" } } }])).result).toBe(1);
    expect(await tagsOf()).toEqual(["blue", "green"]);
    expect((await socket.call("/items/update", [id, { $pull: { tags: { $in: ["green"] } } }])).result).toBe(1);
    const pushed = await socket.call("/items/update", [
      id,
      { $push: { tags: { $each: ["amber", "zinc"], $position: 0, $sort: 1, $slice: 2 } } },
    ]);
    expect(pushed.result).toBe(1);
    expect(await tagsOf()).toEqual(["amber", "blue"]);
    expect((await socket.call("/items/update", [id, { $set: { "tags.0": "teal" } }])).result).toBe(1);
    expect(await tagsOf()).toEqual(["teal", "blue"]);
    const bad = await socket.call("/items/update", [id, { $inc: { title: 1 } }]);
    expect(bad.error).toMatchObject({
      error: 400,
      reason: "Cannot apply $inc modifier to non-number for field 'title'",
    });
    const renamed = await socket.call("/items/update", [id, { $rename: { title: "name" } }]);
    expect(renamed.error).toMatchObject({
      error: 403,
      reason: "Access denied. Operator $rename not allowed in a restricted collection.",
    });
    expect(await tagsOf()).toEqual(["teal", "blue"]);
    expect((await socket.call("items.add", [{ title: "Still fine" }])).error).toBeUndefined();
    socket.close();
  });

  it("answers writes to a collection with no rules as unknown methods", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const result = await socket.call("/rooms/insert", [{ name: "sneaky" }]);
    expect(result.error).toMatchObject({ error: 404 });
    socket.close();
  });
});

describe("rate limits", () => {
  it("refuses the sixth room creation within 10 s with too-many-requests and the time to reset", async () => {
    const user = await signUpUser();
    const { socket } = await DdpSocket.connect("/api/websocket?shard=5");
    await socket.call("login", [{ resume: user.token }]);
    for (let i = 0; i < 5; i++) expect((await socket.call("rooms.create", [`Room ${i}`])).error).toBeUndefined();
    const limited = await socket.call("rooms.create", ["One too many"]);
    expect(limited.error).toMatchObject({ error: "too-many-requests", errorType: "Meteor.Error" });
    const timeToReset = (limited.error as { details: { timeToReset: number } }).details.timeToReset;
    expect(timeToReset).toBeGreaterThan(0);
    expect(timeToReset).toBeLessThanOrEqual(10_000);
    expect((limited.error as { reason: string }).reason).toMatch(
      /^Error, too many requests\. Please slow down\. You must wait \d+ seconds/,
    );
    socket.close();
  });

  it("keeps counting across hibernation", async () => {
    const user = await signUpUser();
    const { socket } = await DdpSocket.connect("/api/websocket?shard=6");
    await socket.call("login", [{ resume: user.token }]);
    for (let i = 0; i < 5; i++) await socket.call("rooms.create", [`Room ${i}`]);
    await evictDurableObject(env.HOME.getByName("home-6"), { webSockets: "hibernate" });
    const limited = await socket.call("rooms.create", ["After hibernation"]);
    expect(limited.error).toMatchObject({ error: "too-many-requests" });
    socket.close();
  });
});
