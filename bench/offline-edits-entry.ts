/**
 * The app's own sync layer in a blank page of our origin, for
 * bench/offline-edits.bench.mjs: the live connection with its stubs, the
 * IndexedDB journal of waiting calls and the signed-in user's login, as a
 * room page sets them up (use-live-connection.ts, RoomPage.tsx) — without
 * the React UI, so a thousand edits cost only what syncing them costs.
 * Bundled by esbuild into an IIFE.
 */
import { AccountsClient } from "../app/accounts";
import { readStoredLogin } from "../app/accounts/stored-login";
import { itemStubs } from "../app/catalogue/item-stubs";
import { defaultLiveUrl, LiveConnection } from "../app/live";
import { indexedDbJournal, journalName } from "../app/live/offline-stores";
import { METHOD, PUBLICATION } from "../protocol/api";

let connection: LiveConnection | null = null;
let waiting: Promise<unknown>[] = [];

const offlineBench = {
  /** Opens the room's connection, signed in, with the waiting-call journal and the item stubs; answers when its items are in. */
  async open(roomId: string): Promise<void> {
    const path = `rooms/${encodeURIComponent(roomId)}/websocket`;
    const userId = readStoredLogin()?.userId;
    if (!userId) throw new Error("sign in first");
    connection = new LiveConnection({ url: defaultLiveUrl(path) });
    new AccountsClient(connection);
    connection.keepWaitingCallsIn(indexedDbJournal(journalName(userId, path)));
    for (const [name, stub] of Object.entries(itemStubs({ roomCurrency: () => null, userId: () => userId })))
      connection.defineStub(name, stub);
    await connection.subscribe(PUBLICATION.ITEMS).ready();
  },
  connected: () => connection?.status().connected ?? false,
  /** Makes one quantity edit per id, all at once (as fast as a person's taps could never be). */
  edit(ids: string[], quantity: number): void {
    const live = connection as LiveConnection;
    waiting = ids.map((id) => live.call(METHOD.ITEMS_UPDATE, id, { quantity }));
  },
  /** Resolves when every edit of the last `edit` has been answered and its data confirmed. */
  async settled(): Promise<void> {
    await Promise.all(waiting);
    const live = connection as LiveConnection;
    while (live.store.pendingCount() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  },
  pending: () => connection?.store.pendingCount() ?? 0,
  reconnect: () => connection?.reconnect(),
  /** Entries in the IndexedDB journal (what would survive a reload), and their size as JSON. */
  async journalled(): Promise<{ count: number; bytes: number }> {
    let count = 0;
    let bytes = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith("stockroom-calls:")) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const entries = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction("calls").objectStore("calls").getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      count += entries.length;
      for (const entry of entries) bytes += new TextEncoder().encode(JSON.stringify(entry)).length;
    }
    return { count, bytes };
  },
};

declare global {
  interface Window {
    offlineBench: typeof offlineBench;
  }
}
window.offlineBench = offlineBench;
