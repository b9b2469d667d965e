/**
 * One running subscription of one connection: runs the publication, feeds
 * its documents into the connection's merge box, and keeps them in step with
 * the host's changes (observed cursors, through an observation it may share
 * with other subscriptions) or by polling (polled cursors).
 */
import type { ChangeHub } from "./change-hub";
import type { MergeBox } from "./merge-box";
import { diffFields, fieldsOf, type ObservationPool, type ObservedCursor } from "./observation";
import type { CallerInfo, Cursor, Doc, PublicationDefinition, PublishContext } from "./types";

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
    private readonly observations: ObservationPool,
    private readonly caller: CallerInfo,
    private readonly host: H,
  ) {}

  /** Runs the publication and sends (or, silently, records) its documents. */
  async start(definition: PublicationDefinition<H>): Promise<void> {
    const result = await definition.run(this.context(), ...this.args);
    const cursors = result === undefined ? [] : Array.isArray(result) ? result : [result];
    await Promise.all(cursors.map((cursor) => this.follow(cursor)));
  }

  /** The object's change stream (the observations follow it too). */
  private get hub(): ChangeHub {
    return this.observations.hub;
  }

  /** Runs `cleanup` at stop, or now if already stopped (a publication still starting when its client left). */
  private addCleanup(cleanup: () => void): void {
    if (this.stopped) cleanup();
    else this.cleanups.push(cleanup);
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
      onChange: (listener) => this.addCleanup(this.hub.listen(listener)),
      onStop: (callback) => this.addCleanup(callback),
    };
  }

  private async follow(cursor: Cursor): Promise<void> {
    if (cursor.kind === "observed") return this.observe(cursor);
    // Listening before fetching: a D1 read does not hold the object's input gate, so writes can land
    // while it runs; one that did makes the poll refresh before `ready`.
    let stale = false;
    const watched = cursor.watch ?? cursor.collection;
    const stopListening = this.hub.listen((change) => {
      if (change.collection === watched) stale = true;
    });
    this.addCleanup(stopListening);
    const initial = await cursor.fetch();
    stopListening();
    if (this.stopped) return;
    for (const doc of initial) this.box.added(this.boxKey, cursor.collection, doc._id, fieldsOf(doc));
    await this.poll(cursor, new Map(initial.map((doc) => [doc._id, doc])), stale);
  }

  /** Watches the cursor's observation; `ready` waits until it has read the whole set. */
  private async observe(cursor: ObservedCursor): Promise<void> {
    const { collection } = cursor;
    const handle = this.observations.observe(cursor, {
      added: (id, fields) => !this.stopped && this.box.added(this.boxKey, collection, id, fields),
      changed: (id, diff, after) => !this.stopped && this.box.changed(this.boxKey, collection, id, diff, after),
      removed: (id) => !this.stopped && this.box.removed(this.boxKey, collection, id),
    });
    this.addCleanup(handle.stop);
    await handle.loaded;
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
    // always fetches after that write. Asked for again before the next one
    // has started, it is that one (a burst of writes, e.g. a bulk chunk,
    // costs one fetch, not one per write).
    let chain: Promise<void> = Promise.resolve();
    let waiting: Promise<void> | null = null;
    const refreshOnce = () => {
      if (waiting) return waiting;
      const next = chain.then(
        () => {
          waiting = null;
          return refresh();
        },
        () => {
          waiting = null;
          return refresh();
        },
      );
      waiting = next;
      chain = next;
      return next;
    };
    const timer = setInterval(
      () => void refreshOnce().catch((e) => console.error("live: poll failed", e)),
      cursor.intervalMs,
    );
    this.addCleanup(() => clearInterval(timer));
    // Writes made in this same object refresh at once (and hold the write fence).
    const watched = cursor.watch ?? cursor.collection;
    this.addCleanup(this.hub.listen((change) => (change.collection === watched ? refreshOnce() : undefined)));
    // Something changed while the initial fetch ran: catch up before `ready`.
    if (stale) await refreshOnce();
  }
}
