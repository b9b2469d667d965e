/**
 * One connection's runs of the universal publications (Meteor's "null"
 * publications, registry.universal): no client id, no `ready`. Each re-run
 * (connect, login, logout) starts before the old run stops, so the merge
 * box sends only the difference — the user's document `added` on login,
 * `removed` on logout. One that fails is logged and left out.
 */
import type { PublicationDefinition } from "./types";

interface Run {
  start(definition: PublicationDefinition<never>): Promise<void>;
  stop(): void;
}

export class UniversalRuns<H> {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly definitions: ReadonlyMap<string, PublicationDefinition<H>>,
    /** A new subscription run for `name` (the session's, so it feeds the connection's merge box). */
    private readonly newRun: (name: string) => Run,
  ) {}

  /** (Re-)runs every universal publication as the connection's current user; stops early once `closed()`. */
  async rerun(closed: () => boolean): Promise<void> {
    for (const [name, definition] of this.definitions) {
      const next = this.newRun(name);
      const old = this.runs.get(name);
      this.runs.set(name, next);
      try {
        await next.start(definition as PublicationDefinition<never>);
      } catch (error) {
        console.error(`live: universal publication '${name}' failed`, error);
        next.stop();
        this.runs.delete(name);
      }
      old?.stop();
      if (closed()) return this.stopAll();
    }
  }

  stopAll(): void {
    for (const run of this.runs.values()) run.stop();
    this.runs.clear();
  }
}
