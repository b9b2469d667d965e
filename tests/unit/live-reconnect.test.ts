import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveError } from "../../protocol/errors";
import { connect, type FakeSocket, type Harness } from "./live-fake-socket";

let live: Harness;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  live?.connection.close();
  vi.useRealTimers();
});

/** Where a promise stands once pending reactions have run. */
async function state(promise: Promise<unknown>): Promise<"pending" | "resolved" | "rejected"> {
  let result: "pending" | "resolved" | "rejected" = "pending";
  promise.then(
    () => {
      result = "resolved";
    },
    () => {
      result = "rejected";
    },
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return result;
}

/** For calls a test leaves unfinished: close() in afterEach rejects them. */
const leftPending = (): void => {};

/** Drops the socket, lets the 10 ms retry fire and opens the new socket. */
function dropAndReopen(): FakeSocket {
  live.socket().drop();
  vi.advanceTimersByTime(10);
  const socket = live.socket();
  socket.open();
  return socket;
}

const added = (id: string, fields: Record<string, unknown> = {}) =>
  ({ msg: "added", collection: "items", id, fields }) as const;

describe("re-sending after a reconnect", () => {
  it("re-sends live subscriptions and unanswered methods with the same ids", async () => {
    live = connect();
    const first = live.handshake("s1");
    const items = live.connection.subscribe("items");
    const room = live.connection.subscribe("room", "r1");
    const stopped = live.connection.subscribe("rooms.list");
    stopped.stop();
    first.receive({ msg: "ready", subs: [items.id] });
    const done = live.connection.call("a");
    const unanswered = live.connection.call("b", { title: "Lamp" }, 3);
    const halfDone = live.connection.call("c");
    first.receive({ msg: "result", id: "1", result: 1 });
    first.receive({ msg: "updated", methods: ["1"] });
    first.receive({ msg: "result", id: "3", result: 3 });
    await expect(done).resolves.toBe(1);
    const [, originalB] = first.sentOf("method");

    const second = dropAndReopen();
    const sent = second.messages();
    expect(sent[0]).toEqual({ msg: "connect", version: "1", support: ["1"], session: "s1", batch: true });
    // Only the call without a result goes again, exactly as first sent.
    expect(second.sentOf("method")).toEqual([originalB]);
    expect(originalB).toMatchObject({ id: "2", method: "b", params: [{ title: "Lamp" }, 3] });
    expect(originalB?.randomSeed).toMatch(/^\w{20}$/);
    expect(second.sentOf("sub")).toEqual([
      { msg: "sub", id: items.id, name: "items", params: [] },
      { msg: "sub", id: room.id, name: "room", params: ["r1"] },
    ]);
    // Methods before subscriptions, as in Meteor.
    expect(sent.map((m) => m.msg)).toEqual(["connect", "method", "sub", "sub"]);
    expect(await state(unanswered)).toBe("pending");
    expect(await state(halfDone)).toBe("pending");
  });

  it("sends the session id of the latest `connected` and never reuses method ids", () => {
    live = connect();
    live.handshake("s1");
    live.connection.call("a").catch(leftPending);
    dropAndReopen().receive({ msg: "connected", session: "s2" });
    live.connection.call("b").catch(leftPending);
    const third = dropAndReopen();
    expect(third.sentOf("connect")).toEqual([
      { msg: "connect", version: "1", support: ["1"], session: "s2", batch: true },
    ]);
    expect(third.sentOf("method").map((m) => [m.id, m.method])).toEqual([
      ["1", "a"],
      ["2", "b"],
    ]);
    expect(live.connection.session).toBe("s2");
  });

  it("fails sent `noRetry` calls with invocation-failed instead of re-sending them", async () => {
    live = connect();
    live.handshake("s1");
    const risky = live.connection.apply("charge", [100], { noRetry: true });
    const rejection = risky.catch((error: unknown) => error);
    live.socket().drop();
    // Not sent yet, so safe to send later.
    const queued = live.connection.apply("charge", [200], { noRetry: true });
    vi.advanceTimersByTime(10);
    const second = live.socket();
    second.open();

    const error = await rejection;
    expect(error).toBeInstanceOf(LiveError);
    expect(error).toMatchObject({ error: "invocation-failed" });
    expect(second.sentOf("method").map((m) => m.params)).toEqual([[200]]);
    expect(await state(queued)).toBe("pending");
  });

  it("runs onReconnect hooks before the re-sent calls, not on the first connection", () => {
    live = connect();
    const hook = vi.fn((connection: typeof live.connection) => {
      connection.apply("login", [{ resume: "token" }], { wait: true }).catch(leftPending);
    });
    live.connection.onReconnect(hook);
    const first = live.handshake("s1");
    expect(hook).not.toHaveBeenCalled();
    const sub = live.connection.subscribe("items");
    live.connection.call("items.add", { title: "Lamp" }).catch(leftPending);

    const second = dropAndReopen();
    expect(hook).toHaveBeenCalledTimes(1);
    // The wait login goes alone; the older call waits behind it.
    expect(second.messages().map((m) => (m.msg === "method" ? m.method : m.msg))).toEqual(["connect", "login", "sub"]);
    second.receive({ msg: "connected", session: "s2" });
    second.receive({ msg: "result", id: "2", result: { id: "u1" } });
    second.receive({ msg: "updated", methods: ["2"] });
    expect(second.sentOf("method").map((m) => [m.id, m.method])).toEqual([
      ["2", "login"],
      ["1", "items.add"],
    ]);
    expect(first.sentOf("sub")[0]?.id).toBe(sub.id);
  });
});

describe("calls complete on result and updated", () => {
  it("resolves only once both have arrived, in either order", async () => {
    live = connect();
    const socket = live.handshake();
    const resultFirst = live.connection.call("one");
    const updatedFirst = live.connection.call("two");

    socket.receive({ msg: "result", id: "1", result: "r1" });
    socket.receive({ msg: "updated", methods: ["2"] });
    expect(await state(resultFirst)).toBe("pending");
    expect(await state(updatedFirst)).toBe("pending");

    socket.receive({ msg: "updated", methods: ["1"] });
    socket.receive({ msg: "result", id: "2" });
    await expect(resultFirst).resolves.toBe("r1");
    await expect(updatedFirst).resolves.toBeUndefined();
  });

  it("rejects with the server's error, also only after updated", async () => {
    live = connect();
    const socket = live.handshake();
    const call = live.connection.call("items.remove", "x");
    socket.receive({
      msg: "result",
      id: "1",
      error: {
        isClientSafe: true,
        error: 403,
        reason: "Access denied",
        message: "Access denied [403]",
        errorType: "Meteor.Error",
      },
    });
    expect(await state(call)).toBe("pending");
    socket.receive({ msg: "updated", methods: ["1"] });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LiveError);
    expect(error).toMatchObject({ error: 403, reason: "Access denied" });
  });

  it("runs wait calls alone, in order", async () => {
    live = connect();
    const socket = live.handshake();
    const sentNames = () => socket.sentOf("method").map((m) => m.method);
    const finish = (id: string) => {
      socket.receive({ msg: "result", id });
      socket.receive({ msg: "updated", methods: [id] });
    };
    live.connection.call("a");
    live.connection.call("b");
    const c = live.connection.apply("c", [], { wait: true });
    const d = live.connection.call("d");
    expect(sentNames()).toEqual(["a", "b"]);

    finish("1");
    expect(sentNames()).toEqual(["a", "b"]);
    // Half done is not done: the wait call needs b's updated too.
    socket.receive({ msg: "result", id: "2" });
    expect(sentNames()).toEqual(["a", "b"]);
    socket.receive({ msg: "updated", methods: ["2"] });
    expect(sentNames()).toEqual(["a", "b", "c"]);

    finish("3");
    await c;
    expect(sentNames()).toEqual(["a", "b", "c", "d"]);
    finish("4");
    await expect(d).resolves.toBeUndefined();
  });

  it("rejects pending calls when the connection is closed", async () => {
    live = connect();
    live.handshake();
    const call = live.connection.call("slow");
    live.connection.close();
    await expect(call).rejects.toMatchObject({ error: "connection-closed" });
  });
});

describe("quiescence", () => {
  it("holds the new session's data until the subscription is ready, then applies it in one batch", () => {
    live = connect();
    const first = live.handshake("s1");
    const onReady = vi.fn();
    const sub = live.connection.subscribe("items", { onReady });
    first.receive(added("a", { title: "Lamp" }));
    first.receive(added("b", { title: "Desk" }));
    first.receive(added("c", { title: "Chair" }));
    first.receive({ msg: "ready", subs: [sub.id] });
    const store = live.connection.store;
    const lamp = store.findOne("items", "a");
    const before = store.find("items");

    const batches: string[][] = [];
    store.onChange((changed) => batches.push([...changed]));
    const second = dropAndReopen();
    second.receive({ msg: "connected", session: "s2" });
    second.receive(added("a", { title: "Lamp" }));
    second.receive(added("b", { title: "Standing desk" }));
    second.receive(added("d", { title: "Shelf" }));
    vi.advanceTimersByTime(1_000);
    // Nothing moved while the new view was incomplete.
    expect(batches).toEqual([]);
    expect(store.find("items")).toBe(before);
    expect(sub.isReady).toBe(true);

    second.receive({ msg: "ready", subs: [sub.id] });
    expect(batches).toEqual([["items"]]);
    expect(store.find("items")).toEqual([
      { _id: "a", title: "Lamp" },
      { _id: "b", title: "Standing desk" },
      { _id: "d", title: "Shelf" },
    ]);
    // Unchanged documents keep their identity, so nothing re-renders for them.
    expect(store.findOne("items", "a")).toBe(lamp);
    expect(store.findOne("items", "c")).toBeUndefined();
    expect(onReady).toHaveBeenCalledTimes(1);

    // Afterwards data flows through the normal buffer again.
    second.receive(added("e"));
    vi.advanceTimersByTime(5);
    expect(store.findOne("items", "e")).toEqual({ _id: "e" });
  });

  it("also waits for the updated of every re-sent call, which completes after the data", async () => {
    live = connect();
    const first = live.handshake("s1");
    const sub = live.connection.subscribe("items");
    first.receive({ msg: "ready", subs: [sub.id] });
    const call = live.connection.call("items.add", { title: "Lamp" });
    let seenOnResolve: unknown;
    const observed = call.then(() => {
      seenOnResolve = live.connection.store.findOne("items", "new");
    });

    const second = dropAndReopen();
    second.receive({ msg: "connected", session: "s2" });
    second.receive({ msg: "ready", subs: [sub.id] });
    second.receive(added("new", { title: "Lamp" }));
    second.receive({ msg: "result", id: "1", result: "new" });
    vi.advanceTimersByTime(1_000);
    expect(live.connection.store.find("items")).toEqual([]);
    expect(await state(call)).toBe("pending");

    second.receive({ msg: "updated", methods: ["1"] });
    expect(live.connection.store.find("items")).toEqual([{ _id: "new", title: "Lamp" }]);
    await observed;
    expect(seenOnResolve).toEqual({ _id: "new", title: "Lamp" });
  });

  it("completes a call that had its result but lost its updated once the store is reset", async () => {
    live = connect();
    const first = live.handshake("s1");
    const sub = live.connection.subscribe("items");
    first.receive({ msg: "ready", subs: [sub.id] });
    const call = live.connection.call("items.add");
    first.receive({ msg: "result", id: "1", result: "x" });

    const second = dropAndReopen();
    expect(second.sentOf("method")).toEqual([]);
    second.receive({ msg: "connected", session: "s2" });
    expect(await state(call)).toBe("pending");
    second.receive(added("x"));
    second.receive({ msg: "ready", subs: [sub.id] });
    await expect(call).resolves.toBe("x");
    expect(live.connection.store.find("items")).toEqual([{ _id: "x" }]);
  });

  it("does not wait for subscriptions that were never ready", () => {
    live = connect();
    const first = live.handshake("s1");
    first.receive(added("old"));
    vi.advanceTimersByTime(5);
    live.connection.subscribe("slow");

    const second = dropAndReopen();
    second.receive({ msg: "connected", session: "s2" });
    // Nothing to wait for: the stale view is cleared at once, new data flows.
    expect(live.connection.store.find("items")).toEqual([]);
    second.receive(added("fresh"));
    vi.advanceTimersByTime(5);
    expect(live.connection.store.find("items")).toEqual([{ _id: "fresh" }]);
  });

  it("drops what was held if the socket is lost again before quiescence", () => {
    live = connect();
    const first = live.handshake("s1");
    const sub = live.connection.subscribe("items");
    first.receive(added("a", { v: 1 }));
    first.receive({ msg: "ready", subs: [sub.id] });

    const second = dropAndReopen();
    second.receive({ msg: "connected", session: "s2" });
    second.receive(added("half", { v: 2 }));
    const third = dropAndReopen();
    expect(third.sentOf("connect")[0]?.session).toBe("s2");
    third.receive({ msg: "connected", session: "s3" });
    expect(live.connection.store.find("items")).toEqual([{ _id: "a", v: 1 }]);
    third.receive(added("a", { v: 3 }));
    third.receive({ msg: "ready", subs: [sub.id] });
    expect(live.connection.store.find("items")).toEqual([{ _id: "a", v: 3 }]);
  });
});

describe("subscription handles", () => {
  it("resolve ready(), and reject it with the server's error on nosub", async () => {
    live = connect();
    const socket = live.handshake();
    const good = live.connection.subscribe("items");
    const onStop = vi.fn();
    const bad = live.connection.subscribe("nope", { onStop });
    const readyBad = bad.ready().catch((error: unknown) => error);
    socket.receive({ msg: "ready", subs: [good.id] });
    await expect(good.ready()).resolves.toBeUndefined();
    socket.receive({
      msg: "nosub",
      id: bad.id,
      error: {
        isClientSafe: true,
        error: 404,
        reason: "Subscription 'nope' not found",
        message: "Subscription 'nope' not found [404]",
        errorType: "Meteor.Error",
      },
    });
    expect(await readyBad).toMatchObject({ error: 404, reason: "Subscription 'nope' not found" });
    expect(onStop).toHaveBeenCalledWith(expect.any(LiveError));
    expect(bad.isReady).toBe(false);
  });

  it("stop() sends unsub once and is not re-sent after a reconnect", () => {
    live = connect();
    const socket = live.handshake();
    const onStop = vi.fn();
    const sub = live.connection.subscribe("items", { onStop });
    sub.stop();
    sub.stop();
    expect(socket.sentOf("unsub")).toEqual([{ msg: "unsub", id: sub.id }]);
    expect(onStop).toHaveBeenCalledWith(undefined);
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(dropAndReopen().sentOf("sub")).toEqual([]);
  });
});
