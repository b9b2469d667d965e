/**
 * Method calls, in Meteor's blocks.
 *
 * Calls are grouped into blocks; only the first block is on the wire. A
 * plain call joins the last block if that one is plain too, so plain calls
 * run concurrently; a `wait` call gets a block of its own, so it is sent only
 * after every earlier call has finished and later calls queue behind it. A
 * call finishes when it has both its `result` and its `updated` (the data it
 * wrote is visible), which may arrive in either order.
 *
 * Ids are "1", "2", … for the life of the connection object, never reset:
 * together with the session id they name a call for the server's
 * exactly-once cache, so a re-sent call is answered instead of run twice.
 *
 * A call the server refused with `too-many-requests` did not run: when the
 * wait it names is short (a busy room pushing back), it goes again by
 * itself once the wait is over — as a new call with the same random seed,
 * so whatever it creates keeps its ids — a few times at most. A long wait
 * (e.g. a login locked for minutes) is the caller's to show. Calls go at
 * most at the pace of the server's call budget (send-budget.ts), in order.
 */
import { CALL_BUDGET_WINDOW, CALLS_PER_CONNECTION, UNCOUNTED_CALLS } from "../../protocol/constants";
import type { ClientMessage } from "../../protocol/ddp";
import { clone } from "../../protocol/ejson";
import { fromWireError, LiveError } from "../../protocol/errors";
import { randomId } from "./random-id";
import { SendBudget } from "./send-budget";

export interface ApplyOptions {
  /** Run alone: after all earlier calls finish, before any later one. */
  wait?: boolean;
  /** Never re-send after a reconnect; fail with `invocation-failed` instead. */
  noRetry?: boolean;
  /** The call's random seed, when it is made again (from the journal of waiting calls) and must keep its ids. */
  randomSeed?: string;
}

export const INVOCATION_FAILED = "invocation-failed";
/** Refusals a call waits out by itself, and the longest wait it waits out. */
export const MAX_PUSHBACK_RETRIES = 3;
export const MAX_PUSHBACK_WAIT_MS = 10_000;

type Outcome = { ok: true; value: unknown } | { ok: false; error: LiveError };

interface Invocation {
  readonly id: string;
  readonly name: string;
  readonly params: readonly unknown[];
  readonly randomSeed: string;
  readonly noRetry: boolean;
  /** Went out on the latest socket (cleared when a new one opens). */
  sent: boolean;
  /** Times the server pushed back and the call went again. */
  retries: number;
  /** Not to be sent before this time (ms since the epoch): waiting out a refusal. */
  notBefore: number;
  outcome: Outcome | null;
  dataVisible: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: LiveError) => void;
}

interface Block {
  readonly wait: boolean;
  readonly calls: Invocation[];
}

/** What happens around a call's life: its stub runs as it is made, its writes go when it is settled. */
export interface CallHooks {
  /** A call was made (`seed` names it for good: a re-sent call keeps it). */
  started?(name: string, params: readonly unknown[], seed: string): void;
  /**
   * The call is over: `answered` (its result and data in, or refused) or
   * given up with the connection (`closed`: it may still be made again from
   * the journal when the page opens the connection anew).
   */
  settled?(seed: string, how: "answered" | "closed"): void;
}

export class Methods {
  private nextId = 1;
  private blocks: Block[] = [];
  private readonly byId = new Map<string, Invocation>();
  private stashed: Block[] | null = null;
  /** 90% of the server's budget: room for jitter between our clock and its windows. */
  private readonly budget = new SendBudget(Math.floor(CALLS_PER_CONNECTION * 0.9), CALL_BUDGET_WINDOW);
  /** A call of the first block is held back by the budget: later ones wait behind it. */
  private heldBack = false;
  private budgetTimer = false;

  constructor(
    private readonly send: (message: ClientMessage) => boolean,
    private readonly clock: { now(): number; later(run: () => void, ms: number): void } = {
      now: () => Date.now(),
      later: (run, ms) => void setTimeout(run, ms),
    },
    private readonly hooks: CallHooks = {},
  ) {}

  apply(name: string, params: readonly unknown[], options: ApplyOptions = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call: Invocation = {
        id: String(this.nextId++),
        name,
        // Copied now: a re-send after a reconnect must carry what was called.
        params: clone([...params]),
        randomSeed: options.randomSeed ?? randomId(20),
        noRetry: options.noRetry === true,
        sent: false,
        retries: 0,
        notBefore: 0,
        outcome: null,
        dataVisible: false,
        resolve,
        reject,
      };
      this.byId.set(call.id, call);
      this.hooks.started?.(name, call.params, call.randomSeed);
      const last = this.blocks.at(-1);
      if (options.wait || !last || last.wait) this.blocks.push({ wait: options.wait === true, calls: [call] });
      else last.calls.push(call);
      const inOrder = !this.heldBack || UNCOUNTED_CALLS.includes(name);
      if (inOrder && this.blocks[0]?.calls.includes(call)) this.sendIfBudget(call, this.clock.now());
    });
  }

  /** `result {id, result?, error?}`. */
  receiveResult(id: string, result: unknown, error: unknown): void {
    const call = this.byId.get(id);
    if (!call || call.outcome) return;
    call.outcome = error === undefined ? { ok: true, value: result } : { ok: false, error: fromWireError(error) };
    this.maybeFinish(call);
  }

  /** `updated {methods}`: each call's writes are now in the local store. */
  receiveUpdated(ids: readonly string[]): void {
    for (const id of ids) {
      const call = this.byId.get(id);
      if (!call) continue;
      call.dataVisible = true;
      this.maybeFinish(call);
    }
  }

  /**
   * A socket opened. Calls that were sent with `noRetry` and have no result
   * fail now (they may or may not have run). The rest are set aside so that
   * calls made by reconnect hooks (the resume login) go out first.
   */
  beginReconnect(): void {
    for (const call of this.byId.values()) {
      if (call.noRetry && call.sent && !call.outcome) {
        this.remove(call);
        call.reject(
          new LiveError(
            INVOCATION_FAILED,
            "Method invocation might have failed due to dropped connection. " +
              "Failing because `noRetry` option was passed to apply.",
          ),
        );
      }
      call.sent = false;
    }
    this.budget.reset();
    this.stashed = this.blocks;
    this.blocks = [];
  }

  /** After the reconnect hooks: put the older calls back and send the first block. */
  endReconnect(): void {
    const old = this.stashed ?? [];
    this.stashed = null;
    const last = this.blocks.at(-1);
    const first = old[0];
    // Plain calls from the hooks and plain older calls may run together.
    if (last && first && !last.wait && !first.wait) {
      last.calls.push(...first.calls);
      old.shift();
    }
    this.blocks.push(...old);
    this.sendFirstBlock();
  }

  /** Calls sent on this socket that still await a result: quiescence waits for their `updated`. */
  sentWithoutResult(): string[] {
    return [...this.byId.values()].filter((call) => call.sent && !call.outcome).map((call) => call.id);
  }

  /**
   * Calls that had their result but lost their `updated` with the old socket.
   * The new session will never send it, so their data counts as visible once
   * reconnect quiescence has reset the store.
   */
  finishHalfDone(): void {
    for (const call of [...this.byId.values()]) {
      if (call.outcome && !call.sent) {
        call.dataVisible = true;
        this.maybeFinish(call);
      }
    }
  }

  /** The connection is closing for good: no call can finish any more. */
  failAll(error: LiveError): void {
    const calls = [...this.byId.values()];
    this.byId.clear();
    this.blocks = [];
    this.stashed = null;
    for (const call of calls) {
      this.hooks.settled?.(call.randomSeed, "closed");
      call.reject(error);
    }
  }

  private maybeFinish(call: Invocation): void {
    if (!call.outcome || !call.dataVisible) return;
    if (!call.outcome.ok && this.waitOutPushback(call, call.outcome.error)) return;
    this.remove(call);
    if (call.outcome.ok) call.resolve(call.outcome.value);
    else call.reject(call.outcome.error);
    this.sendFirstBlock();
  }

  /** Puts a refused call back, as a new call with the same seed, to go once the server's wait is over. */
  private waitOutPushback(call: Invocation, error: LiveError): boolean {
    const wait = (error.details as { timeToReset?: unknown } | undefined)?.timeToReset;
    if (error.error !== "too-many-requests" || typeof wait !== "number") return false;
    if (wait > MAX_PUSHBACK_WAIT_MS || call.retries >= MAX_PUSHBACK_RETRIES) return false;
    const again: Invocation = {
      ...call,
      id: String(this.nextId++),
      sent: false,
      outcome: null,
      dataVisible: false,
      retries: call.retries + 1,
      notBefore: this.clock.now() + wait,
    };
    this.byId.delete(call.id);
    this.byId.set(again.id, again);
    for (const list of [this.blocks, this.stashed ?? []]) {
      for (const block of list) {
        const index = block.calls.indexOf(call);
        if (index >= 0) block.calls[index] = again;
      }
    }
    this.clock.later(() => this.sendFirstBlock(), wait);
    return true;
  }

  private remove(call: Invocation): void {
    this.byId.delete(call.id);
    this.hooks.settled?.(call.randomSeed, "answered");
    for (const list of [this.blocks, this.stashed ?? []]) {
      for (const block of list) {
        const index = block.calls.indexOf(call);
        if (index >= 0) block.calls.splice(index, 1);
      }
    }
    // An emptied block is done; the next one becomes first.
    this.blocks = this.blocks.filter((block) => block.calls.length > 0);
    if (this.stashed) this.stashed = this.stashed.filter((block) => block.calls.length > 0);
  }

  private sendFirstBlock(): void {
    const now = this.clock.now();
    this.heldBack = false;
    for (const call of this.blocks[0]?.calls ?? []) {
      if (call.sent || call.outcome || call.notBefore > now) continue;
      // Once the budget is spent, counted calls wait in order; upload chunks (not counted) still go.
      if (this.heldBack && !UNCOUNTED_CALLS.includes(call.name)) continue;
      this.sendIfBudget(call, now);
    }
  }

  /** Sends `call` unless the budget is spent; then it and every later call wait for the budget. */
  private sendIfBudget(call: Invocation, now: number): boolean {
    if (!UNCOUNTED_CALLS.includes(call.name) && !this.budget.take(now)) {
      this.heldBack = true;
      if (!this.budgetTimer) {
        this.budgetTimer = true;
        this.clock.later(
          () => {
            this.budgetTimer = false;
            this.sendFirstBlock();
          },
          Math.max(1, this.budget.nextFreeAt(now) - now),
        );
      }
      return false;
    }
    this.sendCall(call);
    return true;
  }

  private sendCall(call: Invocation): void {
    call.sent = this.send({
      msg: "method",
      id: call.id,
      method: call.name,
      params: [...call.params],
      randomSeed: call.randomSeed,
    });
  }
}
