/**
 * What the browser keeps for one signed-in person (waiting calls,
 * call-journal.ts; cached rooms, doc-cache.ts), deleted when they sign out:
 * none of it may show or go out under someone else's login.
 */
import { JOURNAL_PREFIX, journalName } from "./call-journal";
import { DOC_CACHE_PREFIX, docCacheName } from "./doc-cache";

export async function deleteUserData(userId: string): Promise<void> {
  await deleteDatabases((name) =>
    [JOURNAL_PREFIX, DOC_CACHE_PREFIX].some((prefix) => name.startsWith(`${prefix}:${userId}:`)),
  );
}

/**
 * What the browser keeps of one room for one person, deleted when the room
 * ends for them (deleted, or they were removed): its waiting calls can never
 * be made, and its documents are no longer theirs to see.
 */
export async function deleteRoomData(userId: string, endpoint: string): Promise<void> {
  // The cache's name, and a big room's catalogue copy kept under it (catalogue/catalogue-copy.ts).
  const names = [
    journalName(userId, endpoint),
    docCacheName(userId, endpoint),
    `${docCacheName(userId, endpoint)}:copy`,
  ];
  await deleteDatabases((name) => names.includes(name));
}

async function deleteDatabases(wanted: (name: string) => boolean): Promise<void> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  for (const { name } of await indexedDB.databases()) {
    if (!name || !wanted(name)) continue;
    // Settles when deleted, refused, or blocked (then deleted once the last holder lets go).
    await new Promise<void>((resolve) => {
      const req = indexedDB.deleteDatabase(name);
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    });
  }
}
