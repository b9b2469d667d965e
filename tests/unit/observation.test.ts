import { describe, expect, it } from "vitest";
import type { Fields } from "../../protocol/ddp";
import { ChangeHub } from "../../worker/live/change-hub";
import { ObservationPool, type ObservationWatcher, type ObservedCursor } from "../../worker/live/observation";
import type { PolledCursor } from "../../worker/live/polled-results";
import type { Doc } from "../../worker/live/types";

/** A watcher that records what it is told, as one line each. */
function recorder(): ObservationWatcher & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    added: (id, fields) => log.push(`added ${id} ${JSON.stringify(fields)}`),
    changed: (id, diff) => log.push(`changed ${id} ${JSON.stringify(diff)}`),
    removed: (id) => log.push(`removed ${id}`),
  };
}

/** An observed cursor over `data` that counts its reads; `hold()` makes the next read wait for `release()`. */
function cursorOver(data: Doc[], key?: string) {
  const reads = { count: 0 };
  let gate: Promise<void> | null = null;
  let release = () => {};
  const cursor: ObservedCursor = {
    kind: "observed",
    collection: "items",
    key,
    fetch: async () => {
      reads.count++;
      const snapshot = [...data];
      if (gate) await gate;
      return snapshot;
    },
    matches: (doc) => doc.hidden !== true,
  };
  return {
    cursor,
    reads,
    hold() {
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
    },
    release: () => release(),
  };
}

const lamp = { _id: "a", title: "Lamp" };

describe("observations shared by subscriptions of the same query", () => {
  it("reads once for every watcher of a key and tells each of them every change", async () => {
    const hub = new ChangeHub();
    const pool = new ObservationPool(hub);
    const { cursor, reads } = cursorOver([lamp], "all");
    const alice = recorder();
    const bob = recorder();
    await pool.observe(cursor, alice).loaded;
    await pool.observe(cursor, bob).loaded;
    expect(reads.count).toBe(1);
    expect(bob.log).toEqual(['added a {"title":"Lamp"}']);

    hub.emit({ collection: "items", id: "a", doc: { _id: "a", title: "Lamp", quantity: 2 }, previous: lamp });
    hub.emit({ collection: "items", id: "b", doc: { _id: "b", title: "Vase" }, previous: null });
    hub.emit({ collection: "items", id: "a", doc: { _id: "a", title: "Lamp", hidden: true }, previous: null });
    hub.emit({ collection: "other", id: "c", doc: { _id: "c" }, previous: null });
    const changes = ['changed a {"quantity":2}', 'added b {"title":"Vase"}', "removed a"];
    expect(alice.log.slice(1)).toEqual(changes);
    expect(bob.log.slice(1)).toEqual(changes);
  });

  it("gives each watcher the same field objects, so merge boxes share them instead of copying", async () => {
    const pool = new ObservationPool(new ChangeHub());
    const { cursor } = cursorOver([lamp], "all");
    const seen: Fields[] = [];
    const watcher = { added: (_id: string, fields: Fields) => seen.push(fields), changed() {}, removed() {} };
    await pool.observe(cursor, watcher).loaded;
    await pool.observe(cursor, watcher).loaded;
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });

  it("reads again once every watcher has stopped, and keeps queries of different keys apart", async () => {
    const hub = new ChangeHub();
    const pool = new ObservationPool(hub);
    const data = [lamp];
    const { cursor, reads } = cursorOver(data, "all");
    const first = pool.observe(cursor, recorder());
    await first.loaded;
    first.stop();
    expect(pool.size).toBe(0);
    // Written while nobody watched: the next watcher reads it.
    data.push({ _id: "b", title: "Vase" });
    const later = recorder();
    await pool.observe(cursor, later).loaded;
    expect(reads.count).toBe(2);
    expect(later.log).toHaveLength(2);

    const other = cursorOver([lamp], "another");
    await pool.observe(other.cursor, recorder()).loaded;
    const unkeyed = cursorOver([lamp]);
    await pool.observe(unkeyed.cursor, recorder()).loaded;
    await pool.observe(unkeyed.cursor, recorder()).loaded;
    expect(other.reads.count).toBe(1);
    expect(unkeyed.reads.count).toBe(2);
    expect(pool.size).toBe(2);
  });

  it("tells a watcher joining during the read what the read finds, and a change made meanwhile after it", async () => {
    const hub = new ChangeHub();
    const pool = new ObservationPool(hub);
    const t = cursorOver([lamp], "all");
    t.hold();
    const alice = recorder();
    const aliceLoaded = pool.observe(t.cursor, alice).loaded;
    await Promise.resolve();
    hub.emit({ collection: "items", id: "b", doc: { _id: "b", title: "Vase" }, previous: null });
    const bob = recorder();
    const bobLoaded = pool.observe(t.cursor, bob).loaded;
    t.release();
    await Promise.all([aliceLoaded, bobLoaded]);
    const expected = ['added a {"title":"Lamp"}', 'added b {"title":"Vase"}'];
    expect(alice.log).toEqual(expected);
    expect(bob.log).toEqual(expected);
    expect(t.reads.count).toBe(1);
  });

  it("does not share a failed read: the next watcher reads again", async () => {
    const pool = new ObservationPool(new ChangeHub());
    let fail = true;
    const cursor: ObservedCursor = {
      kind: "observed",
      collection: "items",
      key: "all",
      fetch: async () => {
        if (fail) throw new Error("D1 is down");
        return [lamp];
      },
      matches: () => true,
    };
    await expect(pool.observe(cursor, recorder()).loaded).rejects.toThrow("D1 is down");
    fail = false;
    const next = recorder();
    await pool.observe(cursor, next).loaded;
    expect(next.log).toEqual(['added a {"title":"Lamp"}']);
  });

  it("shows only the projected fields of changed documents (a cursor's `project`)", async () => {
    const hub = new ChangeHub();
    const pool = new ObservationPool(hub);
    const own = (doc: Doc): Doc => ({ _id: doc._id, name: doc.name });
    const cursor: ObservedCursor = {
      kind: "observed",
      collection: "users",
      key: "u1",
      fetch: async () => [{ _id: "u1", name: "Ada" }],
      matches: (doc) => doc._id === "u1",
      project: own,
    };
    const watcher = recorder();
    await pool.observe(cursor, watcher).loaded;
    hub.emit({ collection: "users", id: "u1", doc: { _id: "u1", name: "Ada", secret: "x" }, previous: null });
    hub.emit({ collection: "users", id: "u1", doc: { _id: "u1", name: "Ada L.", secret: "y" }, previous: null });
    expect(watcher.log).toEqual(['added u1 {"name":"Ada"}', 'changed u1 {"name":"Ada L."}']);
  });
});

describe("polled results shared by subscriptions of the same window", () => {
  /** A polled cursor over `data` (a window of a big catalogue) that counts its reads. */
  function polledOver(data: Doc[], key?: string) {
    const reads = { count: 0 };
    const cursor: PolledCursor = {
      kind: "polled",
      collection: "items",
      key,
      intervalMs: 60_000,
      fetch: async () => {
        reads.count++;
        return data.map((doc) => ({ ...doc }));
      },
    };
    return { cursor, reads };
  }

  it("reads once per write for every watcher of a key, and tells each of them what changed", async () => {
    const hub = new ChangeHub();
    const pool = new ObservationPool(hub);
    const data: Doc[] = [lamp];
    const { cursor, reads } = polledOver(data, "newest");
    const watchers = Array.from({ length: 50 }, () => recorder());
    const handles = watchers.map((watcher) => pool.observe(cursor, watcher));
    await Promise.all(handles.map((handle) => handle.loaded));
    expect(reads.count).toBe(1);

    // A burst of writes: one read for all fifty, after the writes.
    data[0] = { _id: "a", title: "Lamp", quantity: 3 };
    data.push({ _id: "b", title: "Vase" });
    hub.emit({ collection: "items", id: "a", doc: data[0] as Doc, previous: lamp });
    hub.emit({ collection: "items", id: "b", doc: data[1] as Doc, previous: null });
    await hub.settled();
    expect(reads.count).toBe(2);
    for (const watcher of watchers) {
      expect(watcher.log).toEqual(['added a {"title":"Lamp"}', 'changed a {"quantity":3}', 'added b {"title":"Vase"}']);
    }

    // Unkeyed windows read on their own, as before.
    const own = polledOver(data);
    await pool.observe(own.cursor, recorder()).loaded;
    await pool.observe(own.cursor, recorder()).loaded;
    expect(own.reads.count).toBe(2);
    for (const handle of handles) handle.stop();
    expect(pool.size).toBe(0);
  });
});
