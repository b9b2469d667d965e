/** What a scanned or typed code names in this room: a stocktake's count and a delivery received both ask here. */
import { variantName } from "../../protocol/api";
import { parseBarcode } from "../../protocol/barcodes";
import { LiveError } from "../../protocol/errors";
import { labelKey, labelVariant, variantNeeded } from "../../protocol/label-key";
import { findItem, findItemByCode, findVariantByCode } from "../db/room/items-repo";
import type { ItemRow } from "../db/room/room-schema";
import { findActiveListingByHandle } from "../db/room/store-listings-repo";
import type { RoomHost } from "../rooms/room-host";
import { itemIdForShareCode } from "./share-codes";
import { variantsOfRow } from "./stock-moves";

/** An earlier label's signed link: `…/share/<room>/<item>/<signature>`. */
const SIGNED_LINK = /\/share\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\//;

/**
 * The item a scan names: a label's short link (`…/s/<code>`) or store page
 * (`…/products/<handle>`), an earlier signed link
 * (`…/share/<room>/<item>/<sig>`), a SKU, or an item id. Null when no item
 * of the room has it (a label of an item removed since counts nothing). It
 * runs in the room's write queue and reads the room's own storage by its
 * indexes (its labels' codes are on its items: share-codes.ts).
 */
export async function itemForCode(host: RoomHost, code: string): Promise<ItemRow | null> {
  const key = labelKey(code);
  if (key?.startsWith("s:")) {
    // The room's own codes are on its items; another room's code counts nothing here.
    const itemId = await itemIdForShareCode(host, key.slice(2));
    return itemId ? findItem(host.roomDb, host.roomId, itemId) : null;
  }
  if (key?.startsWith("p:")) {
    const listing = findActiveListingByHandle(host.roomDb, host.roomId, key.slice(2));
    return listing ? findItem(host.roomDb, host.roomId, listing.itemId) : null;
  }
  const signed = SIGNED_LINK.exec(code);
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
 * The item and variant a scan names (docs/stock.md: every code names
 * exactly one variant): a variant's own SKU or barcode; a variant's label
 * (its product's link naming it); or what `itemForCode` finds of a product
 * without options. A product sold in variants named by its own label, link
 * or id is refused in words (`variantNeeded`): counting or receiving it as
 * its first variant would put units on the wrong one.
 */
export async function targetForCode(host: RoomHost, code: string): Promise<CodeTarget | null> {
  const label = labelKey(code);
  if (!label && !SIGNED_LINK.test(code)) {
    const found = findVariantByCode(host.roomDb, code);
    if (found) {
      const owner = await findItem(host.roomDb, host.roomId, found.itemId);
      const variant = owner ? variantsOfRow(owner).find((each) => each._id === found.variantId) : undefined;
      if (owner && variant) return { item: owner, variantId: variant._id, variantName: variantName(variant) };
    }
  }
  const item = await itemForCode(host, code);
  if (!item) return null;
  if (item.variants === "[]") return { item, variantId: item.id, variantName: "" };
  const named = labelVariant(code);
  if (!named) throw new LiveError(409, variantNeeded(item.title));
  const variant = variantsOfRow(item).find((each) => each._id === named);
  // The label of a variant removed since counts nothing.
  return variant ? { item, variantId: variant._id, variantName: variantName(variant) } : null;
}

/**
 * Why a code names nothing here, in words: a product barcode whose check
 * digit is wrong (a misread or a typing mistake) says so and what it should
 * be; anything else is `none`.
 */
export function unknownCode(code: string, none: string): string {
  if (!/^\d+$/.test(code.trim())) return none;
  const check = parseBarcode(code);
  return check.ok ? none : check.message;
}
