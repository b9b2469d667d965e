/**
 * Calls that wait for the server, kept in the browser's IndexedDB so they
 * outlive a reload, a closed tab or hours offline: the method's name, its
 * parameters (EJSON) and its random seed. A call is written when it is made
 * and deleted when it is settled; whatever is left when a page opens is
 * made again, in the order it was first made, under the same seed. The
 * server applies each write once per id and seed (docs/protocol.md §9), so a call that
 * did reach the server before the page went away has its effect once.
 *
 * One journal per signed-in user and live endpoint (a room), so one
 * person's waiting edits never go out under another's login; signing out
 * deletes the user's journals (user-data.ts).
 */

import { parse } from "../../protocol/ejson";
import { openDatabase, request } from "./idb";

export interface JournalEntry {
  seed: string;
  name: string;
  /** EJSON text of the parameters. */
  params: string;
  /** When the call was first made (ms since the epoch): the order to make them again. */
  at: number;
}

export interface CallJournal {
  /** What was left waiting, oldest first. */
  entries(): Promise<JournalEntry[]>;
  add(entry: JournalEntry): void;
  remove(seed: string): void;
}

const STORE = "calls";
export const JOURNAL_PREFIX = "stockroom-calls";

/**
 * A kept entry as a call to make again, or the reason it cannot be (damaged,
 * or written by something else): IndexedDB holds whatever was put there.
 */
export function readEntry(entry: JournalEntry): { name: string; params: unknown[] } | Error {
  try {
    if (typeof entry.name !== "string" || typeof entry.seed !== "string") throw new Error("not a call");
    const params = parse(entry.params);
    if (!Array.isArray(params)) throw new Error("parameters are not a list");
    return { name: entry.name, params };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** The journal's database name for a user's connection to `endpoint` (a room's socket path). */
export function journalName(userId: string, endpoint: string): string {
  return `${JOURNAL_PREFIX}:${userId}:${endpoint}`;
}

/**
 * A journal in IndexedDB. Writes are queued on one promise chain, so they
 * land in the order they were made; a browser without IndexedDB (or one that
 * refuses it, as some private modes do) keeps nothing and says so once.
 */
export function indexedDbJournal(name: string, stillWanted?: () => boolean): CallJournal {
  let db: Promise<IDBDatabase | null> | null = null;
  const database = () => {
    db ??= openDatabase(
      name,
      (created) => created.createObjectStore(STORE, { keyPath: "seed" }).createIndex("at", "at"),
      "waiting changes will not survive a reload here",
      stillWanted,
    );
    return db;
  };
  let queue: Promise<unknown> = Promise.resolve();
  const write = (change: (store: IDBObjectStore) => void) => {
    queue = queue
      .then(database)
      .then((opened) => {
        if (!opened) return;
        const tx = opened.transaction(STORE, "readwrite");
        change(tx.objectStore(STORE));
        return new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      })
      .catch((error: unknown) => console.warn("live: could not keep a waiting change", error));
  };
  return {
    async entries() {
      await queue;
      const opened = await database();
      if (!opened) return [];
      try {
        return (await request(opened.transaction(STORE).objectStore(STORE).index("at").getAll())) as JournalEntry[];
      } catch (error) {
        // A database of this name that is not ours (or damaged): nothing to make again, and say so.
        console.warn("live: the waiting changes kept here could not be read", error);
        return [];
      }
    },
    add: (entry) => write((store) => store.put(entry)),
    remove: (seed) => write((store) => store.delete(seed)),
  };
}
