import { useEffect, useRef, useState } from "react";
import { HOME_SHARDS } from "../protocol/constants";
import { AccountsClient } from "./accounts";
import { readStoredLogin } from "./accounts/stored-login";
import { forgetUser } from "./forget-user";
import { whenIdle } from "./lazy-page";
import { defaultLiveUrl, deferredDocCache, deferredJournal, LiveConnection } from "./live";

export interface LiveSession {
  connection: LiveConnection;
  accounts: AccountsClient;
}

/**
 * One live connection, with accounts on it, for as long as the component
 * using it is mounted (the app holds one connection at a time, docs/architecture.md §1).
 * Created in an effect, so React's StrictMode re-mount gets a fresh pair
 * instead of a closed one. Null until the first effect has run.
 */
export function useLiveSession(path: string, offlineCollections: readonly string[] = []): LiveSession | null {
  const [session, setSession] = useState<LiveSession | null>(null);
  // Fixed for a page (a module constant): only the path decides when to connect anew.
  const offline = useRef(offlineCollections);
  useEffect(() => {
    const connection = new LiveConnection({ url: defaultLiveUrl(path) });
    const accounts = new AccountsClient(connection);
    accounts.onSignOut(forgetUser);
    // With `offlineCollections` (a room), edits waiting for the server and those documents are kept
    // per user, so it opens again with no line to the server and nothing waiting is lost to a reload.
    const userId = readStoredLogin()?.userId;
    if (userId && offline.current.length > 0) {
      // The IndexedDB code is a lazy chunk, fetched once the page has shown (offline, the service
      // worker answers at once): calls and changes meanwhile wait for it, in order. With no line,
      // what the browser kept is all the room there is: then it comes at once.
      const stores = new Promise<void>((resolve) => {
        const cancelIdle = whenIdle(resolve);
        const noLine = () => {
          cancelIdle();
          stopWatching();
          resolve();
        };
        const stopWatching = connection.onStatus((status) => {
          if (status.status === "waiting" || status.status === "offline" || status.status === "failed") noLine();
        });
        if (!navigator.onLine) noLine();
      }).then(() => import("./live/offline-stores"));
      // Signed out (or in as someone else) before the stores opened: they open nothing, so
      // what signing out deleted is not made again (live/user-data.ts).
      const stillTheirs = () => readStoredLogin()?.userId === userId;
      connection.keepWaitingCallsIn(
        deferredJournal(stores.then((m) => m.indexedDbJournal(m.journalName(userId, path), stillTheirs))),
      );
      connection.cacheDocsIn(
        deferredDocCache(stores.then((m) => m.indexedDbDocCache(m.docCacheName(userId, path), stillTheirs))),
        offline.current,
      );
    }
    setSession({ connection, accounts });
    return () => {
      accounts.dispose();
      connection.close();
    };
  }, [path]);
  return session;
}

/**
 * The HomeDO shard for this tab. It stays the same across reconnects, so a
 * re-sent method reaches the object that holds its cached result.
 */
export function homeShardPath(): string {
  const key = "stockroom.homeShard";
  let shard = sessionStorage.getItem(key);
  if (shard === null) {
    shard = String(Math.floor(Math.random() * HOME_SHARDS));
    sessionStorage.setItem(key, shard);
  }
  return `websocket?shard=${shard}`;
}
