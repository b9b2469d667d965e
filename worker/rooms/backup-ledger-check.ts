/**
 * The check a restore makes of a backup's stock before the room serves it
 * (backup-restore.ts): the ledger invariant of docs/stock.md — every
 * variant's stock at every place is the sum of its movements there — or
 * the whole backup is refused, naming the items that do not add up.
 */
import { LiveError } from "../../protocol/errors";
import { itemsWithLedger } from "../db/room/backup-rows";
import type { RoomDatabase } from "../db/room/room-database";

/** A stored JSON list of variants, or null when it is not one (a damaged backup). */
function parsedList(text: unknown): { _id?: unknown; stock?: unknown; quantity?: unknown }[] | null {
  try {
    const value = typeof text === "string" ? (JSON.parse(text) as unknown) : text;
    return Array.isArray(value) ? (value as { _id?: unknown; stock?: unknown; quantity?: unknown }[]) : null;
  } catch {
    return null;
  }
}

/** A stock map (location → whole units), or null when it is not one. */
function parsedStock(text: unknown): Record<string, number> | null {
  try {
    const value = typeof text === "string" ? (JSON.parse(text) as unknown) : text;
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const units = Object.values(value as Record<string, unknown>);
    return units.every((n) => Number.isInteger(n)) ? (value as Record<string, number>) : null;
  } catch {
    return null;
  }
}

/**
 * The ledger invariant (docs/stock.md): every variant's stock at every
 * place is the sum of its movements there. Read a page of items at a time
 * beside the ledger's sums for those items.
 */
export function requireStockAddsUp(db: RoomDatabase): void {
  const wrong: string[] = [];
  let after = "";
  for (;;) {
    const page = itemsWithLedger(db, after, 500);
    const items = page.items;
    if (items.length === 0) break;
    after = (items.at(-1) as { id: string }).id;
    const sums = new Map<string, number>();
    for (const row of page.sums) {
      const key = `${row.item_id}/${row.variant_id || row.item_id}/${row.location_id}`;
      sums.set(key, (sums.get(key) ?? 0) + row.units);
    }
    for (const item of items) {
      const variants = parsedList(item.variants);
      const ownStock = parsedStock(item.stock);
      if (!variants || !ownStock) {
        wrong.push(item.title);
        continue;
      }
      const held = variants.length > 0 ? variants : [{ _id: item.id, stock: ownStock, quantity: item.quantity }];
      let total = 0;
      let adds = true;
      const places = new Set<string>();
      for (const variant of held) {
        const stock = parsedStock(variant.stock ?? {});
        if (!stock || typeof variant._id !== "string") {
          adds = false;
          continue;
        }
        let variantTotal = 0;
        for (const [location, units] of Object.entries(stock)) {
          total += units;
          variantTotal += units;
          places.add(`${item.id}/${variant._id}/${location}`);
          if ((sums.get(`${item.id}/${variant._id}/${location}`) ?? 0) !== units) adds = false;
        }
        // A variant's own figure is its places' together.
        if (typeof variant.quantity === "number" && variant.quantity !== variantTotal) adds = false;
      }
      for (const [key, units] of sums) {
        if (key.startsWith(`${item.id}/`) && units !== 0 && !places.has(key)) adds = false;
      }
      if (!adds || total !== item.quantity) wrong.push(item.title);
    }
  }
  if (wrong.length > 0) {
    const named = wrong
      .slice(0, 3)
      .map((title) => `“${title}”`)
      .join(", ");
    throw new LiveError(
      400,
      `This backup's stock does not add up to its ledger for ${wrong.length} item${wrong.length === 1 ? "" : "s"} (${named}), so nothing was restored`,
    );
  }
}
