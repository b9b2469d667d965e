/**
 * Which number is which (docs/stock.md): the store's available, committed
 * and on-hand counts of an item's variants at each store location kept
 * here, read from the store when someone asks on the item page. The
 * catalogue's quantity is `available`.
 */
import { type StoreItemCounts, variantName } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { findItemRow } from "../db/room/item-statements";
import { listStoreLocations, variantLinksOfItem } from "../db/room/store-stock-repo";
import { variantsOfRow } from "../inventory/stock-moves";
import type { RoomHost } from "../rooms/room-host";
import { LEVELS_PAGE } from "./shopify-queries";
import { requireConnection, storeClientFor } from "./store-connection";
import { storeCounts } from "./store-levels-read";

export async function itemCounts(host: RoomHost, itemId: string): Promise<StoreItemCounts[]> {
  const connection = await requireConnection(host);
  const item = findItemRow(host.roomDb, host.roomId, itemId);
  if (!item) throw new LiveError(404, "Item not found");
  const links = variantLinksOfItem(host.roomDb, itemId).filter((link) => link.inventoryItemId);
  const places = listStoreLocations(host.roomDb).filter((place) => place.active && place.locationId);
  const variants = new Map(variantsOfRow(item).map((variant) => [variant._id, variant]));
  const client = storeClientFor(host, connection);
  const rows: StoreItemCounts[] = [];
  for (let start = 0; start < links.length; start += LEVELS_PAGE) {
    const page = links.slice(start, start + LEVELS_PAGE);
    const counts = await storeCounts(
      client,
      page.map((link) => link.inventoryItemId),
    );
    for (const link of page) {
      const variant = variants.get(link.variantId);
      if (!variant) continue;
      for (const place of places) {
        const at = counts.get(`${link.inventoryItemId} ${place.storeLocationId}`) ?? {
          available: 0,
          committed: 0,
          onHand: 0,
        };
        rows.push({ variantId: variant._id, variantName: variantName(variant), locationId: place.locationId, ...at });
      }
    }
  }
  return rows;
}
