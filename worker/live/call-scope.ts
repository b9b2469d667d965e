/**
 * The method call a piece of work belongs to, carried through its awaits
 * (AsyncLocalStorage). A host's write queue asks it for a key per write, so
 * a call run a second time — re-sent after a crash that lost its answer —
 * finds its writes already applied instead of making them twice
 * (docs/architecture.md §10). The live layer only names calls; what a
 * "write" is belongs to the host.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface CallScope {
  readonly key: string;
  /** Writes keyed so far (a call's n-th write is `key#n`, the same on every run of it). */
  writes: number;
  /** Until the method answers: work it leaves behind (a background task) is not the call's. */
  open: boolean;
}

const scope = new AsyncLocalStorage<CallScope>();

/**
 * Names one call for as long as it can be re-sent: by its random seed when it
 * has one (the client keeps it with the call on the device, across reloads
 * and sessions), else by the session and method id a resumed session re-sends
 * it with. The user and method are part of it, so no one can replay another's.
 */
export function callKey(call: {
  userId: string | null;
  method: string;
  sessionId: string;
  methodId: string;
  randomSeed: string | undefined;
}): string {
  const who = `${call.userId ?? "-"}\u0000${call.method}`;
  return call.randomSeed
    ? `${who}\u0000seed\u0000${call.randomSeed}`
    : `${who}\u0000call\u0000${call.sessionId}\u0000${call.methodId}`;
}

/**
 * How a call ended: its value, or what it threw. A refusal travels as a
 * value from here on, not as a rejection thrown again at each await on its
 * way out: that made a refused call cost 0.03–0.09 ms more than an answered
 * one, a tenth of a ping (docs/scale.md §7, "A cheap call").
 */
export type CallOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs a method as the call `key`; the scope closes when it settles. */
export async function runAsCall<T>(key: string, run: () => T | PromiseLike<T>): Promise<CallOutcome<T>> {
  const call: CallScope = { key, writes: 0, open: true };
  try {
    return await scope.run(call, () => settle(run));
  } finally {
    call.open = false;
  }
}

/** `run`'s outcome, never a rejection. */
function settle<T>(run: () => T | PromiseLike<T>): CallOutcome<T> | Promise<CallOutcome<T>> {
  try {
    const result = run();
    if (!isThenable(result)) return { ok: true, value: result };
    return Promise.resolve(result).then(
      (value): CallOutcome<T> => ({ ok: true, value }),
      (error: unknown): CallOutcome<T> => ({ ok: false, error }),
    );
  } catch (error) {
    return { ok: false, error };
  }
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** The key of the next write the current call makes, or null outside a call. */
export function nextWriteKey(): string | null {
  const call = scope.getStore();
  if (!call?.open) return null;
  return `${call.key}#${call.writes++}`;
}

/** Runs work started by a call that is not the call's own (a background task, a job keyed by itself). */
export function outsideCall<T>(run: () => T): T {
  return scope.exit(run);
}
