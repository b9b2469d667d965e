import { useEffect, useState } from "react";
import { HOME_SHARDS } from "../protocol/constants";
import { AccountsClient } from "./accounts";
import { defaultLiveUrl, LiveConnection } from "./live";

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
