/**
 * Runs a room's writes one after another, taking turns between writers.
 *
 * One at a time: a Durable Object handles other messages while it awaits
 * D1, so without this two edits of one item could both read the same
 * "before" version — and the dashboard, which counts "before out, after
 * in", would count it out twice.
 *
 * Taking turns: each write names its lane (the person it is for, or the
 * server's own jobs), and lanes are served round-robin, one write each. A
 * flood from one person, or a store sync storing page after page, waits its
 * turn behind everyone else's next write instead of in front of it.
 *
 * Bounded: a person's lane holds at most MAX_WAITING_PER_LANE writes; past
 * that a write is refused at once with `too-many-requests`, so no one can
 * build a backlog that keeps the room busy for everyone else. (The
 * server's lane is its own jobs, paced by them, and is not bounded.)
 */
import { tooManyRequests } from "../live/rate-limit-rules";
import { yieldToRuntime } from "../live/yield";

export const SERVER_LANE = "server";
export const MAX_WAITING_PER_LANE = 8;
/** What a write refused for a full lane is told to wait. */
const FULL_LANE_RETRY_MS = 1_000;

type Task = () => Promise<void>;

export class WriteQueue {
  /** Waiting writes per lane; iteration order is the turn order. */
  private readonly lanes = new Map<string, Task[]>();
  private draining = false;

  run<T>(write: () => Promise<T>, lane: string = SERVER_LANE): Promise<T> {
    const waiting = this.lanes.get(lane);
    if (lane !== SERVER_LANE && waiting && waiting.length >= MAX_WAITING_PER_LANE) {
      return Promise.reject(tooManyRequests(FULL_LANE_RETRY_MS));
    }
    return new Promise<T>((resolve, reject) => {
      // A failed write answers its own caller; the next write still runs.
      const task: Task = () => write().then(resolve, reject);
      if (waiting) waiting.push(task);
      else this.lanes.set(lane, [task]);
      if (!this.draining) {
        this.draining = true;
        queueMicrotask(() => void this.drain());
      }
    });
  }

  /** Writes waiting (for tests and benchmarks). */
  get size(): number {
    let total = 0;
    for (const waiting of this.lanes.values()) total += waiting.length;
    return total;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const first = this.lanes.entries().next();
      if (first.done) break;
      const [lane, waiting] = first.value;
      const task = waiting.shift() as Task;
      // This lane goes to the back of the turn order (or leaves it when empty).
      this.lanes.delete(lane);
      if (waiting.length > 0) this.lanes.set(lane, waiting);
      await task();
      // More waiting: let the runtime hand the object its other events first (another person's
      // message, a heartbeat). Writes resolve without I/O now that they are the room's own SQLite,
      // so without this a backlog would run to its end as one uninterrupted burst.
      if (this.lanes.size > 0) await yieldToRuntime();
    }
    this.draining = false;
  }
}
