/**
 * A room opened from the browser's cache (app/live/doc-cache.ts through the
 * connection): the kept documents show before the server answers; the
 * server's documents win; what the server no longer has goes once its
 * subscriptions are ready; changes are written back to the cache.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DocCache } from "../../app/live/doc-cache";
import type { LiveDoc } from "../../app/live/store";
import { connect, type Harness } from "./live-fake-socket";

let live: Harness;
beforeEach(() => {
  vi.useFakeTimers();
  live = connect();
});
afterEach(() => {
  live.connection.close();
  vi.useRealTimers();
});

function memoryCache(kept: Record<string, LiveDoc[]>): DocCache & { saved: Map<string, readonly LiveDoc[]> } {
  const saved = new Map<string, readonly LiveDoc[]>();
  return {
    saved,
    load: async () => new Map(Object.entries(kept)),
    save: (collection, docs) => void saved.set(collection, docs),
  };
}

const shown = () => live.connection.store.find("items").map((doc) => [doc._id, doc.title]);

describe("a room from the browser's cache", () => {
  it("shows the kept documents at once, lets the server's win, and drops what the server no longer has", async () => {
    const cache = memoryCache({
      items: [
        { _id: "lamp", title: "Lamp (kept)" },
        { _id: "gone", title: "Sold elsewhere" },
      ],
      presence: [{ _id: "u9", label: "not wanted" }],
    });
    live.connection.cacheDocsIn(cache, ["items"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toEqual([
      ["lamp", "Lamp (kept)"],
      ["gone", "Sold elsewhere"],
    ]);
    // Only the chosen collections come from the cache.
    expect(live.connection.store.find("presence")).toEqual([]);

    const socket = live.handshake();
    const items = live.connection.subscribe("items");
    socket.receive({ msg: "added", collection: "items", id: "lamp", fields: { title: "Lamp" } });
    vi.advanceTimersByTime(10);
    // The server's version wins; the one it has not sent yet stays until its data is complete.
    expect(shown()).toEqual([
      ["lamp", "Lamp"],
      ["gone", "Sold elsewhere"],
    ]);
    socket.receive({ msg: "ready", subs: [items.id] });
    expect(shown()).toEqual([["lamp", "Lamp"]]);
  });

  it("writes changes of the chosen collections back, a burst as one write", async () => {
    const cache = memoryCache({});
    live.connection.cacheDocsIn(cache, ["items"]);
    const socket = live.handshake();
    socket.receive({ msg: "added", collection: "items", id: "a", fields: { title: "A" } });
    socket.receive({ msg: "added", collection: "rooms", id: "r", fields: { name: "R" } });
    vi.advanceTimersByTime(10);
    socket.receive({ msg: "added", collection: "items", id: "b", fields: { title: "B" } });
    vi.advanceTimersByTime(10);
    expect(cache.saved.size).toBe(0);
    vi.advanceTimersByTime(250);
    expect([...cache.saved.keys()]).toEqual(["items"]);
    expect(cache.saved.get("items")?.map((doc) => doc._id)).toEqual(["a", "b"]);
  });

  it("ignores a cache that arrives after the server's data is complete", async () => {
    let release: (kept: Map<string, LiveDoc[]>) => void = () => {};
    const late: DocCache = { load: () => new Promise((resolve) => (release = resolve)), save: () => {} };
    live.connection.cacheDocsIn(late, ["items"]);
    const socket = live.handshake();
    const items = live.connection.subscribe("items");
    socket.receive({ msg: "ready", subs: [items.id] });
    release(new Map([["items", [{ _id: "stale", title: "Stale" }]]]));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toEqual([]);
  });
});
