import { useEffect, useState } from "react";
import { HOME_SHARDS } from "../protocol/constants";
import { defaultLiveUrl, LiveConnection } from "./live";

/**
 * One live connection for as long as the component using it is mounted.
 * The app holds one connection at a time (DESIGN §1).
 */
export function useLiveConnection(path: string): LiveConnection {
  const [connection] = useState(() => new LiveConnection({ url: defaultLiveUrl(path) }));
  useEffect(() => () => connection.close(), [connection]);
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
