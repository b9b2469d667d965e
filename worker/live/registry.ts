/**
 * Where features register what a Durable Object serves: methods,
 * publications (named, and universal ones every connection gets without
 * asking), client-writable collections, rate-limit rules, reactions
 * (derived data kept in step with every change), and connection hooks
 * (who is logged in on which live connection).
 *
 * @example
 * const registry = new LiveRegistry<RoomHost>();
 * registry.method("items.remove", { args: v.tuple([idSchema]), run: (ctx, id) => ctx.host.items.remove(id) });
 */
import * as v from "valibot";
import type { WritableCollection } from "./allow-deny";
import { defaultCallRules, type RateLimitRule } from "./rate-limit-rules";
import type { ArgsSchema, Change, MethodDefinition, PublicationDefinition } from "./types";

/**
 * Runs synchronously with every change the host emits, before the change's
 * method reports `updated`; it may emit changes of its own (e.g. a summary).
 */
export type Reaction<H> = (host: H, change: Change) => void;

/** A live connection logged in as a user, as connection hooks see it. */
export interface UserConnection {
  connectionId: string;
  userId: string;
  /** When the connection logged in as this user (ms since the epoch; kept across hibernation). */
  since: number;
}

/**
 * Follows which user each live connection is logged in as.
 * - `joined`: a connection became logged in as a user (login, resume, a
 *   switch of user), and again for every such connection when the object
 *   wakes from hibernation (memory starts empty then). The session waits
 *   for a returned promise before its subscriptions re-run as that user.
 * - `left`: it stopped being (logout, a switch of user, the socket closed or
 *   dropped, the heartbeat timed out, the server closed it).
 * Every `left` matches one earlier `joined` of the same connection and user;
 * anonymous connections fire neither. Errors are logged, never sent.
 */
export interface ConnectionHooks<H> {
  joined?(host: H, connection: UserConnection): void | Promise<void>;
  left?(host: H, connection: UserConnection): void;
}

const NO_ARGS = v.tuple([]);

export class LiveRegistry<H> {
  readonly methods = new Map<string, MethodDefinition<H>>();
  readonly publications = new Map<string, PublicationDefinition<H>>();
  /**
   * Meteor's universal ("null") publications: they run for every connection
   * from its `connect`, with no `sub` and no `ready`, and re-run when it
   * logs in or out (through the merge box, so the client sees only the
   * difference). Names are for logs; clients cannot subscribe or stop them.
   */
  readonly universal = new Map<string, PublicationDefinition<H>>();
  readonly collections = new Map<string, WritableCollection<H>>();
  /** Starts with the live layer's default call budgets (see defaultCallRules). */
  readonly rateLimits: RateLimitRule[] = defaultCallRules();
  readonly reactions: Reaction<H>[] = [];
  readonly connectionHooks: ConnectionHooks<H>[] = [];

  method<S extends ArgsSchema>(
    name: string,
    definition: {
      args: S;
      whileOpening?: boolean;
      run(ctx: Parameters<MethodDefinition<H>["run"]>[0], ...args: v.InferOutput<S>): unknown;
    },
  ): this {
    if (this.methods.has(name)) throw new Error(`live: method '${name}' is already defined`);
    this.methods.set(name, definition as MethodDefinition<H>);
    return this;
  }

  publish<S extends ArgsSchema>(name: string, definition: PublicationDefinition<H, S>): this {
    if (this.publications.has(name)) throw new Error(`live: publication '${name}' is already defined`);
    this.publications.set(name, definition as unknown as PublicationDefinition<H>);
    return this;
  }

  /** A universal publication (see `universal`): takes no arguments. */
  publishUniversal(
    name: string,
    definition: { run: PublicationDefinition<H, v.TupleSchema<[], undefined>>["run"] },
  ): this {
    if (this.universal.has(name)) throw new Error(`live: universal publication '${name}' is already defined`);
    this.universal.set(name, { args: NO_ARGS, run: definition.run } as unknown as PublicationDefinition<H>);
    return this;
  }

  /** Opens `/<name>/insert|update|remove` to clients, checked by its rules. */
  collection(collection: WritableCollection<H>): this {
    this.collections.set(collection.name, collection);
    return this;
  }

  limit(rule: RateLimitRule): this {
    this.rateLimits.push(rule);
    return this;
  }

  /** Drops a rule by id (e.g. a benchmark measuring raw call cost drops the default budgets). */
  unlimit(id: string): this {
    const index = this.rateLimits.findIndex((rule) => rule.id === id);
    if (index >= 0) this.rateLimits.splice(index, 1);
    return this;
  }

  react(reaction: Reaction<H>): this {
    this.reactions.push(reaction);
    return this;
  }

  connections(hooks: ConnectionHooks<H>): this {
    this.connectionHooks.push(hooks);
    return this;
  }
}
