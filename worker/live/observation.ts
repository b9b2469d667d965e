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
 * observation of their own. An observation lives while a subscription
 * watches it: the last one leaving stops it, and the next reads afresh.
 */
import type { Fields } from "../../protocol/ddp";
import { equals } from "../../protocol/ejson";
import type { ChangeHub } from "./change-hub";
import type { Change, Cursor, Doc } from "./types";

export type ObservedCursor = Extract<Cursor, { kind: "observed" }>;

/** What a watching subscription is told; `fields` and `after` are shared, never mutated. */
export interface ObservationWatcher {
  added(id: string, fields: Fields): void;
  changed(id: string, diff: Fields, after: Fields): void;
  removed(id: string): void;
}

export interface ObservationHandle {
  /** Resolves once the whole set has been read (the subscription is then `ready`); rejects if a read failed. */
  loaded: Promise<void>;
  stop(): void;
}

/**
 * A document's fields computed once per document object: every observation
 * of the same change then hands the same object to every merge box, which
 * passes it on as is when it sends all of it (see encodeData).
 */
const fieldsCache = new WeakMap<Doc, Fields>();

export function fieldsOf(doc: Doc): Fields {
  let fields = fieldsCache.get(doc);
  if (!fields) {
    const { _id, ...rest } = doc;
    fields = rest;
    fieldsCache.set(doc, fields);
  }
  return fields;
}

/** Fields that differ between two versions; removed fields map to undefined. */
export function diffFields(before: Fields, after: Fields): Fields {
  const diff: Fields = {};
  for (const [key, value] of Object.entries(after)) {
    if (key !== "_id" && !equals(before[key], value)) diff[key] = value;
  }
  for (const key of Object.keys(before)) if (key !== "_id" && !(key in after)) diff[key] = undefined;
  return diff;
}

class Observation {
  /** The current result set: id → fields (without `_id`). */
  private readonly docs = new Map<string, Fields>();
  private readonly watchers = new Set<ObservationWatcher>();
  /** Changes seen while the initial reads run, applied after them; null once loaded. */
  private during: Change[] | null = [];
  private stopped = false;
  private readonly stopListening: () => void;
  readonly loaded: Promise<void>;

  constructor(
    private readonly cursor: ObservedCursor,
    hub: ChangeHub,
  ) {
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

  get idle(): boolean {
    return this.watchers.size === 0;
  }

  /** Documents in its result set (what it holds in memory). */
  get documentCount(): number {
    return this.docs.size;
  }

  /** Tells `watcher` every document held so far, then every change from now on. */
  watch(watcher: ObservationWatcher): void {
    for (const [id, fields] of this.docs) watcher.added(id, fields);
    this.watchers.add(watcher);
  }

  unwatch(watcher: ObservationWatcher): void {
    this.watchers.delete(watcher);
  }

  stop(): void {
    this.stopped = true;
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
      const early = new Set(this.docs.keys());
      for (const doc of all) {
        early.delete(doc._id);
        this.set(doc._id, fieldsOf(doc));
      }
      // Read first but gone by the full read (changes meanwhile are replayed below; this is for safety).
      for (const id of early) this.delete(id);
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

  /** Adds or updates a document; a change that alters nothing (already read) tells nobody. */
  private set(id: string, fields: Fields): void {
    const before = this.docs.get(id);
    this.docs.set(id, fields);
    if (!before) {
      for (const watcher of this.watchers) watcher.added(id, fields);
      return;
    }
    if (before === fields) return;
    const diff = diffFields(before, fields);
    if (Object.keys(diff).length === 0) return;
    for (const watcher of this.watchers) watcher.changed(id, diff, fields);
  }

  private delete(id: string): void {
    if (!this.docs.delete(id)) return;
    for (const watcher of this.watchers) watcher.removed(id);
  }
}

/** This object's running observations, by query key. */
export class ObservationPool {
  private readonly shared = new Map<string, Observation>();

  /** `hub`: the object's change stream, which every observation (and polled subscription) follows. */
  constructor(readonly hub: ChangeHub) {}

  /** Starts `watcher` on the cursor's query: joins a running observation of the same key, or starts one. */
  observe(cursor: ObservedCursor, watcher: ObservationWatcher): ObservationHandle {
    const key = cursor.key === undefined ? null : `${cursor.collection}\u0000${cursor.key}`;
    let observation = key === null ? undefined : this.shared.get(key);
    if (!observation) {
      observation = new Observation(cursor, this.hub);
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

  private forget(key: string, observation: Observation): void {
    if (this.shared.get(key) === observation) this.shared.delete(key);
  }
}
