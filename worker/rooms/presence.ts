/**
 * Who is in the room right now: one `presence` document per member with at
 * least one live connection to this RoomDO, kept in step with connections
 * joining and leaving, and announced as changes so subscribers follow.
 *
 * Kept in memory on purpose: presence *is* the set of live connections of
 * this object instance, which exist nowhere else, end with it, and need no
 * durable record. After hibernation the memory is empty, but the live layer
 * announces every logged-in connection again (from its socket attachment,
 * with its original login time) before any subscription re-runs, so the
 * same documents come back.
 */
import { COLLECTION, type PresenceDoc } from "../../protocol/api";
import type { UserConnection } from "../live/registry";
import { asDoc, type Change } from "../live/types";

/**
 * What a user shows as, if they are a member of the room; null if not (a
 * signed-in stranger is not presence). Called once when they arrive.
 */
export type PresenceLookup = () => Promise<string | null>;

interface Person {
  /** Open connections: connection id → when it logged in. */
  connections: Map<string, number>;
  /** Their label while they are a member; null when not (yet) known to be one. */
  label: string | null;
  /** The lookup in progress, if any. */
  loading: Promise<void> | null;
  /** Bumped by every lookup and revocation, so a stale answer is ignored. */
  generation: number;
}

function sameDoc(a: PresenceDoc | null, b: PresenceDoc | null): boolean {
  if (a === null || b === null) return a === b;
  return a.label === b.label && a.connections === b.connections && a.since.getTime() === b.since.getTime();
}

export class Presence {
  private readonly people = new Map<string, Person>();
  /** The documents last announced, by user id. */
  private readonly shown = new Map<string, PresenceDoc>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly emit: (change: Change) => void) {}

  /** A connection logged in as a user. Resolves once they show (or are known not to). */
  join(connection: UserConnection, lookup: PresenceLookup): Promise<void> {
    let person = this.people.get(connection.userId);
    if (!person) {
      person = { connections: new Map(), label: null, loading: null, generation: 0 };
      this.people.set(connection.userId, person);
    }
    person.connections.set(connection.connectionId, connection.since);
    if (person.label !== null) {
      this.refresh(connection.userId);
      return Promise.resolve();
    }
    return person.loading ?? this.load(connection.userId, person, lookup);
  }

  /** That connection closed, dropped, or logged out. */
  leave(connection: UserConnection): void {
    const person = this.people.get(connection.userId);
    if (!person?.connections.delete(connection.connectionId)) return;
    this.refresh(connection.userId);
  }

  /** The user's membership changed: look again whether (and as what) they show. */
  recheck(userId: string, lookup: PresenceLookup): Promise<void> {
    const person = this.people.get(userId);
    return person ? this.load(userId, person, lookup) : Promise.resolve();
  }

  /** The user is no longer a member: they stop showing at once, though still connected. */
  revoke(userId: string): void {
    const person = this.people.get(userId);
    if (!person) return;
    person.generation++;
    person.label = null;
    this.refresh(userId);
  }

  /** Resolves when every lookup started so far has finished (the documents are complete). */
  async ready(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  docs(): PresenceDoc[] {
    return [...this.shown.values()];
  }

  private load(userId: string, person: Person, lookup: PresenceLookup): Promise<void> {
    const generation = ++person.generation;
    const current = () => this.people.get(userId) === person && person.generation === generation;
    const work = lookup().then(
      (label) => {
        if (!current()) return;
        person.label = label;
        this.refresh(userId);
      },
      (error: unknown) => console.error("presence: could not look up a member", error),
    );
    const tracked = work.finally(() => {
      this.pending.delete(tracked);
      if (person.loading === tracked) person.loading = null;
    });
    person.loading = tracked;
    this.pending.add(tracked);
    return tracked;
  }

  /** Works out the user's document from what is known now and announces any difference. */
  private refresh(userId: string): void {
    const person = this.people.get(userId);
    let next: PresenceDoc | null = null;
    if (person && person.connections.size > 0 && person.label !== null) {
      next = {
        _id: userId,
        label: person.label,
        connections: person.connections.size,
        since: new Date(Math.min(...person.connections.values())),
      };
    }
    // Gone entirely: forget them (and their cached label).
    if (person && person.connections.size === 0) this.people.delete(userId);
    const previous = this.shown.get(userId) ?? null;
    if (sameDoc(previous, next)) return;
    if (next) this.shown.set(userId, next);
    else this.shown.delete(userId);
    this.emit({
      collection: COLLECTION.PRESENCE,
      id: userId,
      doc: next && asDoc(next),
      previous: previous && asDoc(previous),
    });
  }
}
