/** The room's items at or below their reorder point, furthest below first (docs/architecture.md §9). */
import type { RoomDatabase } from "./room-database";

export interface LowRow {
  title: string;
  quantity: number;
  reorderPoint: number;
}

/** Up to `limit` low items, and how many there are in all (read through room-migrations/0007's index). */
export function lowItems(db: RoomDatabase, limit: number): { items: LowRow[]; total: number } {
  const where = "reorder_point IS NOT NULL AND quantity <= reorder_point";
  const items = db.$client.sql
    .exec<{ title: string; quantity: number; reorder_point: number }>(
      `SELECT title, quantity, reorder_point FROM items WHERE ${where} ORDER BY reorder_point - quantity DESC, title LIMIT ?`,
      limit,
    )
    .toArray()
    .map((row) => ({ title: row.title, quantity: row.quantity, reorderPoint: row.reorder_point }));
  const total = db.$client.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM items WHERE ${where}`).one().n;
  return { items, total };
}
