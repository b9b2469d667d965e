/**
 * Items let go of the store: every link when the room connects another shop,
 * or one product's when it was deleted in the store. Each stops any edit
 * still waiting to go to the store (store-runtime.ts).
 */
import { STORE_ACTOR } from "../../protocol/api";
import { findItemByStoreProduct } from "../db/room/items-repo";
import { runTogether } from "../db/room/room-database";
import { deleteListingsOfProduct, deleteRoomListings } from "../db/room/store-listings-repo";
import { findStoreConnection, forgetSyncState } from "../db/room/store-repo";
import { forgetStoreStockQueries, unlinkProductQuery } from "../db/room/store-stock-repo";
import { startBulkJobNow } from "../inventory/bulk-jobs";
import { editItemNow } from "../inventory/items-service";
import type { RoomHost } from "../rooms/room-host";
import { forgetReviewsQuery } from "./store-review";
import { storeRuntime } from "./store-runtime";
import { linkedItemCount } from "./store-unlink-job";

/**
 * The room now connects another shop: no item is in that store, so every
 * link goes (listed items back to ready, as a bulk job: store-unlink-job.ts),
 * with the listings, the old shop's stock links and the last sync. Orders
 * and customers already synced stay, as history. The caller holds
 * host.writes; the job runs once its turn is over (the returned id).
 */
export async function forgetShopNow(host: RoomHost): Promise<string | null> {
  const total = linkedItemCount(host);
  const jobId =
    total > 0 ? startBulkJobNow(host, { kind: "store-unlink", params: {}, total, startedBy: STORE_ACTOR }) : null;
  await deleteRoomListings(host.roomDb, host.roomId);
  // The old shop's variants, locations, levels, events and products held for review mean nothing for the new one.
  runTogether(host.roomDb, [...forgetStoreStockQueries(host.roomDb), forgetReviewsQuery(host)]);
  await forgetSyncState(host.roomDb, host.roomId);
  storeRuntime(host).sync.forget(host, await findStoreConnection(host.roomDb, host.roomId));
  return jobId;
}

/** The product was deleted in the store: its item stays here, unlinked (and no longer listed). */
export async function forgetStoreProductNow(host: RoomHost, productId: string): Promise<boolean> {
  const linked = await findItemByStoreProduct(host.roomDb, host.roomId, productId);
  await deleteListingsOfProduct(host.roomDb, host.roomId, productId);
  runTogether(host.roomDb, [unlinkProductQuery(host.roomDb, productId)]);
  if (!linked) return false;
  storeRuntime(host).cancelFollow(linked.id);
  await editItemNow(host, STORE_ACTOR, linked.id, linked.status === "listed" ? { status: "ready" } : {}, {
    storeProductId: "",
  });
  return true;
}
