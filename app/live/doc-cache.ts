/**
 * The server's documents of chosen collections, kept in the browser's
 * IndexedDB so a room opened before opens again with no line to the server
 * (waiting edits from call-journal.ts go on top). The cache is only a
 * starting point: when the live connection's subscriptions are first ready,
 * anything the server did not send again is dropped (connection.ts).
 *
 * One cache per signed-in user and live endpoint (a room); signing out
 * deletes the user's caches with their journals (deleteUserData).
 */
import { parse, stringify } from "../../protocol/ejson";
import { openDatabase, request } from "./idb";
import type { LiveDoc, LiveStore } from "./store";

/** How long changes to cached collections gather before they are written (a burst is one write). */
const CACHE_WRITE_DELAY_MS = 250;

/**
 * Writes the server's documents of `collections` to `cache` a moment after
 * they change. @returns a function that stops it, writing what is still pending.
 */
export function keepCached(store: LiveStore, cache: DocCache, collections: ReadonlySet<string>): () => void {
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const name of dirty) cache.save(name, store.serverDocs(name));
    dirty.clear();
  };
  const stopListening = store.onChange((changed) => {
    for (const name of changed) if (collections.has(name)) dirty.add(name);
    if (dirty.size > 0 && !timer) timer = setTimeout(write, CACHE_WRITE_DELAY_MS);
  });
  return () => {
    stopListening();
    write();
  };
}

export interface DocCache {
  /** What was kept, by collection. */
  load(): Promise<Map<string, LiveDoc[]>>;
  /** Keeps `docs` as the whole of `collection`. */
  save(collection: string, docs: readonly LiveDoc[]): void;
}

const STORE = "collections";
export const DOC_CACHE_PREFIX = "stockroom-docs";

export function docCacheName(userId: string, endpoint: string): string {
  return `${DOC_CACHE_PREFIX}:${userId}:${endpoint}`;
}

export function indexedDbDocCache(name: string, stillWanted?: () => boolean): DocCache {
  let db: Promise<IDBDatabase | null> | null = null;
  const database = () => {
    db ??= openDatabase(
      name,
      (created) => created.createObjectStore(STORE, { keyPath: "collection" }),
      "rooms will not open offline here",
      stillWanted,
    );
    return db;
  };
  return {
    async load() {
      const opened = await database();
      const kept = new Map<string, LiveDoc[]>();
      if (!opened) return kept;
      try {
        const rows = (await request(opened.transaction(STORE).objectStore(STORE).getAll())) as {
          collection: string;
          docs: string;
        }[];
        for (const row of rows) {
          const docs = parse(row.docs);
          if (typeof row.collection === "string" && Array.isArray(docs)) kept.set(row.collection, docs as LiveDoc[]);
        }
      } catch (error) {
        // Damaged or not ours: start from the server alone.
        console.warn("live: the room kept here could not be read", error);
        kept.clear();
      }
      return kept;
    },
    save(collection, docs) {
      void database()
        .then((opened) => {
          if (!opened) return;
          opened
            .transaction(STORE, "readwrite")
            .objectStore(STORE)
            .put({ collection, docs: stringify(docs) });
        })
        .catch((error: unknown) => console.warn("live: could not keep the room for offline use", error));
    },
  };
}
