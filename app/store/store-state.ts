import { COLLECTION, PUBLICATION, type StoreConnectionDoc, type StoreSyncDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useSubscribe } from "../live-api";

const isConnection = (doc: LiveDoc): doc is LiveDoc & StoreConnectionDoc => doc._id === "connection";
const isSync = (doc: LiveDoc): doc is LiveDoc & StoreSyncDoc => doc._id === "sync";

export interface StoreState {
  /** The `store` publication has not sent its documents yet. */
  loading: boolean;
  /** A store is connected to the room. */
  connected: boolean;
  connection: StoreConnectionDoc | null;
  /** The running or last sync (null before any, or when the server sends none). */
  sync: StoreSyncDoc | null;
}

/**
 * The room's store, live: subscribes to the `store` publication for as long
 * as the component is mounted (overlapping subscriptions are merged by the
 * server, so each component that needs it may hold its own).
 */
export function useStoreState(): StoreState {
  const loading = useSubscribe(PUBLICATION.STORE);
  const [connection] = useFind(COLLECTION.STORE, isConnection);
  const [sync] = useFind(COLLECTION.STORE, isSync);
  return {
    loading: loading && !connection,
    connected: connection?.connected === true,
    connection: connection ?? null,
    sync: sync ?? null,
  };
}
