/** The room's items at or below their reorder point, furthest below first (docs/architecture.md §9). */
import type { RoomDatabase } from "./room-database";

export interface LowRow {
  title: string;
  quantity: number;
  reorderPoint: number;
}

/**
 * The low items and variants, as one list: an item's own figures, each
 * variant of a product sold in variants ("Tee — S"), and each location
 * at or below its own point ("Lamp at Back room"), each through its
 * partial index (room/migrations/0007, 0009 and 0010).
 */
const VARIANT_NAME = `(SELECT group_concat(value, ' / ') FROM json_each(json_extract(variant.value, '$.values')))`;
const HELD = (stock: string) => `coalesce(json_extract(${stock}, '$."' || point.key || '"'), 0)`;
const AT = `coalesce((SELECT name FROM locations WHERE locations.id = point.key), 'a location')`;

const LOW = `
  SELECT title, quantity, reorder_point FROM items
    WHERE reorder_point IS NOT NULL AND quantity <= reorder_point
  UNION ALL
  SELECT items.title || ' — ' || ${VARIANT_NAME},
         json_extract(variant.value, '$.quantity'), json_extract(variant.value, '$.reorderPoint')
    FROM items, json_each(items.variants) AS variant
    WHERE items.variants <> '[]'
      AND json_extract(variant.value, '$.reorderPoint') IS NOT NULL
      AND json_extract(variant.value, '$.quantity') <= json_extract(variant.value, '$.reorderPoint')
  UNION ALL
  SELECT items.title || ' at ' || ${AT}, ${HELD("items.stock")}, point.value
    FROM items, json_each(items.location_reorder_points) AS point
    WHERE items.location_reorder_points <> '{}' AND ${HELD("items.stock")} <= point.value
  UNION ALL
  SELECT items.title || ' — ' || ${VARIANT_NAME} || ' at ' || ${AT},
         ${HELD("json_extract(variant.value, '$.stock')")}, point.value
    FROM items, json_each(items.variants) AS variant,
         json_each(json_extract(variant.value, '$.locationReorderPoints')) AS point
    WHERE items.variants <> '[]' AND ${HELD("json_extract(variant.value, '$.stock')")} <= point.value`;

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
