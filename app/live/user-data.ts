/**
 * What the browser keeps for one signed-in person (waiting calls,
 * call-journal.ts; cached rooms, doc-cache.ts), deleted when they sign out:
 * none of it may show or go out under someone else's login.
 */
import { JOURNAL_PREFIX } from "./call-journal";
import { DOC_CACHE_PREFIX } from "./doc-cache";

export async function deleteUserData(userId: string): Promise<void> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  const prefixes = [JOURNAL_PREFIX, DOC_CACHE_PREFIX].map((prefix) => `${prefix}:${userId}:`);
  for (const { name } of await indexedDB.databases()) {
    if (!name || !prefixes.some((prefix) => name.startsWith(prefix))) continue;
    // Settles when deleted, refused, or blocked (then deleted once the last holder lets go).
    await new Promise<void>((resolve) => {
      const req = indexedDB.deleteDatabase(name);
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    });
  }
}
