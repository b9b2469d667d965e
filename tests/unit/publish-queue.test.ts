import { describe, expect, it } from "vitest";
import { createPublishQueue, type QueueEntryState, type QueueSnapshot } from "../../app/store/publish-queue";

/** A `send` whose calls the test answers one by one. */
function controlledSend() {
  const calls: { id: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let active = 0;
  let maxActive = 0;
  const send = (id: string) =>
    new Promise<unknown>((resolve, reject) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      const end = () => {
        active -= 1;
      };
      calls.push({
        id,
        resolve: () => {
          end();
          resolve({ storeProductId: `gid://shopify/Product/${id}` });
        },
        reject: (error) => {
          end();
          reject(error);
        },
      });
    });
  const call = (id: string) => {
    const found = calls.find((c) => c.id === id);
    if (!found) throw new Error(`${id} was not sent`);
    return found;
  };
  return {
    send,
    calls,
    call,
    sentIds: () => calls.map((c) => c.id),
    active: () => active,
    maxActive: () => maxActive,
  };
}

/** Lets the queue's promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i${i + 1}`, title: `Item ${i + 1}` }));

const states = (snapshot: QueueSnapshot): Record<string, QueueEntryState> =>
  Object.fromEntries(snapshot.entries.map((e) => [e.id, e.state]));

describe("publish queue", () => {
  it("keeps at most 3 calls in flight and sends the rest in order as calls end", async () => {
    const remote = controlledSend();
    const queue = createPublishQueue({ items: items(8), send: remote.send });
    const finished = queue.run();
    expect(remote.sentIds()).toEqual(["i1", "i2", "i3"]);
    expect(queue.snapshot()).toMatchObject({ sending: 3, waiting: 5, done: 0, running: true, total: 8 });

    remote.call("i2").resolve();
    await settle();
    expect(remote.sentIds()).toEqual(["i1", "i2", "i3", "i4"]);
    expect(remote.active()).toBe(3);

    // Answer everything as it comes in.
    while (queue.snapshot().running) {
      for (const c of remote.calls) if (states(queue.snapshot())[c.id] === "sending") c.resolve();
      await settle();
    }
    const result = await finished;
    expect(remote.maxActive()).toBe(3);
    expect(remote.sentIds()).toEqual(["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8"]);
    expect(result).toMatchObject({ done: 8, failed: 0, finished: 8, running: false });
  });

  it("honours another concurrency, and at least 1", async () => {
    const remote = controlledSend();
    createPublishQueue({ items: items(5), send: remote.send, concurrency: 0 }).run();
    expect(remote.sentIds()).toEqual(["i1"]);
    const other = controlledSend();
    createPublishQueue({ items: items(5), send: other.send, concurrency: 2 }).run();
    expect(other.sentIds()).toEqual(["i1", "i2"]);
  });

  it("tracks each item's state, with the reason of a failure", async () => {
    const remote = controlledSend();
    const queue = createPublishQueue({
      items: items(4),
      send: remote.send,
      describeError: (error) => `reason: ${(error as Error).message}`,
    });
    expect(states(queue.snapshot())).toEqual({ i1: "waiting", i2: "waiting", i3: "waiting", i4: "waiting" });
    const finished = queue.run();
    expect(states(queue.snapshot())).toEqual({ i1: "sending", i2: "sending", i3: "sending", i4: "waiting" });

    remote.call("i1").resolve();
    remote.call("i2").reject(new Error("Price is required"));
    await settle();
    expect(states(queue.snapshot())).toEqual({ i1: "done", i2: "failed", i3: "sending", i4: "sending" });
    expect(queue.snapshot().entries[1]).toEqual({
      id: "i2",
      title: "Item 2",
      state: "failed",
      reason: "reason: Price is required",
    });
    expect(queue.snapshot().entries[0]?.reason).toBe("");

    remote.call("i3").resolve();
    remote.call("i4").resolve();
    const result = await finished;
    expect(result).toMatchObject({ done: 3, failed: 1, finished: 4, waiting: 0, sending: 0, running: false });
  });

  it("goes on with the other items when one fails, also when send throws at once", async () => {
    const sent: string[] = [];
    const queue = createPublishQueue({
      items: items(6),
      send: (id) => {
        sent.push(id);
        if (id === "i1") throw new Error("Service not configured");
        return id === "i4" ? Promise.reject(new Error("Item not found")) : Promise.resolve(null);
      },
    });
    const result = await queue.run();
    expect(sent).toEqual(["i1", "i2", "i3", "i4", "i5", "i6"]);
    expect(states(result)).toEqual({
      i1: "failed",
      i2: "done",
      i3: "done",
      i4: "failed",
      i5: "done",
      i6: "done",
    });
    expect(result.entries.map((e) => e.reason).filter(Boolean)).toEqual(["Service not configured", "Item not found"]);
  });

  it("stop sends nothing more: the waiting items are stopped, the calls in flight end normally", async () => {
    const remote = controlledSend();
    const queue = createPublishQueue({ items: items(7), send: remote.send });
    const finished = queue.run();
    remote.call("i1").resolve();
    await settle();
    expect(remote.sentIds()).toEqual(["i1", "i2", "i3", "i4"]);

    queue.stop();
    expect(states(queue.snapshot())).toEqual({
      i1: "done",
      i2: "sending",
      i3: "sending",
      i4: "sending",
      i5: "stopped",
      i6: "stopped",
      i7: "stopped",
    });
    expect(queue.snapshot().running).toBe(true);

    remote.call("i2").resolve();
    remote.call("i3").reject(new Error("Throttled"));
    await settle();
    // Nothing new is sent after a call ends.
    expect(remote.sentIds()).toEqual(["i1", "i2", "i3", "i4"]);
    remote.call("i4").resolve();
    const result = await finished;
    expect(result).toMatchObject({ done: 3, failed: 1, stopped: 3, waiting: 0, finished: 4, running: false });
    expect(remote.sentIds()).toEqual(["i1", "i2", "i3", "i4"]);

    // The stopped ones can be sent after all.
    const resumed = queue.resume();
    expect(remote.sentIds()).toEqual(["i1", "i2", "i3", "i4", "i5", "i6", "i7"]);
    for (const id of ["i5", "i6", "i7"]) remote.call(id).resolve();
    expect(await resumed).toMatchObject({ done: 6, failed: 1, stopped: 0, running: false });
  });

  it("stop with nothing waiting changes nothing", async () => {
    const queue = createPublishQueue({ items: items(2), send: () => Promise.resolve(null) });
    const result = await queue.run();
    queue.stop();
    expect(queue.snapshot()).toBe(result);
    expect(result).toMatchObject({ done: 2, stopped: 0 });
  });

  it("retryFailed sends the failed items again, and only those", async () => {
    const attempts: string[] = [];
    let failing = new Set(["i2", "i5"]);
    const queue = createPublishQueue({
      items: items(6),
      send: (id) => {
        attempts.push(id);
        return failing.has(id) ? Promise.reject(new Error("Timed out")) : Promise.resolve(null);
      },
    });
    const first = await queue.run();
    expect(first).toMatchObject({ done: 4, failed: 2 });
    attempts.length = 0;

    failing = new Set(["i5"]);
    const retry = queue.retryFailed();
    expect(states(queue.snapshot())).toMatchObject({ i2: "sending", i5: "sending", i1: "done" });
    const second = await retry;
    expect(attempts).toEqual(["i2", "i5"]);
    expect(second).toMatchObject({ done: 5, failed: 1, running: false });
    expect(states(second)).toMatchObject({ i2: "done", i5: "failed" });

    attempts.length = 0;
    failing = new Set();
    expect(await queue.retryFailed()).toMatchObject({ done: 6, failed: 0 });
    expect(attempts).toEqual(["i5"]);
    // A failure's reason is cleared once the item goes through.
    expect(queue.snapshot().entries.every((e) => e.reason === "")).toBe(true);
  });

  it("retryFailed keeps the cap of 3 too", async () => {
    const remote = controlledSend();
    const queue = createPublishQueue({ items: items(5), send: remote.send });
    const finished = queue.run();
    for (const id of ["i1", "i2", "i3"]) remote.call(id).reject(new Error("no"));
    await settle();
    for (const id of ["i4", "i5"]) remote.call(id).reject(new Error("no"));
    expect(await finished).toMatchObject({ failed: 5 });

    remote.calls.length = 0;
    queue.retryFailed();
    expect(remote.sentIds()).toEqual(["i1", "i2", "i3"]);
    expect(queue.snapshot()).toMatchObject({ sending: 3, waiting: 2, failed: 0 });
  });

  it("tells subscribers of each change, with a new snapshot only when something changed", async () => {
    const remote = controlledSend();
    const queue = createPublishQueue({ items: items(2), send: remote.send });
    const before = queue.snapshot();
    expect(queue.snapshot()).toBe(before);
    const seen: QueueSnapshot[] = [];
    const unsubscribe = queue.subscribe(() => seen.push(queue.snapshot()));
    const finished = queue.run();
    expect(seen.at(-1)).toMatchObject({ sending: 2 });
    expect(queue.snapshot()).not.toBe(before);
    remote.call("i1").resolve();
    await settle();
    expect(seen.at(-1)).toMatchObject({ done: 1, sending: 1 });
    const unchanged = seen.at(-1)?.entries[0];
    unsubscribe();
    const count = seen.length;
    remote.call("i2").resolve();
    await finished;
    expect(seen.length).toBe(count);
    // The finished item's entry is the same object: a memoised row need not render again.
    expect(queue.snapshot().entries[0]).toBe(unchanged);
  });

  it("an empty queue is done at once", async () => {
    const queue = createPublishQueue({ items: [], send: () => Promise.resolve(null) });
    expect(await queue.run()).toMatchObject({ total: 0, finished: 0, running: false });
  });
});
