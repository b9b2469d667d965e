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
import type { LiveDoc } from "./store";

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

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbDocCache(name: string): DocCache {
  let db: Promise<IDBDatabase | null> | null = null;
  const database = () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === "undefined") throw new Error("no IndexedDB");
      const req = indexedDB.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "collection" });
      req.onsuccess = () => {
        // Signing out deletes the database: let go of it at once instead of blocking that.
        req.result.onversionchange = () => req.result.close();
        resolve(req.result);
      };
      req.onerror = () => reject(req.error);
    }).catch((error: unknown) => {
      console.warn("live: rooms will not open offline here", error);
      return null;
    });
    return db;
  };
  return {
    async load() {
      const opened = await database();
      const kept = new Map<string, LiveDoc[]>();
      if (!opened) return kept;
      const rows = (await request(opened.transaction(STORE).objectStore(STORE).getAll())) as {
        collection: string;
        docs: string;
      }[];
      for (const row of rows) kept.set(row.collection, parse(row.docs) as LiveDoc[]);
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
