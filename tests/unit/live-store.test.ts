import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveStore } from "../../app/live/store";
import type { DataMessage } from "../../protocol/ddp";
import { connect, type Harness } from "./live-fake-socket";

const added = (id: string, fields: Record<string, unknown> = {}, collection = "items"): DataMessage => ({
  msg: "added",
  collection,
  id,
  fields,
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("buffered writes", () => {
  it("applies nothing until 5 ms after the last message", () => {
    const store = new LiveStore();
    const batches: string[][] = [];
    store.onChange((changed) => batches.push([...changed]));
    store.write(added("a", { title: "Lamp" }));
    expect(store.find("items")).toEqual([]);
    vi.advanceTimersByTime(4);
    expect(store.find("items")).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(store.find("items")).toEqual([{ _id: "a", title: "Lamp" }]);
    expect(batches).toEqual([["items"]]);
  });

  it("re-arms the 5 ms timer on each message and applies the burst as one batch", () => {
    const store = new LiveStore();
    const batches: string[][] = [];
    store.onChange((changed) => batches.push([...changed].sort()));
    for (let i = 0; i < 4; i++) {
      store.write(added(`i${i}`, {}, i % 2 ? "rooms" : "items"));
      vi.advanceTimersByTime(3);
    }
    // 12 ms since the first message, 3 ms since the last: still buffered.
    expect(store.find("items")).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(store.find("items")).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(store.find("items").map((doc) => doc._id)).toEqual(["i0", "i2"]);
    expect(store.find("rooms").map((doc) => doc._id)).toEqual(["i1", "i3"]);
    expect(batches).toEqual([["items", "rooms"]]);
  });

  it("flushes at once when a message arrives past the 500 ms deadline", () => {
    const store = new LiveStore();
    let batches = 0;
    store.onChange(() => batches++);
    // One message every 4 ms: the trailing timer never gets to fire.
    let n = 0;
    for (; n * 4 <= 500; n++) {
      store.write(added(`d${n}`));
      vi.advanceTimersByTime(4);
    }
    // The message at 500 ms was not yet past the deadline.
    expect(batches).toBe(0);
    expect(store.find("items")).toHaveLength(0);
    store.write(added(`d${n}`));
    expect(batches).toBe(1);
    expect(store.find("items")).toHaveLength(n + 1);

    // A new deadline starts with the next message.
    store.write(added("later"));
    expect(store.findOne("items", "later")).toBeUndefined();
    vi.advanceTimersByTime(5);
    expect(store.findOne("items", "later")).toEqual({ _id: "later" });
    expect(batches).toBe(2);
  });

  it("applies changed fields and cleared fields, replacing only the changed document", () => {
    const store = new LiveStore();
    store.write(added("a", { title: "Lamp", price: 100, sku: "L-1" }));
    store.write(added("b", { title: "Desk" }));
    store.flush();
    const before = store.find("items");
    const desk = store.findOne("items", "b");

    store.write({
      msg: "changed",
      collection: "items",
      id: "a",
      fields: { price: 120, tags: ["x"] },
      cleared: ["sku"],
    });
    store.flush();
    expect(store.findOne("items", "a")).toEqual({ _id: "a", title: "Lamp", price: 120, tags: ["x"] });
    expect(store.findOne("items", "b")).toBe(desk);
    expect(store.find("items")).not.toBe(before);
    expect(Object.isFrozen(store.findOne("items", "a"))).toBe(true);

    store.write({ msg: "changed", collection: "items", id: "a", cleared: ["tags", "price"] });
    store.flush();
    expect(store.findOne("items", "a")).toEqual({ _id: "a", title: "Lamp" });
  });

  it("removes documents and ignores messages about unknown ones", () => {
    const store = new LiveStore();
    const listener = vi.fn();
    store.write(added("a"));
    store.flush();
    store.onChange(listener);
    store.write({ msg: "changed", collection: "items", id: "ghost", fields: { x: 1 } });
    store.write({ msg: "removed", collection: "items", id: "ghost" });
    store.flush();
    expect(listener).not.toHaveBeenCalled();
    expect(store.find("items")).toHaveLength(1);

    store.write({ msg: "removed", collection: "items", id: "a" });
    store.flush();
    expect(store.find("items")).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("keeps a collection's snapshot while other collections change", () => {
    const store = new LiveStore();
    store.write(added("a"));
    store.flush();
    const items = store.find("items");
    store.write(added("r", {}, "rooms"));
    store.flush();
    expect(store.find("items")).toBe(items);
  });
});

describe("messages that flush the buffer first", () => {
  let live: Harness;

  afterEach(() => {
    live.connection.close();
  });

  it("`result`: data written before the result is visible when it arrives", async () => {
    live = connect();
    const socket = live.handshake();
    const call = live.connection.call("items.add", { title: "Lamp" });
    socket.receive(added("a", { title: "Lamp" }));
    expect(live.connection.store.find("items")).toEqual([]);
    socket.receive({ msg: "result", id: "1", result: "a" });
    expect(live.connection.store.findOne("items", "a")).toEqual({ _id: "a", title: "Lamp" });
    socket.receive({ msg: "updated", methods: ["1"] });
    await expect(call).resolves.toBe("a");
  });

  it("`ready`: the subscription's documents are in the store when onReady runs", () => {
    live = connect();
    const socket = live.handshake();
    let seenAtReady = -1;
    const handle = live.connection.subscribe("items", {
      onReady: () => {
        seenAtReady = live.connection.store.find("items").length;
      },
    });
    socket.receive(added("a"));
    socket.receive(added("b"));
    socket.receive({ msg: "ready", subs: [handle.id] });
    expect(seenAtReady).toBe(2);
    expect(handle.isReady).toBe(true);
  });

  it("`updated`: the call's writes are visible when it completes", async () => {
    live = connect();
    const socket = live.handshake();
    let seen: unknown;
    const call = live.connection.call("items.add", { title: "Lamp" }).then(() => {
      seen = live.connection.store.findOne("items", "a");
    });
    socket.receive({ msg: "result", id: "1", result: "a" });
    socket.receive(added("a", { title: "Lamp" }));
    socket.receive({ msg: "updated", methods: ["1"] });
    await call;
    expect(seen).toEqual({ _id: "a", title: "Lamp" });
  });

  it("`nosub`: removals before it are applied when onStop runs", () => {
    live = connect();
    const socket = live.handshake();
    let seenAtStop = -1;
    const handle = live.connection.subscribe("items", {
      onStop: () => {
        seenAtStop = live.connection.store.find("items").length;
      },
    });
    socket.receive(added("a"));
    socket.receive({ msg: "ready", subs: [handle.id] });
    socket.receive({ msg: "removed", collection: "items", id: "a" });
    socket.receive({ msg: "nosub", id: handle.id });
    expect(seenAtStop).toBe(0);
  });
});
