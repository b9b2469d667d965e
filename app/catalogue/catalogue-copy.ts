/**
 * A big room's whole catalogue kept on this device (docs/architecture.md §5),
 * for when there is no line: IndexedDB holds every item and the change
 * number it is up to; `refreshCopy` asks the room for what changed after
 * that (`items.copy`), a page of 1,000 at a time, so a copy made once is
 * brought up to date with only the changes. Deleted with the room's other
 * kept data (live/user-data.ts: the name starts with the room's cache name).
 */
import type { ItemCopyPage, ItemDoc } from "../../protocol/api";
import { docCacheName } from "../live/doc-cache";
import { openDatabase, request } from "../live/idb";

const ITEMS = "items";
const META = "meta";
const SEQ = "seq";

export const copyName = (userId: string, endpoint: string) => `${docCacheName(userId, endpoint)}:copy`;

export class CatalogueCopy {
  private readonly db: Promise<IDBDatabase | null>;

  constructor(name: string) {
    this.db = openDatabase(
      name,
      (created) => {
        created.createObjectStore(ITEMS, { keyPath: "_id" });
        created.createObjectStore(META);
      },
      "a big room's catalogue cannot be kept on this device for use offline",
    );
  }

  /** The change number the copy is up to (0: nothing copied yet). */
  async seq(): Promise<number> {
    const db = await this.db;
    if (!db) return 0;
    return ((await request(db.transaction(META).objectStore(META).get(SEQ))) as number | undefined) ?? 0;
  }

  async count(): Promise<number> {
    const db = await this.db;
    return db ? request(db.transaction(ITEMS).objectStore(ITEMS).count()) : 0;
  }

  async all(): Promise<ItemDoc[]> {
    const db = await this.db;
    return db ? ((await request(db.transaction(ITEMS).objectStore(ITEMS).getAll())) as ItemDoc[]) : [];
  }

  /**
   * Every item and the change number they are up to, read together (one
   * transaction): what a page holding the copy in memory starts from, so the
   * pages it applies after are exactly the ones that follow.
   */
  async snapshot(): Promise<{ seq: number; items: ItemDoc[] }> {
    const db = await this.db;
    if (!db) return { seq: 0, items: [] };
    const tx = db.transaction([ITEMS, META]);
    const [seq, items] = await Promise.all([
      request(tx.objectStore(META).get(SEQ)) as Promise<number | undefined>,
      request(tx.objectStore(ITEMS).getAll()) as Promise<ItemDoc[]>,
    ]);
    return { seq: seq ?? 0, items };
  }

  /** One page of changes and the point it reaches, together (all or nothing). */
  async apply(page: ItemCopyPage): Promise<void> {
    const db = await this.db;
    if (!db) return;
    const tx = db.transaction([ITEMS, META], "readwrite");
    const items = tx.objectStore(ITEMS);
    for (const item of page.items) items.put(item);
    for (const id of page.removed) items.delete(id);
    tx.objectStore(META).put(page.seq, SEQ);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  }
}

/**
 * Brings the copy up to date, page after page; `onPage` is told how many
 * changes have come so far, and each page once it is kept, with the point
 * it started from (a page that holds the copy in memory applies it there
 * too). A refresh that is `stopped` (its page closed, or the line it ran on
 * went) keeps nothing more, so a later one never finds its pages landing
 * between its own. Answers how many items the copy holds.
 */
export async function refreshCopy(
  copy: CatalogueCopy,
  fetchPage: (afterSeq: number) => Promise<ItemCopyPage>,
  onPage: (changes: number, page: ItemCopyPage, afterSeq: number) => void,
  stopped: () => boolean = () => false,
): Promise<number> {
  let seq = await copy.seq();
  let changes = 0;
  for (let more = true; more && !stopped(); ) {
    const page = await fetchPage(seq);
    if (stopped()) break;
    await copy.apply(page);
    changes += page.items.length + page.removed.length;
    onPage(changes, page, seq);
    seq = page.seq;
    more = page.more;
  }
  return copy.count();
}
