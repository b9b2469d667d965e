/**
 * A journal or cache whose real store is still loading (its code is a lazy
 * chunk, offline-stores.ts): what is asked of it meanwhile waits and then
 * happens in the order it was asked, so nothing is lost or reordered.
 */
import type { CallJournal } from "./call-journal";
import type { DocCache } from "./doc-cache";

export function deferredJournal(store: Promise<CallJournal>): CallJournal {
  return {
    entries: async () => (await store).entries(),
    add: (entry) => void store.then((journal) => journal.add(entry)),
    remove: (seed) => void store.then((journal) => journal.remove(seed)),
  };
}

export function deferredDocCache(store: Promise<DocCache>): DocCache {
  return {
    load: async () => (await store).load(),
    save: (collection, docs) => void store.then((cache) => cache.save(collection, docs)),
  };
}
