/**
 * One running subscription of one connection: runs the publication, feeds
 * its documents into the connection's merge box, and keeps them in step with
 * the host's changes (observed cursors) or by reading again (polled
 * cursors), through results it may share with other subscriptions.
 */
import type { ChangeHub } from "./change-hub";
import type { MergeBox } from "./merge-box";
import type { ObservationPool } from "./observation";
import type { CallerInfo, Cursor, PublicationDefinition, PublishContext } from "./types";

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

  /** Watches the cursor's shared results; `ready` waits until they have been read. */
  private async follow(cursor: Cursor): Promise<void> {
    const { collection } = cursor;
    const handle = this.observations.observe(cursor, {
      added: (id, fields) => !this.stopped && this.box.added(this.boxKey, collection, id, fields),
      changed: (id, diff, after) => !this.stopped && this.box.changed(this.boxKey, collection, id, diff, after),
      removed: (id) => !this.stopped && this.box.removed(this.boxKey, collection, id),
    });
    this.addCleanup(handle.stop);
    await handle.loaded;
  }
}
