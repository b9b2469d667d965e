/**
 * The contract between the live layer and the features that register with
 * it. `H` is the host: whatever a Durable Object gives its features (the room
 * id, database access, ...). The live layer never looks inside it.
 */
import type * as v from "valibot";
import type { Fields } from "../../protocol/ddp";

export type Doc = Fields & { _id: string };

/** A typed document (e.g. `ItemDoc`) as the live layer's untyped `Doc`. */
export function asDoc(value: { _id: string }): Doc {
  return value as unknown as Doc;
}

/** Who is calling: survives hibernation via the socket attachment. */
export interface CallerInfo {
  connectionId: string;
  sessionId: string;
  userId: string | null;
  clientAddress: string | null;
  /** The app's origin as the client reached it (for links in e-mails). */
  origin: string | null;
}

export interface MethodContext<H> extends CallerInfo {
  host: H;
  randomSeed: string | undefined;
  /** SHA-256 of the login token this connection is logged in with. */
  loginTokenHash: string | null;
  /** Lets this session process its next message before this call ends. */
  unblock(): void;
  /**
   * Logs this connection in or out. Every subscription re-runs as the new
   * user and only the difference is sent, before this method's `updated`.
   */
  setUserId(userId: string | null, loginTokenHash?: string | null): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: argument tuples are typed by each schema.
export type ArgsSchema = v.GenericSchema<unknown, any[]>;

export interface MethodDefinition<H, S extends ArgsSchema = ArgsSchema> {
  args: S;
  /** Served while the object is still opening (it needs none of what opening prepares; see opening-gate.ts). */
  whileOpening?: boolean;
  run(ctx: MethodContext<H>, ...args: v.InferOutput<S>): unknown;
}

/**
 * A live query over one collection. The live layer sends the initial
 * documents, then keeps the client in step:
 * - `observed` cursors follow the host's change stream (the DO is the only
 *   writer of its data, so it sees every change as it happens);
 * - `polled` cursors re-fetch every `intervalMs` and on local changes to the
 *   collection, and send the difference (for data written elsewhere).
 */
export type Cursor =
  | {
      kind: "observed";
      collection: string;
      /**
       * Names the query within this object (with `collection`): subscriptions
       * whose cursors have the same key share one observation — one read,
       * one set of documents (see observation.ts). It must capture everything
       * the result depends on (the room is implied; an item id, a user id is
       * not); without one, the cursor is observed on its own.
       */
      key?: string;
      fetch(): Promise<Doc[]>;
      matches(doc: Doc): boolean;
      /** The part of a changed document the cursor shows (Meteor's `fields`); `fetch` returns it already. */
      project?(doc: Doc): Doc;
      /**
       * The few documents a client shows first (a long list's first
       * screenful), sent before `fetch` runs so they show while the rest
       * are read; `fetch` still returns them all. `read` returns at most
       * `count`; fewer means they are all there is, and `fetch` is skipped.
       */
      first?: { count: number; read(): Promise<Doc[]> };
    }
  | {
      kind: "polled";
      collection: string;
      /** Names the query, as an observed cursor's does: subscriptions with the same key share one read. */
      key?: string;
      fetch(): Promise<Doc[]>;
      intervalMs: number;
      /**
       * The collection whose changes in this object make it fetch again
       * (`collection` unless given): e.g. a count of items, sent as its own
       * document, follows the items.
       */
      watch?: string;
    };

/** For publications that call added/changed/removed by hand (aggregates). */
export interface PublishContext<H> extends CallerInfo {
  host: H;
  added(collection: string, id: string, fields: Fields): void;
  changed(collection: string, id: string, fields: Fields): void;
  removed(collection: string, id: string): void;
  /** Called with every change the host emits while the subscription lives. */
  onChange(listener: (change: Change) => void | Promise<void>): void;
  onStop(callback: () => void): void;
}

export interface PublicationDefinition<H, S extends ArgsSchema = ArgsSchema> {
  args: S;
  /** Served while the object is still opening (see opening-gate.ts). */
  whileOpening?: boolean;
  /** Returns cursors, or nothing after using the context by hand. */
  run(
    ctx: PublishContext<H>,
    ...args: v.InferOutput<S>
  ): Cursor | Cursor[] | undefined | Promise<Cursor | Cursor[] | undefined>;
}

/** One document changed in the host's data. `doc` null = removed. */
export interface Change {
  collection: string;
  id: string;
  doc: Doc | null;
  previous: Doc | null;
}
