/** What a room keeps in the browser for offline use, read back from IndexedDB in a test. */
import type { Page } from "playwright-core";

/** The collections of the room kept in the browser's IndexedDB (app/live/doc-cache.ts). */
export function keptCollections(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith("stockroom-docs:")) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const rows = await new Promise<{ collection: string }[]>((resolve, reject) => {
        const all = db.transaction("collections").objectStore("collections").getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      });
      db.close();
      kept.push(...rows.map((row) => row.collection));
    }
    return kept.sort();
  });
}
