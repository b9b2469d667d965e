/**
 * The ledger invariant (docs/stock.md): for every item × variant × location,
 * the stock the room keeps is the sum of that place's movements. Tests that
 * touch stock check it after they are done.
 */
import { expect } from "vitest";
import { roomRows } from "./room-rows";

/** For every item × variant × location, stock equals the sum of its movements. */
export async function expectLedgerAddsUp(roomId: string): Promise<void> {
  const items = await roomRows<{ id: string; stock: string; variants: string; quantity: number }>(
    roomId,
    "SELECT id, stock, variants, quantity FROM items",
  );
  const sums = await roomRows<{ item_id: string; variant_id: string; location_id: string; units: number }>(
    roomId,
    "SELECT item_id, variant_id, location_id, sum(quantity) AS units FROM movements GROUP BY item_id, variant_id, location_id",
  );
  for (const item of items) {
    const variants = JSON.parse(item.variants) as { _id: string; stock: Record<string, number> }[];
    const held =
      variants.length > 0 ? variants : [{ _id: item.id, stock: JSON.parse(item.stock) as Record<string, number> }];
    for (const variant of held) {
      const fromLedger = Object.fromEntries(
        sums
          .filter((row) => row.item_id === item.id && (row.variant_id || item.id) === variant._id && row.units !== 0)
          .map((row) => [row.location_id, row.units]),
      );
      const kept = Object.fromEntries(Object.entries(variant.stock).filter(([, units]) => units !== 0));
      expect(kept, `${item.id}/${variant._id}`).toEqual(fromLedger);
    }
    // The product's own figures are its variants' together.
    const total = held.reduce((sum, variant) => sum + Object.values(variant.stock).reduce((a, b) => a + b, 0), 0);
    expect(item.quantity, `${item.id} quantity`).toBe(total);
  }
}
