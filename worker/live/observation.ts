/**
 * An observed cursor's live result set, kept in step with the host's change
 * stream and shared by every subscription in this object that asks for the
 * same query (Meteor's observe multiplexer): a whole team with one room's
 * catalogue open costs one D1 read, not one per person, and a second
 * person's catalogue opens from memory. Its documents are one set of shared
 * field objects, so the connections' merge boxes hold references, not
 * copies, and each change is diffed once for every subscriber.
 *
 * A cursor names its query with `key`; cursors without one get an
 * observation of their own. Polled cursors are shared the same way
 * (polled-results.ts). An observation lives while a subscription
 * watches it: the last one leaving stops it, and the next reads afresh.
 */
import type { ChangeHub } from "./change-hub";
import { type PolledCursor, PolledResults } from "./polled-results";
import { fieldsOf, type ObservationWatcher, ResultSet } from "./result-set";
import type { Change, Cursor } from "./types";

export type { ObservationWatcher } from "./result-set";

export type ObservedCursor = Extract<Cursor, { kind: "observed" }>;

export interface ObservationHandle {
  /** Resolves once the whole set has been read (the subscription is then `ready`); rejects if a read failed. */
  loaded: Promise<void>;
  stop(): void;
}

class Observation extends ResultSet {
  /** Changes seen while the initial reads run, applied after them; null once loaded. */
  private during: Change[] | null = [];
  private readonly stopListening: () => void;
  readonly loaded: Promise<void>;

  constructor(
    private readonly cursor: ObservedCursor,
    hub: ChangeHub,
  ) {
    super();
    // Listening before reading: a D1 read does not hold the object's input
    // gate, so writes can land while it runs; they are applied after it.
    this.stopListening = hub.listen((change) => {
      if (change.collection !== cursor.collection) return;
      if (this.during) this.during.push(change);
      else this.apply(change);
    });
    this.loaded = this.load();
    // Watchers await `loaded` themselves; this keeps a failure nobody awaits yet from going unhandled.
    this.loaded.catch(() => {});
  }

  override stop(): void {
    super.stop();
    this.stopListening();
  }

  private async load(): Promise<void> {
    const { first } = this.cursor;
    let complete = false;
    if (first) {
      // The first screenful goes out at the end of this turn, while the rest is read.
      const docs = await first.read();
      if (this.stopped) return;
      for (const doc of docs) this.set(doc._id, fieldsOf(doc));
      // Fewer than asked for is the whole set: no second read.
      complete = docs.length < first.count;
    }
    if (!complete) {
      const all = await this.cursor.fetch();
      if (this.stopped) return;
      // What was read first but is gone by the full read goes (changes meanwhile are replayed below).
      this.replace(all);
    }
    const missed = this.during ?? [];
    this.during = null;
    for (const change of missed) this.apply(change);
  }

  private apply(change: Change): void {
    if (this.stopped) return;
    const { id, doc } = change;
    if (doc !== null && this.cursor.matches(doc)) this.set(id, fieldsOf(this.cursor.project?.(doc) ?? doc));
    else this.delete(id);
  }
}

/** This object's running observations and polled results, by query key. */
export class ObservationPool {
  private readonly shared = new Map<string, ResultSet>();

  /** `hub`: the object's change stream, which every observation (and polled subscription) follows. */
  constructor(readonly hub: ChangeHub) {}

  /** Starts `watcher` on the cursor's query: joins a running observation of the same key, or starts one. */
  observe(cursor: ObservedCursor | PolledCursor, watcher: ObservationWatcher): ObservationHandle {
    const key = cursor.key === undefined ? null : `${cursor.kind}\u0000${cursor.collection}\u0000${cursor.key}`;
    let observation: ResultSet | undefined = key === null ? undefined : this.shared.get(key);
    if (!observation) {
      observation =
        cursor.kind === "observed" ? new Observation(cursor, this.hub) : new PolledResults(cursor, this.hub);
      if (key !== null) {
        const started = observation;
        this.shared.set(key, started);
        // A failed read is not shared with later subscribers: they read again.
        started.loaded.catch(() => {
          started.stop();
          this.forget(key, started);
        });
      }
    }
    const running = observation;
    running.watch(watcher);
    let stopped = false;
    return {
      loaded: running.loaded,
      stop: () => {
        if (stopped) return;
        stopped = true;
        running.unwatch(watcher);
        if (!running.idle) return;
        running.stop();
        if (key !== null) this.forget(key, running);
      },
    };
  }

  /** How many shared observations run (for tests). */
  get size(): number {
    return this.shared.size;
  }

  /** Documents the shared observations hold, together. */
  documentCount(): number {
    let count = 0;
    for (const observation of this.shared.values()) count += observation.documentCount;
    return count;
  }

  private forget(key: string, observation: ResultSet): void {
    if (this.shared.get(key) === observation) this.shared.delete(key);
  }
}
