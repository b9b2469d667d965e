/** What a scanned or typed code names in this room: a stocktake's count and a delivery received both ask here. */
import { labelKey, storePageKey } from "../../protocol/label-key";
import { findItem, findItemByCode } from "../db/items-repo";
import type { ItemRow } from "../db/room-schema";
import { activeListings } from "../db/store-listings-repo";
import type { RoomHost } from "./room-host";
import { roomCodeIndex } from "./share-code-cache";

/**
 * The item a scan names: a label's short link (`…/s/<code>`) or store page
 * (`…/products/<handle>`), an earlier signed link
 * (`…/share/<room>/<item>/<sig>`), a SKU, or an item id. Null when no item
 * of the room has it (a label of an item removed since counts nothing). It
 * runs in the room's write queue and reads only the room's own storage (its
 * labels' codes are kept in the room: share-code-cache.ts).
 */
export async function itemForCode(host: RoomHost, code: string): Promise<ItemRow | null> {
  const key = labelKey(code);
  if (key?.startsWith("s:")) {
    // The room's own codes are kept in the room; another room's code counts nothing here.
    const itemId = (await roomCodeIndex(host)).get(key.slice(2));
    return itemId ? findItem(host.roomDb, host.roomId, itemId) : null;
  }
  if (key?.startsWith("p:")) {
    const listing = (await activeListings(host.roomDb, host.roomId)).find(
      (row) => row.handle && storePageKey(row.handle) === key,
    );
    return listing ? findItem(host.roomDb, host.roomId, listing.itemId) : null;
  }
  const signed = /\/share\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\//.exec(code);
  if (signed?.[1] && signed[2]) {
    return signed[1] === host.roomId ? findItem(host.roomDb, host.roomId, signed[2]) : null;
  }
  // A SKU as typed, else in any case (a handheld scanner or a phone keyboard may change it), else an id.
  return findItemByCode(host.roomDb, host.roomId, code);
}
