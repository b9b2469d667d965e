/**
 * Local copies of the server's collections, fed by DDP data messages.
 *
 * Writes are buffered and applied together (docs/protocol.md §1, Meteor's
 * `bufferedWrites`): a burst of changes becomes one notification instead of
 * one re-render per message. The first buffered message fixes a deadline
 * 500 ms ahead; each later one re-arms a 5 ms trailing timer, and one that
 * arrives past the deadline flushes at once, so a steady stream can never
 * starve the screen.
 *
 * Documents are frozen and replaced on change, never mutated: a document or a
 * collection snapshot that did not change keeps its identity, which is what
 * lets React skip work.
 *
 * What `find` and `findOne` answer is the server's documents with the
 * writes of method stubs still waiting for their answer on top
 * (simulation.ts): an edit shows at once, and goes when its call settles.
 */
import { WRITE_BUFFER_INTERVAL, WRITE_BUFFER_MAX_AGE } from "../../protocol/constants";
import type { DataMessage, Fields } from "../../protocol/ddp";
import { equals } from "../../protocol/ejson";
import type { LiveDoc } from "./live-doc";
import { type MethodStub, SimulationLayers } from "./simulation";

export type { LiveDoc } from "./live-doc";

type Collection = Map<string, LiveDoc>;
type Collections = Map<string, Collection>;

/** Told which collections changed in one applied batch. */
export type StoreListener = (collections: ReadonlySet<string>) => void;

const EMPTY: readonly LiveDoc[] = Object.freeze([]);

function makeDoc(id: string, fields: Fields): LiveDoc {
  return Object.freeze({ ...fields, _id: id });
}

/** Applies one message to `target`; returns whether anything changed. */
function apply(target: Collections, message: DataMessage): boolean {
  let docs = target.get(message.collection);
  switch (message.msg) {
    case "added": {
      if (!docs) {
        docs = new Map();
        target.set(message.collection, docs);
      }
      docs.set(message.id, makeDoc(message.id, message.fields ?? {}));
      return true;
    }
    case "changed": {
      const doc = docs?.get(message.id);
      // The server's merge box never changes a document it has not added;
      // if one does arrive there is nothing sound to apply it to.
      if (!docs || !doc) return false;
      const next: Record<string, unknown> = { ...doc };
      for (const [key, value] of Object.entries(message.fields ?? {})) next[key] = value;
      for (const key of message.cleared ?? []) delete next[key];
      docs.set(message.id, makeDoc(message.id, next));
      return true;
    }
    case "removed": {
      if (!docs?.delete(message.id)) return false;
      if (docs.size === 0) target.delete(message.collection);
      return true;
    }
    default:
      message satisfies never;
      return false;
  }
}

export class LiveStore {
  private collections: Collections = new Map();
  private readonly snapshots = new Map<string, readonly LiveDoc[]>();
  private readonly listeners = new Set<StoreListener>();
  private buffer: DataMessage[] = [];
  private flushAt: number | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly simulation = new SimulationLayers(
    (collection, id) => this.collections.get(collection)?.get(id),
    (collection) => this.serverDocs(collection),
  );
  /** Ids, by collection, of documents that came from the browser's cache and not (yet) from the server. */
  private readonly cached = new Map<string, Set<string>>();
  /** Keys of calls with a stub that are not settled yet. */
  private readonly waiting = new Set<string>();
  private readonly pendingListeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Runs a method's stub for the call keyed `key` (its random seed, which a
   * re-sent call keeps) and shows its writes at once.
   * @throws what the stub throws; then nothing of it shows.
   */
  simulate(key: string, seed: string, stub: MethodStub, params: readonly unknown[]): void {
    // Counted as waiting even when the stub writes nothing here (its document is not loaded) or refuses.
    this.waiting.add(key);
    this.pendingChanged();
    this.publish(this.simulation.run(key, seed, stub, params));
  }

  /**
   * The call keyed `key` is settled (answered with its data in, or refused,
   * or given up): its stub's writes go, and the server's documents show.
   */
  settle(key: string): void {
    // The data the server sent before saying so is applied first, so nothing flickers back.
    this.flush();
    this.publish(this.simulation.drop(key));
    if (this.waiting.delete(key)) this.pendingChanged();
  }

  /** Whether a stub's write to this document is still waiting for the server. */
  isPending(collection: string, id: string): boolean {
    return this.simulation.pendingIds(collection).has(id);
  }

  /** How many calls with a stub (the app's writes) the server has not answered yet. */
  pendingCount(): number {
    return this.waiting.size;
  }

  /** Called when `pendingCount()` changes; returns a function that removes it. */
  onPendingChange(listener: () => void): () => void {
    this.pendingListeners.add(listener);
    return () => {
      this.pendingListeners.delete(listener);
    };
  }

  private pendingChanged(): void {
    for (const listener of [...this.pendingListeners]) listener();
  }

  /** Ids of documents of `collection` with writes still waiting for the server. */
  pendingIds(collection: string): ReadonlySet<string> {
    return this.simulation.pendingIds(collection);
  }

  /** Buffers one data message; it is applied by a later flush. */
  write(message: DataMessage): void {
    this.buffer.push(message);
    if (this.flushAt === null) {
      this.flushAt = this.now() + WRITE_BUFFER_MAX_AGE;
    } else if (this.now() > this.flushAt) {
      this.flush();
      return;
    }
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => this.flush(), WRITE_BUFFER_INTERVAL);
  }

  /** Applies everything buffered now, as one batch. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushAt = null;
    if (this.buffer.length === 0) return;
    const messages = this.buffer;
    this.buffer = [];
    const changed = new Set<string>();
    for (const message of messages) {
      // The server has spoken about this document: it is no longer only the cache's.
      this.cached.get(message.collection)?.delete(message.id);
      if (apply(this.collections, message)) changed.add(message.collection);
    }
    this.publish(changed);
  }

  /**
   * Starts from documents kept in the browser (doc-cache.ts), as if the
   * server had sent them; any the server has already sent win. Until
   * `dropCachedLeftovers`, the ones it does not send again are marked.
   */
  seedFromCache(kept: ReadonlyMap<string, readonly LiveDoc[]>): void {
    const changed = new Set<string>();
    for (const [collection, docs] of kept) {
      let target = this.collections.get(collection);
      if (!target) {
        target = new Map();
        this.collections.set(collection, target);
      }
      const ids = this.cached.get(collection) ?? new Set<string>();
      for (const doc of docs) {
        if (target.has(doc._id)) continue;
        target.set(doc._id, Object.freeze({ ...doc }));
        ids.add(doc._id);
      }
      if (ids.size > 0) {
        this.cached.set(collection, ids);
        changed.add(collection);
      }
      if (target.size === 0) this.collections.delete(collection);
    }
    this.publish(changed);
  }

  /** Whether documents from the cache are still waiting for the server to confirm them. */
  get hasCachedLeftovers(): boolean {
    return this.cached.size > 0;
  }

  /** The server's data is complete: documents only the cache had (removed meanwhile) go. */
  dropCachedLeftovers(): void {
    this.flush();
    const changed = new Set<string>();
    for (const [collection, ids] of this.cached) {
      const docs = this.collections.get(collection);
      for (const id of ids) if (docs?.delete(id)) changed.add(collection);
      if (docs?.size === 0) this.collections.delete(collection);
    }
    this.cached.clear();
    this.publish(changed);
  }

  /** The server's documents of a collection (no stub writes): what the cache keeps. */
  serverDocs(collection: string): LiveDoc[] {
    return [...(this.collections.get(collection)?.values() ?? [])];
  }

  /**
   * Replaces every collection with exactly what `messages` build from
   * nothing, in one batch: the end of reconnect quiescence. Documents equal
   * to what we had keep their identity, so nothing visible flickers.
   */
  reset(messages: readonly DataMessage[]): void {
    this.flush();
    // Everything is the server's now.
    this.cached.clear();
    const next: Collections = new Map();
    for (const message of messages) apply(next, message);
    const changed = new Set<string>();
    for (const name of new Set([...this.collections.keys(), ...next.keys()])) {
      const before = this.collections.get(name);
      const after = next.get(name);
      if (!after) {
        changed.add(name);
        continue;
      }
      let same = before?.size === after.size;
      for (const [id, doc] of after) {
        const old = before?.get(id);
        if (old && equals(old, doc)) after.set(id, old);
        else same = false;
      }
      if (!same) changed.add(name);
      else if (before) next.set(name, before);
    }
    this.collections = next;
    this.publish(changed);
  }

  /** Every document of a collection as shown (waiting stub writes included); the same array until it changes. */
  find(collection: string): readonly LiveDoc[] {
    let snapshot = this.snapshots.get(collection);
    if (!snapshot) {
      const docs = this.collections.get(collection);
      snapshot = this.simulation.view(collection, docs ? Object.freeze([...docs.values()]) : EMPTY);
      this.snapshots.set(collection, snapshot);
    }
    return snapshot;
  }

  findOne(collection: string, id: string): LiveDoc | undefined {
    return this.simulation.docAsShown(collection, id);
  }

  /** Called once per applied batch; returns a function that removes it. */
  onChange(listener: StoreListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Drops pending writes and timers (the connection is closing for good). */
  dispose(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushAt = null;
    this.buffer = [];
  }

  private publish(changed: ReadonlySet<string>): void {
    if (changed.size === 0) return;
    for (const name of changed) this.snapshots.delete(name);
    for (const listener of [...this.listeners]) listener(changed);
  }
}
