/**
 * Sends one store call per item (publish or unpublish), a few at a time, and
 * keeps each item's state for a progress list. No React here: the list
 * reads `snapshot()` and re-reads it when `subscribe`'s listener is called.
 *
 * - At most `concurrency` calls are in flight; the others wait their turn,
 *   in the order given.
 * - One item's failure is recorded with its reason and the others go on.
 * - `stop()` sends nothing more: the waiting items become "stopped", the
 *   calls already sent finish and are recorded as they end.
 * - `retryFailed()` sends the failed items again (and only those);
 *   `resume()` sends the stopped ones.
 */

export type QueueEntryState = "waiting" | "sending" | "done" | "failed" | "stopped";

export interface QueueItem {
  readonly id: string;
  /** What the list shows for the item (its title when the queue was made). */
  readonly title: string;
}

export interface QueueEntry extends QueueItem {
  readonly state: QueueEntryState;
  /** Why the last call for this item failed ("" unless it did). */
  readonly reason: string;
}

export interface QueueSnapshot {
  /** One entry per item, in the order given. */
  readonly entries: readonly QueueEntry[];
  readonly total: number;
  readonly waiting: number;
  readonly sending: number;
  readonly done: number;
  readonly failed: number;
  readonly stopped: number;
  /** Items whose call has ended, well or not: the overall bar's value. */
  readonly finished: number;
  /** Something is in flight or still to be sent. */
  readonly running: boolean;
}

export interface PublishQueueOptions {
  items: readonly QueueItem[];
  /** The call for one item; its rejection marks that item failed. */
  send: (id: string) => Promise<unknown>;
  /** Calls in flight at most (3 unless told). */
  concurrency?: number;
  /** The reason shown for a failed item. */
  describeError?: (error: unknown) => string;
}

export interface PublishQueue {
  snapshot(): QueueSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Sends the waiting items; resolves once nothing is in flight or waiting. */
  run(): Promise<QueueSnapshot>;
  /** Sends no more: the waiting items become "stopped". Calls in flight still end normally. */
  stop(): void;
  /** Sends the failed items again; resolves like `run`. */
  retryFailed(): Promise<QueueSnapshot>;
  /** Sends the stopped items; resolves like `run`. */
  resume(): Promise<QueueSnapshot>;
}

export const PUBLISH_CONCURRENCY = 3;

const defaultDescribe = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : "Something went wrong";

export function createPublishQueue({
  items,
  send,
  concurrency = PUBLISH_CONCURRENCY,
  describeError = defaultDescribe,
}: PublishQueueOptions): PublishQueue {
  const limit = Math.max(1, Math.floor(concurrency));
  let entries: QueueEntry[] = items.map(({ id, title }) => ({ id, title, state: "waiting", reason: "" }));
  // Indexes of the waiting entries, in the order they are sent; those before `head` are sent already.
  let pending: number[] = entries.map((_, index) => index);
  let head = 0;
  const waitingCount = () => pending.length - head;
  let inFlight = 0;
  let cached: QueueSnapshot | null = null;
  const listeners = new Set<() => void>();
  let idleWaiters: Array<(snapshot: QueueSnapshot) => void> = [];

  function snapshot(): QueueSnapshot {
    if (cached) return cached;
    const counts: Record<QueueEntryState, number> = { waiting: 0, sending: 0, done: 0, failed: 0, stopped: 0 };
    for (const entry of entries) counts[entry.state] += 1;
    cached = {
      entries,
      total: entries.length,
      ...counts,
      finished: counts.done + counts.failed,
      running: inFlight > 0 || waitingCount() > 0,
    };
    return cached;
  }

  function changed(): void {
    cached = null;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        // A broken listener must not stall the queue.
        console.error(error);
      }
    }
  }

  function setStates(indexes: readonly number[], state: QueueEntryState, reason = ""): void {
    if (indexes.length === 0) return;
    const next = entries.slice();
    for (const index of indexes) {
      const entry = next[index];
      if (entry) next[index] = { ...entry, state, reason };
    }
    entries = next;
  }

  function settleIfIdle(): void {
    if (inFlight > 0 || waitingCount() > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    const result = snapshot();
    for (const resolve of waiters) resolve(result);
  }

  function sendOne(index: number): void {
    const entry = entries[index];
    if (!entry) return;
    inFlight += 1;
    setStates([index], "sending");
    let call: Promise<unknown>;
    try {
      call = Promise.resolve(send(entry.id));
    } catch (error) {
      call = Promise.reject(error);
    }
    call.then(
      () => finish(index, "done", ""),
      (error: unknown) => finish(index, "failed", describeError(error)),
    );
  }

  function finish(index: number, state: "done" | "failed", reason: string): void {
    inFlight -= 1;
    setStates([index], state, reason);
    pump();
  }

  function pump(): void {
    while (inFlight < limit && waitingCount() > 0) {
      const index = pending[head];
      head += 1;
      if (index !== undefined) sendOne(index);
    }
    changed();
    settleIfIdle();
  }

  function whenIdle(): Promise<QueueSnapshot> {
    const done = new Promise<QueueSnapshot>((resolve) => idleWaiters.push(resolve));
    pump();
    return done;
  }

  /** Makes the entries in `from` state waiting again and sends them. */
  function again(from: "failed" | "stopped"): Promise<QueueSnapshot> {
    const indexes: number[] = [];
    entries.forEach((entry, index) => {
      if (entry.state === from) indexes.push(index);
    });
    setStates(indexes, "waiting");
    pending = [...pending.slice(head), ...indexes];
    head = 0;
    return whenIdle();
  }

  return {
    snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    run: whenIdle,
    stop() {
      if (waitingCount() === 0) return;
      const stopped = pending.slice(head);
      pending = [];
      head = 0;
      setStates(stopped, "stopped");
      changed();
      settleIfIdle();
    },
    retryFailed: () => again("failed"),
    resume: () => again("stopped"),
  };
}
