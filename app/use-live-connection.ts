import { useEffect, useState } from "react";
import { COLLECTION } from "../protocol/api";
import { HOME_SHARDS } from "../protocol/constants";
import { AccountsClient } from "./accounts";
import { readStoredLogin } from "./accounts/stored-login";
import { defaultLiveUrl, docCacheName, indexedDbDocCache, indexedDbJournal, journalName, LiveConnection } from "./live";

/** What a room keeps for offline use: the room, its members (your role), items, file records and its stocktake. */
const OFFLINE_COLLECTIONS = [
  COLLECTION.ROOMS,
  COLLECTION.MEMBERS,
  COLLECTION.ITEMS,
  COLLECTION.FILES,
  COLLECTION.STOCKTAKES,
  COLLECTION.STOCKTAKE_SCANS,
];

export interface LiveSession {
  connection: LiveConnection;
  accounts: AccountsClient;
}

/**
 * One live connection, with accounts on it, for as long as the component
 * using it is mounted (the app holds one connection at a time, DESIGN §1).
 * Created in an effect, so React's StrictMode re-mount gets a fresh pair
 * instead of a closed one. Null until the first effect has run.
 */
export function useLiveSession(path: string): LiveSession | null {
  const [session, setSession] = useState<LiveSession | null>(null);
  useEffect(() => {
    const connection = new LiveConnection({ url: defaultLiveUrl(path) });
    const accounts = new AccountsClient(connection);
    // In a room, edits waiting for the server and the room's documents are kept per user, so the
    // room opens again with no line to the server and nothing waiting is lost to a reload.
    const userId = readStoredLogin()?.userId;
    if (userId && path.startsWith("rooms/")) {
      connection.keepWaitingCallsIn(indexedDbJournal(journalName(userId, path)));
      connection.cacheDocsIn(indexedDbDocCache(docCacheName(userId, path)), OFFLINE_COLLECTIONS);
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
