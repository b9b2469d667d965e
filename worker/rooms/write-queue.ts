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
 *
 * Exactly once: a write a method call makes is keyed by the call
 * (live/call-scope.ts) and recorded with what it answered in the same turn
 * as its statements, so they commit together. A call run again — re-sent
 * after a crash lost its answer — gets that answer back and writes nothing
 * (docs/architecture.md §10). This holds because a write reads and writes
 * only the room's SQLite, with no I/O between its last statement and its
 * answer; a write that waits on the network between them (a store
 * publish) is exactly once only as far as its own ids make it.
 */
import type { AppliedWrites } from "../db/room/applied-writes-repo";
import { nextWriteKey } from "../live/call-scope";
import { tooManyRequests } from "../live/rate-limit-rules";
import { yieldToRuntime } from "../live/yield";

export const SERVER_LANE = "server";
export const MAX_WAITING_PER_LANE = 8;
/** What a write refused for a full lane is told to wait. */
const FULL_LANE_RETRY_MS = 1_000;

type Task = () => Promise<void>;

export interface WriteOptions {
  /**
   * The write is exactly once by itself (a bulk job's chunk, by the job's
   * position), so it is not keyed by the call that started it.
   */
  keyedByItself?: boolean;
}

export class WriteQueue {
  /** Waiting writes per lane; iteration order is the turn order. */
  private readonly lanes = new Map<string, Task[]>();
  private draining = false;

  /** `applied`: where calls' writes are remembered (none: writes are not keyed). */
  constructor(private readonly applied: AppliedWrites | null = null) {}

  run<T>(write: () => Promise<T>, lane: string = SERVER_LANE, options: WriteOptions = {}): Promise<T> {
    const waiting = this.lanes.get(lane);
    if (lane !== SERVER_LANE && waiting && waiting.length >= MAX_WAITING_PER_LANE) {
      return Promise.reject(tooManyRequests(FULL_LANE_RETRY_MS));
    }
    // Taken now, in the caller's call: the queue runs the write later, in no call of its own.
    const key = this.applied && !options.keyedByItself ? nextWriteKey() : null;
    const once = key ? () => this.once(key, write) : write;
    return new Promise<T>((resolve, reject) => {
      // A failed write answers its own caller; the next write still runs.
      const task: Task = () => once().then(resolve, reject);
      if (waiting) waiting.push(task);
      else this.lanes.set(lane, [task]);
      if (!this.draining) {
        this.draining = true;
        queueMicrotask(() => void this.drain());
      }
    });
  }

  /** Runs a call's write unless the call made it already; records it, in the write's own turn. */
  private async once<T>(key: string, write: () => Promise<T>): Promise<T> {
    const applied = this.applied as AppliedWrites;
    const earlier = applied.find(key);
    if (earlier) return earlier.answer as T;
    const answer = await write();
    applied.record(key, answer);
    return answer;
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
