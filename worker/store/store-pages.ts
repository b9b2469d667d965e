/**
 * An item's page in the store (docs/product.md §4: a label's QR code opens the store
 * page once the item is published, else its share page): the product's
 * handle on the connected shop, for listed items on sale there.
 */

import type { ItemRow } from "../db/room/room-schema";
import { activeListings } from "../db/room/store-listings-repo";
import { findStoreConnection } from "../db/room/store-repo";
import type { RoomHost } from "../rooms/room-host";

export async function storePageLinks(host: RoomHost, items: readonly ItemRow[]): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const listed = items.filter((item) => item.storeProductId && item.status === "listed");
  if (listed.length === 0) return links;
  const connection = await findStoreConnection(host.roomDb, host.roomId);
  if (!connection) return links;
  const listings = new Map((await activeListings(host.roomDb, host.roomId)).map((row) => [row.itemId, row]));
  for (const item of listed) {
    const listing = listings.get(item.id);
    if (listing?.handle && listing.productId === item.storeProductId) {
      links.set(item.id, `https://${connection.shopDomain}/products/${encodeURIComponent(listing.handle)}`);
    }
  }
  return links;
}
