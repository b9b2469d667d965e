import { useEffect, useState } from "react";
import { HOME_SHARDS } from "../protocol/constants";
import { defaultLiveUrl, LiveConnection } from "./live";

/**
 * One live connection for as long as the component using it is mounted (the
 * app holds one connection at a time, DESIGN §1). Created in an effect, so
 * React's StrictMode re-mount gets a fresh connection instead of a closed
 * one. Returns null until the first effect has run.
 */
export function useLiveConnection(path: string): LiveConnection | null {
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  useEffect(() => {
    const created = new LiveConnection({ url: defaultLiveUrl(path) });
    setConnection(created);
    return () => created.close();
  }, [path]);
  return connection;
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
