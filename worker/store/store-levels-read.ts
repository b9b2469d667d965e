/**
 * The store's counts of inventory items at each of its locations, read with
 * one levels query (LEVELS_QUERY, up to LEVELS_PAGE items): for the drift
 * check, an item's store counts, and stock brought in per location.
 */
import * as v from "valibot";
import type { ShopifyClient } from "./shopify-client";
import { LEVELS_QUERY } from "./shopify-queries";
import { badAnswer } from "./store-errors";

const levelsAnswer = v.object({
  nodes: v.array(
    v.nullable(
      v.object({
        id: v.string(),
        inventoryLevels: v.object({
          nodes: v.array(
            v.object({
              location: v.object({ id: v.string() }),
              quantities: v.array(v.object({ name: v.string(), quantity: v.number() })),
            }),
          ),
        }),
      }),
    ),
  ),
});

/** Shopify's counts of one inventory item at one location (docs/stock.md, "Which number is which"). */
export interface StoreCounts {
  available: number;
  committed: number;
  onHand: number;
}

/** The store's counts of each inventory item at each of its locations: `inventoryItemId storeLocationId` → counts. */
export async function storeCounts(
  client: ShopifyClient,
  inventoryItemIds: readonly string[],
): Promise<Map<string, StoreCounts>> {
  const parsed = v.safeParse(levelsAnswer, await client.request(LEVELS_QUERY, { ids: inventoryItemIds }));
  if (!parsed.success) throw badAnswer();
  const counts = new Map<string, StoreCounts>();
  for (const node of parsed.output.nodes) {
    for (const level of node?.inventoryLevels.nodes ?? []) {
      const named = (name: string) => level.quantities.find((quantity) => quantity.name === name)?.quantity ?? 0;
      counts.set(`${node?.id} ${level.location.id}`, {
        available: named("available"),
        committed: named("committed"),
        onHand: named("on_hand"),
      });
    }
  }
  return counts;
}
