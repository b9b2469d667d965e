/**
 * A call the server pushed back (`too-many-requests` with a short wait) did
 * not run: the client sends it again by itself once the wait is over, as a
 * new call with the same random seed, a few times at most. A long wait is
 * the caller's to show.
 */
import { describe, expect, it } from "vitest";
import { MAX_PUSHBACK_RETRIES, Methods } from "../../app/live/methods";
import { CALL_BUDGET_WINDOW, CALLS_PER_CONNECTION } from "../../protocol/constants";
import type { ClientMessage } from "../../protocol/ddp";
import { tooManyRequestsWire } from "../support/wire-errors";

function harness() {
  const sent: Extract<ClientMessage, { msg: "method" }>[] = [];
  let now = 1_000_000;
  const timers: { at: number; run: () => void }[] = [];
  const methods = new Methods(
    (message) => {
      if (message.msg === "method") sent.push(message);
      return true;
    },
    { now: () => now, later: (run, ms) => void timers.push({ at: now + ms, run }) },
  );
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0)) {
      if (timer.at <= now) timer.run();
      else timers.push(timer);
    }
  };
  const answer = (id: string, result: unknown, error?: unknown) => {
    methods.receiveResult(id, result, error);
    methods.receiveUpdated([id]);
  };
  return { methods, sent, advance, answer };
}

describe("a call the server pushed back", () => {
  it("goes again after the wait, as a new call with the same seed, and resolves with its answer", async () => {
    const { methods, sent, advance, answer } = harness();
    const done = methods.apply("items.add", [{ title: "Lamp" }]);
    expect(sent).toHaveLength(1);
    const first = sent[0] as (typeof sent)[0];
    answer(first.id, undefined, tooManyRequestsWire(1000));
    advance(999);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toHaveLength(2);
    const again = sent[1] as (typeof sent)[0];
    expect(again.id).not.toBe(first.id);
    expect(again.randomSeed).toBe(first.randomSeed);
    expect(again.params).toEqual(first.params);
    answer(again.id, "item-1");
    await expect(done).resolves.toBe("item-1");
  });

  it("gives up after a few refusals, and at once on a long wait (a locked login)", async () => {
    const { methods, sent, advance, answer } = harness();
    const busy = methods.apply("items.add", [{ title: "Lamp" }]);
    for (let i = 0; i <= MAX_PUSHBACK_RETRIES; i++) {
      answer((sent.at(-1) as (typeof sent)[0]).id, undefined, tooManyRequestsWire(500));
      advance(500);
    }
    await expect(busy).rejects.toMatchObject({ error: "too-many-requests" });
    expect(sent).toHaveLength(MAX_PUSHBACK_RETRIES + 1);

    const login = methods.apply("login", [{ user: { email: "a@b.c" }, password: "x" }]);
    answer((sent.at(-1) as (typeof sent)[0]).id, undefined, tooManyRequestsWire(14 * 60_000));
    await expect(login).rejects.toMatchObject({ error: "too-many-requests" });
  });
});

describe("a burst of calls (edits made offline, sent when the line is back)", () => {
  it("goes at the pace of the server's call budget, in order, with upload chunks not held back", async () => {
    const { methods, sent, advance, answer } = harness();
    const burst = Array.from({ length: 400 }, (_, i) => methods.apply("items.update", [`item-${i}`, { quantity: i }]));
    const firstWindow = sent.length;
    expect(firstWindow).toBeLessThan(CALLS_PER_CONNECTION);
    expect(firstWindow).toBeGreaterThan(CALLS_PER_CONNECTION / 2);
    // An upload chunk is bounded by the upload window, not the budget: it goes at once.
    methods.apply("files.write", ["upload-1", 1, new Uint8Array([1])]);
    expect(sent.at(-1)?.method).toBe("files.write");
    for (const message of sent.splice(0)) answer(message.id, null);

    // Nothing more inside the window; the rest follows window by window, in the order made.
    advance(CALL_BUDGET_WINDOW - 1);
    expect(sent).toHaveLength(0);
    const order: number[] = [];
    for (let window = 0; window < 4; window++) {
      advance(CALL_BUDGET_WINDOW);
      expect(sent.length).toBeLessThanOrEqual(firstWindow);
      for (const message of sent.splice(0)) {
        order.push((message.params?.[1] as { quantity: number } | undefined)?.quantity ?? -1);
        answer(message.id, null);
      }
    }
    expect(order).toEqual(Array.from({ length: 400 - firstWindow }, (_, i) => firstWindow + i));
    await Promise.all(burst);
  });
});
