/**
 * A live query's current documents, shared by every subscription in this
 * object that watches it (observation.ts keeps one in step with the change
 * stream, polled-results.ts by reading it again). Its documents are one set
 * of shared field objects, so the connections' merge boxes hold references,
 * not copies, and each change is diffed once for every subscriber.
 */
import type { Fields } from "../../protocol/ddp";
import { equals } from "../../protocol/ejson";
import type { Doc } from "./types";

/** What a watching subscription is told; `fields` and `after` are shared, never mutated. */
export interface ObservationWatcher {
  added(id: string, fields: Fields): void;
  changed(id: string, diff: Fields, after: Fields): void;
  removed(id: string): void;
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

export abstract class ResultSet {
  /** The current result set: id → fields (without `_id`). */
  protected readonly docs = new Map<string, Fields>();
  private readonly watchers = new Set<ObservationWatcher>();
  protected stopped = false;
  abstract readonly loaded: Promise<void>;

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
  }

  /** Adds or updates a document; a change that alters nothing (already read) tells nobody. */
  protected set(id: string, fields: Fields): void {
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

  protected delete(id: string): void {
    if (!this.docs.delete(id)) return;
    for (const watcher of this.watchers) watcher.removed(id);
  }

  /** Makes the set exactly `docs` (a fresh read): what is new is added, what changed is diffed, the rest removed. */
  protected replace(docs: readonly Doc[]): void {
    const gone = new Set(this.docs.keys());
    for (const doc of docs) {
      gone.delete(doc._id);
      this.set(doc._id, fieldsOf(doc));
    }
    for (const id of gone) this.delete(id);
  }
}
