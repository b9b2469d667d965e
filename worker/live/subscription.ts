/**
 * One running subscription of one connection: runs the publication, feeds
 * its documents into the connection's merge box, and keeps them in step with
 * the host's changes (observed cursors) or by polling (polled cursors).
 */
import type { Fields } from "../../protocol/ddp";
import { equals } from "../../protocol/ejson";
import type { ChangeHub } from "./change-hub";
import type { MergeBox } from "./merge-box";
import type { CallerInfo, Change, Cursor, Doc, PublicationDefinition, PublishContext } from "./types";

/**
 * A document's fields, and a change's diff, computed once for every
 * subscriber: the same object then flows into every connection's merge box,
 * which passes it on as is when it sends all of it, so the message is also
 * encoded once (see encodeData). Never mutated downstream.
 */
const fieldsCache = new WeakMap<Doc, Fields>();
const diffCache = new WeakMap<Change, Fields>();

function fieldsOf(doc: Doc): Fields {
  let fields = fieldsCache.get(doc);
  if (!fields) {
    const { _id, ...rest } = doc;
    fields = rest;
    fieldsCache.set(doc, fields);
  }
  return fields;
}

function diffOf(change: Change, doc: Doc, previous: Doc): Fields {
  let diff = diffCache.get(change);
  if (!diff) {
    diff = diffFields(previous, doc);
    diffCache.set(change, diff);
  }
  return diff;
}

/** Fields that differ between two versions; removed fields map to undefined. */
export function diffFields(before: Doc, after: Doc): Fields {
  const diff: Fields = {};
  for (const [key, value] of Object.entries(after)) {
    if (key !== "_id" && !equals(before[key], value)) diff[key] = value;
  }
  for (const key of Object.keys(before)) if (!(key in after)) diff[key] = undefined;
  return diff;
}

export class LiveSubscription<H> {
  private readonly cleanups: (() => void)[] = [];
  private stopped = false;

  /**
   * `boxKey` names this run in the merge box: a re-run (after login) gets a
   * new key, starts, and only then lets the old run go, so the client sees
   * just the difference.
   */
  constructor(
    readonly id: string,
    readonly name: string,
    readonly args: unknown[],
    private readonly boxKey: string,
    private readonly box: MergeBox,
    private readonly hub: ChangeHub,
    private readonly caller: CallerInfo,
    private readonly host: H,
  ) {}

  /** Runs the publication and sends (or, silently, records) its documents. */
  async start(definition: PublicationDefinition<H>): Promise<void> {
    const result = await definition.run(this.context(), ...this.args);
    const cursors = result === undefined ? [] : Array.isArray(result) ? result : [result];
    await Promise.all(cursors.map((cursor) => this.follow(cursor)));
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.box.removeSubscription(this.boxKey);
  }

  private context(): PublishContext<H> {
    return {
      ...this.caller,
      host: this.host,
      added: (collection, id, fields) => !this.stopped && this.box.added(this.boxKey, collection, id, fields),
      changed: (collection, id, fields) => !this.stopped && this.box.changed(this.boxKey, collection, id, fields),
      removed: (collection, id) => !this.stopped && this.box.removed(this.boxKey, collection, id),
      onChange: (listener) => this.cleanups.push(this.hub.listen(listener)),
      onStop: (callback) => this.cleanups.push(callback),
    };
  }

  /**
   * Listens before fetching: a D1 read does not hold the object's input gate,
   * so other connections' writes can land while the initial fetch runs.
   * Changes seen meanwhile are replayed after the initial documents; they
   * are idempotent against the merge box, so a change the fetch already saw
   * sends nothing.
   */
  private async follow(cursor: Cursor): Promise<void> {
    const held = new Set<string>();
    let during: Change[] | null = [];
    const stopListening = this.hub.listen((change) => {
      if (change.collection !== cursor.collection) return;
      if (during) {
        during.push(change);
        return;
      }
      return cursor.kind === "observed" ? this.observe(cursor, held, change) : undefined;
    });
    this.cleanups.push(stopListening);
    const first =
      cursor.kind === "observed" && cursor.first ? await this.sendFirst(cursor.first, cursor.collection, held) : null;
    if (this.stopped) return;
    // A first screenful shorter than asked is the whole set: no second read (changes since are replayed below).
    const initial = first?.complete ? null : await cursor.fetch();
    if (this.stopped) return;
    if (initial) this.addInitial(cursor.collection, initial, first?.sent ?? null, held);
    const missed = during;
    during = null;
    if (cursor.kind === "observed") {
      for (const change of missed) this.observe(cursor, held, change);
      return;
    }
    stopListening();
    await this.poll(cursor, new Map((initial ?? []).map((doc) => [doc._id, doc])), missed.length > 0);
  }

  /**
   * Adds the cursor's first documents; the frame goes out at the end of
   * this turn, while the full fetch is read. @returns them by id, and
   * whether they are the whole set (fewer than asked for).
   */
  private async sendFirst(
    first: { count: number; read(): Promise<Doc[]> },
    collection: string,
    held: Set<string>,
  ): Promise<{ sent: Map<string, Doc>; complete: boolean }> {
    const docs = await first.read();
    const sent = new Map<string, Doc>();
    if (this.stopped) return { sent, complete: false };
    for (const doc of docs) {
      held.add(doc._id);
      sent.set(doc._id, doc);
      this.box.added(this.boxKey, collection, doc._id, fieldsOf(doc));
    }
    return { sent, complete: docs.length < first.count };
  }

  /** The full fetch's documents; those sent first are brought up to date instead of added again. */
  private addInitial(collection: string, initial: Doc[], sentFirst: Map<string, Doc> | null, held: Set<string>): void {
    for (const doc of initial) {
      const early = sentFirst?.get(doc._id);
      if (early) {
        sentFirst?.delete(doc._id);
        const diff = diffFields(early, doc);
        if (Object.keys(diff).length > 0) this.box.changed(this.boxKey, collection, doc._id, diff, fieldsOf(doc));
        continue;
      }
      held.add(doc._id);
      this.box.added(this.boxKey, collection, doc._id, fieldsOf(doc));
    }
    // Sent first but no longer there (changes meanwhile are replayed after this; this is for safety).
    for (const id of sentFirst?.keys() ?? []) {
      held.delete(id);
      this.box.removed(this.boxKey, collection, id);
    }
  }

  private observe(cursor: Extract<Cursor, { kind: "observed" }>, held: Set<string>, change: Change): void {
    if (this.stopped || change.collection !== cursor.collection) return;
    const { id, doc, previous } = change;
    const matches = doc !== null && cursor.matches(doc);
    if (matches && !held.has(id)) {
      held.add(id);
      this.box.added(this.boxKey, cursor.collection, id, fieldsOf(doc));
    } else if (matches && held.has(id)) {
      // With the version before, the diff is exact and the view can take the shared document as is.
      if (previous) this.box.changed(this.boxKey, cursor.collection, id, diffOf(change, doc, previous), fieldsOf(doc));
      else this.box.changed(this.boxKey, cursor.collection, id, fieldsOf(doc));
    } else if (held.has(id)) {
      held.delete(id);
      this.box.removed(this.boxKey, cursor.collection, id);
    }
  }

  /** Poll-and-diff for data written outside this Durable Object. */
  private async poll(
    cursor: Extract<Cursor, { kind: "polled" }>,
    last: Map<string, Doc>,
    stale: boolean,
  ): Promise<void> {
    const refresh = async () => {
      const docs = await cursor.fetch();
      if (this.stopped) return;
      const next = new Map(docs.map((doc) => [doc._id, doc]));
      for (const [id, doc] of next) {
        const before = last.get(id);
        if (!before) this.box.added(this.boxKey, cursor.collection, id, fieldsOf(doc));
        else this.box.changed(this.boxKey, cursor.collection, id, diffFields(before, doc), fieldsOf(doc));
      }
      for (const id of last.keys()) if (!next.has(id)) this.box.removed(this.boxKey, cursor.collection, id);
      last.clear();
      for (const [id, doc] of next) last.set(id, doc);
    };
    // Refreshes run one after another, so a refresh asked for after a write
    // always fetches after that write.
    let chain: Promise<void> = Promise.resolve();
    const refreshOnce = () => {
      chain = chain.then(refresh, refresh);
      return chain;
    };
    const timer = setInterval(
      () => void refreshOnce().catch((e) => console.error("live: poll failed", e)),
      cursor.intervalMs,
    );
    this.cleanups.push(() => clearInterval(timer));
    // Writes made in this same object refresh at once (and hold the write fence).
    this.cleanups.push(
      this.hub.listen((change) => (change.collection === cursor.collection ? refreshOnce() : undefined)),
    );
    // Something changed while the initial fetch ran: catch up before `ready`.
    if (stale) await refreshOnce();
  }
}
