/**
 * The two halves of fairness, without a runtime: a session refuses calls
 * past its bounded queue at once (and still runs the ones it queued, in
 * order), and the room's write queue serves writers in turns.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ChangeHub } from "../../worker/live/change-hub";
import type { LiveStorage } from "../../worker/live/live-storage";
import { ObservationPool } from "../../worker/live/observation";
import { MAX_WAITING_MESSAGES } from "../../worker/live/push-back";
import { LiveRegistry } from "../../worker/live/registry";
import { Session } from "../../worker/live/session";
import { WriteQueue } from "../../worker/rooms/write-queue";

/** Just what a session asks of its storage here: no cache hits, no rate-limit windows. */
const storage = {
  cachedResult: () => null,
  cacheResult: () => {},
  touchSession: () => {},
  hit: () => null,
  saveSubscription: () => {},
  deleteSubscription: () => {},
  deleteConnection: () => {},
  subscriptions: () => [],
} as unknown as LiveStorage;

function sessionWithGate() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const ran: number[] = [];
  const registry = new LiveRegistry<null>();
  for (const rule of [...registry.rateLimits]) registry.unlimit(rule.id);
  registry.method("slow", {
    args: v.tuple([v.number()]),
    run: async (_ctx, n) => {
      await gate;
      ran.push(n);
      return n;
    },
  });
  const sent: Record<string, unknown>[] = [];
  const hub = new ChangeHub();
  const session = new Session<null>(
    "c1",
    { sessionId: null, userId: null, clientAddress: null },
    {
      registry,
      hub,
      observations: new ObservationPool(hub),
      storage,
      host: null,
      now: () => 0,
      send: (frame) => sent.push(JSON.parse(frame)),
      close: () => {},
      saveState: () => {},
      adoptSession: () => false,
      opening: () => null,
      inflight: new Map(),
    },
  );
  return { session, sent, ran, open: () => open() };
}

describe("a session's bounded queue", () => {
  it("refuses calls past the queue at once with too-many-requests, and runs every queued one in order", async () => {
    const { session, sent, ran, open } = sessionWithGate();
    await session.receive(JSON.stringify({ msg: "connect", version: "1", support: ["1"] }));
    const total = MAX_WAITING_MESSAGES + 11;
    const done: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      done.push(session.receive(JSON.stringify({ msg: "method", id: `m${n}`, method: "slow", params: [n] })));
    }
    // The first MAX_WAITING_MESSAGES wait their turn (the first is held at the gate); the rest are refused now.
    const refusedNow = sent.filter((m) => m.msg === "result" && m.error);
    expect(refusedNow.map((m) => m.id)).toEqual(
      Array.from({ length: total - MAX_WAITING_MESSAGES }, (_, i) => `m${MAX_WAITING_MESSAGES + i}`),
    );
    expect(refusedNow[0]?.error).toMatchObject({ error: "too-many-requests", details: { timeToReset: 1000 } });
    // A refused call gets its `updated` too, so a client's call completes.
    expect(sent.filter((m) => m.msg === "updated").length).toBe(refusedNow.length);
    open();
    await Promise.all(done);
    expect(ran).toEqual(Array.from({ length: MAX_WAITING_MESSAGES }, (_, n) => n));
    // Once the queue has room again, calls are taken as before.
    await session.receive(JSON.stringify({ msg: "method", id: "later", method: "slow", params: [-1] }));
    expect(sent.find((m) => m.msg === "result" && m.id === "later")).toMatchObject({ result: -1 });
  });
});

describe("the room's write queue", () => {
  it("runs one write at a time, taking turns between lanes in the order they arrived", async () => {
    const queue = new WriteQueue();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const write = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      order.push(name);
      running--;
    };
    const all = [
      queue.run(write("flood 1"), "flooder"),
      queue.run(write("flood 2"), "flooder"),
      queue.run(write("flood 3"), "flooder"),
      queue.run(write("sync 1")),
      queue.run(write("alice 1"), "alice"),
      queue.run(write("sync 2")),
    ];
    await Promise.all(all);
    expect(most).toBe(1);
    expect(order).toEqual(["flood 1", "sync 1", "alice 1", "flood 2", "sync 2", "flood 3"]);
  });

  it("answers a failed write's caller and goes on with the next", async () => {
    const queue = new WriteQueue();
    const failed = queue.run(async () => {
      throw new Error("refused");
    }, "a");
    const next = queue.run(async () => "done", "b");
    await expect(failed).rejects.toThrow("refused");
    await expect(next).resolves.toBe("done");
  });
});
