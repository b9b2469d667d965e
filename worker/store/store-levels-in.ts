/**
 * Stock per location for store products brought in (docs/stock.md, "Stock
 * from the store"): a variant linked by the sync whose levels the room does
 * not know yet takes the store's `available` at each store location mapped
 * to one of the room's — a correction there by the store, noted "From the
 * store" and naming the inventory item (so nothing goes back) — and those
 * levels become where the room measures the store's later reports from.
 * Stock at a store location kept nowhere here stays the store's. Read ten
 * inventory items a query, within the Admin API's cost budget (the client).
 */
import { STORE_ACTOR } from "../../protocol/api";
import { findItemRow } from "../db/room/item-statements";
import { type RoomStatement, runTogether } from "../db/room/room-database";
import { findVariantLink, hasLevels, listStoreLocations, saveLevelQuery } from "../db/room/store-stock-repo";
import { writeItems } from "../inventory/item-pipeline";
import { made } from "../inventory/item-writes";
import { stockOnlyChange } from "../inventory/stock-change";
import { type StockChange, stockMoves, variantsOfRow } from "../inventory/stock-moves";
import type { RoomHost } from "../rooms/room-host";
import type { ShopifyClient } from "./shopify-client";
import { LEVELS_PAGE } from "./shopify-queries";
import { storeCounts } from "./store-levels-read";
import { startedAt } from "./store-stock-write";
import { FROM_THE_STORE } from "./store-variants";

/** Whether the room keeps any of the store's locations (else a product's total is counted at its first location). */
export function keepsStoreLocations(host: RoomHost): boolean {
  return listStoreLocations(host.roomDb).some((place) => place.active && place.locationId);
}

/** Brings in the store's levels of these inventory items where the room does not know them yet. */
export async function bringInStoreLevels(
  host: RoomHost,
  client: ShopifyClient,
  inventoryItemIds: readonly string[],
): Promise<void> {
  const places = listStoreLocations(host.roomDb).filter((place) => place.active && place.locationId);
  if (places.length === 0) return;
  const unknown = [...new Set(inventoryItemIds)].filter((id) => id && !hasLevels(host.roomDb, id));
  for (let start = 0; start < unknown.length; start += LEVELS_PAGE) {
    const batch = unknown.slice(start, start + LEVELS_PAGE);
    const counts = await storeCounts(client, batch);
    await host.writes.run(async () => {
      const at = host.now();
      for (const inventoryItemId of batch) {
        // Reported meanwhile (a webhook): its stock moves by movements from there.
        if (hasLevels(host.roomDb, inventoryItemId)) continue;
        const link = findVariantLink(host.roomDb, { inventoryItemId });
        const item = link ? findItemRow(host.roomDb, host.roomId, link.itemId) : null;
        const variant = item ? variantsOfRow(item).find((each) => each._id === link?.variantId) : undefined;
        if (!link || !item || !variant) continue;
        const changes: StockChange[] = [];
        const levels: RoomStatement[] = [];
        for (const place of places) {
          const available = counts.get(`${inventoryItemId} ${place.storeLocationId}`)?.available ?? 0;
          const delta = available - (variant.stock[place.locationId] ?? 0);
          if (delta !== 0) {
            changes.push({
              variantId: variant._id,
              locationId: place.locationId,
              delta,
              reason: "correction",
              note: FROM_THE_STORE,
              reference: inventoryItemId,
            });
          }
          levels.push(
            saveLevelQuery(host.roomDb, {
              inventoryItemId,
              storeLocationId: place.storeLocationId,
              available,
              reportedAt: startedAt(at),
              later: "[]",
              pending: 0,
              settlesAt: 0,
              reported: false,
            }),
          );
        }
        if (changes.length === 0) {
          runTogether(host.roomDb, levels);
          continue;
        }
        const moves = stockMoves(item, changes, made(host, STORE_ACTOR, at));
        writeItems(host, {
          actor: STORE_ACTOR,
          at,
          items: [stockOnlyChange(host, STORE_ACTOR, item, moves, "store")],
          last: levels,
        });
      }
    });
  }
}
