/** The little IndexedDB the offline stores need (call-journal.ts, doc-cache.ts). */

/** An IndexedDB request as a promise. */
export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * Opens database `name` (version 1, made by `create` the first time). It
 * lets go at once when someone deletes it (signing out, user-data.ts)
 * instead of blocking that. Null, with a warning saying what will not
 * work, where the browser has no IndexedDB or refuses it (some private modes).
 * Null, quietly, once `stillWanted` says no: a store opened late (its code
 * is a lazy chunk, opened on first use) must not make anew a database that
 * signing out has just deleted.
 */
export function openDatabase(
  name: string,
  create: (db: IDBDatabase) => void,
  withoutIt: string,
  stillWanted: () => boolean = () => true,
): Promise<IDBDatabase | null> {
  if (!stillWanted()) return Promise.resolve(null);
  return new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === "undefined") throw new Error("no IndexedDB");
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => create(req.result);
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close();
      resolve(req.result);
    };
    req.onerror = () => reject(req.error);
  }).catch((error: unknown) => {
    console.warn(`live: ${withoutIt}`, error);
    return null;
  });
}
