/**
 * Latency compensation (Meteor's method stubs), as layers over the store.
 *
 * A method call with a registered stub runs the stub at once against what
 * the screen shows; the stub's writes become that call's *layer*, drawn on
 * top of the server's documents, so the edit shows before any answer. The
 * server's data keeps arriving underneath. When the call is settled — its
 * `result` and its `updated` both in, so the server's own version of the
 * change is already in the store — the layer is dropped and the screen
 * shows the server's documents alone: no flicker when they agree, the
 * server's truth when they do not. A call the server refuses drops its
 * layer the same way, which is the rollback.
 *
 * Layers apply in call order, so a later stub sees (and builds on) an
 * earlier one's writes, as Meteor's stubs do. Ids a stub creates come from
 * the call's `randomSeed` with Meteor's algorithm (protocol/random-stream.ts),
 * the same ids the server will use.
 */
import { RandomStream } from "../../protocol/random-stream";
import type { LiveDoc } from "./live-doc";

/**
 * What a layer did to one document. Updates are kept as the fields they set,
 * not a copy of the document: the server's changes to other fields show
 * through while the call waits, so two people editing different fields of
 * one item never hide each other's change.
 */
type Write =
  | { kind: "insert"; doc: LiveDoc }
  | { kind: "update"; fields: Record<string, unknown>; cleared: readonly string[] }
  | { kind: "remove" };
type LayerWrites = Map<string, Map<string, Write>>;

/** `doc` as `write` leaves it. */
function applyWrite(doc: LiveDoc | undefined, write: Write, id: string): LiveDoc | undefined {
  switch (write.kind) {
    case "insert":
      return write.doc;
    case "remove":
      return undefined;
    case "update": {
      // An update of a document that is not there (removed meanwhile) changes nothing, as on the server.
      if (!doc) return undefined;
      const next: Record<string, unknown> = { ...doc, ...write.fields, _id: id };
      for (const key of write.cleared) delete next[key];
      return Object.freeze(next as LiveDoc);
    }
  }
}

/** What a stub may do: read what the screen shows, write its own layer. */
export interface StubContext {
  /** The document as shown now (server data with earlier calls' layers, and this call's writes so far). */
  findOne(collection: string, id: string): LiveDoc | undefined;
  /** Every document of a collection as shown before this call (server data with earlier calls' layers). */
  find(collection: string): readonly LiveDoc[];
  /** The next id of `collection` for this call: the id the server will give the same document. */
  newId(collection: string): string;
  insert(collection: string, doc: LiveDoc): void;
  /** Sets `fields` (and removes `cleared`) on a shown document; nothing when it is not shown. */
  update(collection: string, id: string, fields: Record<string, unknown>, cleared?: readonly string[]): void;
  remove(collection: string, id: string): void;
}

/** A stub: a method's quick local version. It throws (a LiveError) to refuse, like the server would. */
export type MethodStub = (context: StubContext, ...params: unknown[]) => void;

export class SimulationLayers {
  /** Layers by call id, in call order (a Map keeps insertion order). */
  private readonly layers = new Map<string, LayerWrites>();

  constructor(
    /** The server's document as the store has it. */
    private readonly serverDoc: (collection: string, id: string) => LiveDoc | undefined,
    /** Every server document of a collection. */
    private readonly serverDocs: (collection: string) => readonly LiveDoc[] = () => [],
  ) {}

  get empty(): boolean {
    return this.layers.size === 0;
  }

  /**
   * Runs `stub` for call `callId` and keeps its writes as the call's layer.
   * @returns the collections it wrote (to redraw).
   * @throws whatever the stub throws; then nothing of it is kept.
   */
  run(callId: string, seed: string, stub: MethodStub, params: readonly unknown[]): Set<string> {
    const writes: LayerWrites = new Map();
    const ids = new RandomStream(seed);
    const shown = (collection: string, id: string): LiveDoc | undefined => {
      const before = this.docAsShown(collection, id);
      const own = writes.get(collection)?.get(id);
      return own ? applyWrite(before, own, id) : before;
    };
    const put = (collection: string, id: string, write: Write) => {
      let docs = writes.get(collection);
      if (!docs) {
        docs = new Map();
        writes.set(collection, docs);
      }
      const earlier = docs.get(id);
      // Two updates of one document in one stub become one; anything else, the later write wins.
      if (earlier?.kind === "update" && write.kind === "update") {
        const fields = { ...earlier.fields, ...write.fields };
        for (const key of write.cleared) delete fields[key];
        const cleared = [...earlier.cleared.filter((key) => !(key in write.fields)), ...write.cleared];
        docs.set(id, { kind: "update", fields, cleared });
      } else if (earlier?.kind === "insert" && write.kind === "update") {
        docs.set(id, { kind: "insert", doc: applyWrite(earlier.doc, write, id) as LiveDoc });
      } else {
        docs.set(id, write);
      }
    };
    const context: StubContext = {
      findOne: shown,
      find: (collection) => this.view(collection, this.serverDocs(collection)),
      newId: (collection) => ids.id(collection),
      insert: (collection, doc) => put(collection, doc._id, { kind: "insert", doc: Object.freeze({ ...doc }) }),
      update: (collection, id, fields, cleared = []) => {
        if (!shown(collection, id)) return;
        put(collection, id, { kind: "update", fields: { ...fields }, cleared: [...cleared] });
      },
      remove: (collection, id) => put(collection, id, { kind: "remove" }),
    };
    stub(context, ...params);
    if (writes.size > 0) this.layers.set(callId, writes);
    return new Set(writes.keys());
  }

  /** Drops a settled (or refused) call's layer. @returns the collections it had written. */
  drop(callId: string): Set<string> {
    const writes = this.layers.get(callId);
    this.layers.delete(callId);
    return new Set(writes?.keys() ?? []);
  }

  /** Whether any layer writes `collection`. */
  touches(collection: string): boolean {
    for (const writes of this.layers.values()) if (writes.has(collection)) return true;
    return false;
  }

  /** Ids of documents of `collection` some waiting call has written. */
  pendingIds(collection: string): ReadonlySet<string> {
    const ids = new Set<string>();
    for (const writes of this.layers.values()) for (const id of writes.get(collection)?.keys() ?? []) ids.add(id);
    return ids;
  }

  /** The document as shown: the server's, then each layer in call order. */
  docAsShown(collection: string, id: string): LiveDoc | undefined {
    let doc = this.serverDoc(collection, id);
    for (const writes of this.layers.values()) {
      const write = writes.get(collection)?.get(id);
      if (write) doc = applyWrite(doc, write, id);
    }
    return doc;
  }

  /** `serverDocs` with every layer on top, in call order; the same array when no layer writes here. */
  view(collection: string, serverDocs: readonly LiveDoc[]): readonly LiveDoc[] {
    if (!this.touches(collection)) return serverDocs;
    const byId = new Map(serverDocs.map((doc) => [doc._id, doc] as const));
    for (const writes of this.layers.values()) {
      for (const [id, write] of writes.get(collection) ?? []) {
        const doc = applyWrite(byId.get(id), write, id);
        if (doc) byId.set(id, doc);
        else byId.delete(id);
      }
    }
    return Object.freeze([...byId.values()]);
  }
}
