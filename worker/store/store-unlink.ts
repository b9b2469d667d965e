/**
 * Items let go of the store: every link when the room connects another shop,
 * or one product's when it was deleted in the store. Each stops any edit
 * still waiting to go to the store (store-runtime.ts).
 */
import { STORE_ACTOR } from "../../protocol/api";
import { findItemByStoreProduct, findLinkedItems } from "../db/room/items-repo";
import { runTogether } from "../db/room/room-database";
import { deleteListingsOfProduct, deleteRoomListings } from "../db/room/store-listings-repo";
import { findStoreConnection, forgetSyncState } from "../db/room/store-repo";
import { forgetStoreStockQueries, unlinkProductQuery } from "../db/room/store-stock-repo";
import { editItemNow } from "../inventory/items-service";
import type { RoomHost } from "../rooms/room-host";
import { storeRuntime } from "./store-runtime";

/**
 * The room now connects another shop: no item is in that store, so every
 * link goes (listed items back to ready), with the listings and the old
 * shop's sync marks and last sync. Orders and customers already synced stay, as
 * history. The caller holds host.writes.
 */
export async function forgetShopNow(host: RoomHost): Promise<void> {
  for (const row of await findLinkedItems(host.roomDb, host.roomId)) {
    storeRuntime(host).cancelFollow(row.id);
    await editItemNow(host, STORE_ACTOR, row.id, row.status === "listed" ? { status: "ready" } : {}, {
      storeProductId: "",
    });
  }
  await deleteRoomListings(host.roomDb, host.roomId);
  // The old shop's variants, locations, levels and events mean nothing for the new one.
  runTogether(host.roomDb, forgetStoreStockQueries(host.roomDb));
  await forgetSyncState(host.roomDb, host.roomId);
  storeRuntime(host).sync.forget(host, await findStoreConnection(host.roomDb, host.roomId));
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
