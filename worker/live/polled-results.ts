/**
 * A polled cursor's results, read again when the collection it watches
 * changes in this object (one read for a burst of writes) and every
 * `intervalMs` for what nothing announced. Cursors with the same `key`
 * share one: fifty people with the same window of a big catalogue open
 * cost one read per write, not fifty (docs/scale.md).
 */
import type { ChangeHub } from "./change-hub";
import { ResultSet } from "./result-set";
import type { Cursor } from "./types";

export type PolledCursor = Extract<Cursor, { kind: "polled" }>;

export class PolledResults extends ResultSet {
  readonly loaded: Promise<void>;
  private readonly cleanups: (() => void)[] = [];
  /** Reads run one after another, so one asked for after a write always reads after it. */
  private chain: Promise<void> = Promise.resolve();
  /** A read asked for but not started yet: asked for again, it is that one. */
  private waiting: Promise<void> | null = null;

  constructor(
    private readonly cursor: PolledCursor,
    hub: ChangeHub,
  ) {
    super();
    const watched = cursor.watch ?? cursor.collection;
    // Listening before reading: a write that lands while the first read runs makes it read again before `ready`.
    let stale = false;
    let loading = true;
    this.cleanups.push(
      hub.listen((change) => {
        if (change.collection !== watched) return;
        if (loading) stale = true;
        else return this.refresh();
      }),
    );
    // The first read heads the chain: a timer's read cannot overtake it with an older result.
    const first = cursor.fetch().then((docs) => {
      if (!this.stopped) this.replace(docs);
      loading = false;
    });
    this.chain = first.catch(() => {});
    this.loaded = first.then(() => (stale ? this.refresh() : undefined));
    this.loaded.catch(() => {});
    const timer = setInterval(
      () => void this.refresh().catch((e) => console.error("live: poll failed", e)),
      cursor.intervalMs,
    );
    this.cleanups.push(() => clearInterval(timer));
  }

  override stop(): void {
    super.stop();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  /** Reads again (writes made in this object wait for it: it holds their write fence). */
  private refresh(): Promise<void> {
    if (this.waiting) return this.waiting;
    const read = async () => {
      this.waiting = null;
      if (this.stopped) return;
      const docs = await this.cursor.fetch();
      if (!this.stopped) this.replace(docs);
    };
    const next = this.chain.then(read, read);
    this.waiting = next;
    this.chain = next;
    return next;
  }
}
