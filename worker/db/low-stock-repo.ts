/** The room's items at or below their reorder point, furthest below first (docs/architecture.md §9). */
import type { RoomDatabase } from "./room-database";

export interface LowRow {
  title: string;
  quantity: number;
  reorderPoint: number;
}

/**
 * The low items and variants, as one list: an item's own figures, and each
 * variant of a product sold in variants ("Tee — S"), each through its
 * partial index (room-migrations/0007 and 0009).
 */
const LOW = `
  SELECT title, quantity, reorder_point FROM items
    WHERE reorder_point IS NOT NULL AND quantity <= reorder_point
  UNION ALL
  SELECT items.title || ' — ' || (SELECT group_concat(value, ' / ') FROM json_each(json_extract(variant.value, '$.values'))),
         json_extract(variant.value, '$.quantity'), json_extract(variant.value, '$.reorderPoint')
    FROM items, json_each(items.variants) AS variant
    WHERE items.variants <> '[]'
      AND json_extract(variant.value, '$.reorderPoint') IS NOT NULL
      AND json_extract(variant.value, '$.quantity') <= json_extract(variant.value, '$.reorderPoint')`;

/** Up to `limit` low items and variants, furthest below first, and how many there are in all. */
export function lowItems(db: RoomDatabase, limit: number): { items: LowRow[]; total: number } {
  const items = db.$client.sql
    .exec<{ title: string; quantity: number; reorder_point: number }>(
      `SELECT * FROM (${LOW}) ORDER BY reorder_point - quantity DESC, title LIMIT ?`,
      limit,
    )
    .toArray()
    .map((row) => ({ title: row.title, quantity: row.quantity, reorderPoint: row.reorder_point }));
  const total = db.$client.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM (${LOW})`).one().n;
  return { items, total };
}
