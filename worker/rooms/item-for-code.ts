/** What a scanned or typed code names in this room: a stocktake's count and a delivery received both ask here. */
import { variantName } from "../../protocol/api";
import { labelKey, storePageKey } from "../../protocol/label-key";
import { findItem, findItemByCode, findVariantByCode } from "../db/items-repo";
import type { ItemRow } from "../db/room-schema";
import { activeListings } from "../db/store-listings-repo";
import type { RoomHost } from "./room-host";
import { roomCodeIndex } from "./share-code-cache";
import { variantsOfRow } from "./stock-moves";

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

/** What a code names: an item, and which of its variants (the item's own id for a product without options). */
export interface CodeTarget {
  item: ItemRow;
  variantId: string;
  /** The variant's name ("M / Red"), "" for a product's only variant. */
  variantName: string;
}

/**
 * The item and variant a scan names: what `itemForCode` finds (a product
 * with variants named by its label counts its first variant), else a
 * variant's own SKU or barcode.
 */
export async function targetForCode(host: RoomHost, code: string): Promise<CodeTarget | null> {
  const item = await itemForCode(host, code);
  if (item) {
    const first = item.variants === "[]" ? null : variantsOfRow(item)[0];
    return { item, variantId: first?._id ?? item.id, variantName: first ? variantName(first) : "" };
  }
  const found = findVariantByCode(host.roomDb, code);
  if (!found) return null;
  const owner = await findItem(host.roomDb, host.roomId, found.itemId);
  const variant = owner ? variantsOfRow(owner).find((each) => each._id === found.variantId) : undefined;
  return owner && variant ? { item: owner, variantId: variant._id, variantName: variantName(variant) } : null;
}
