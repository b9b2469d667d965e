/**
 * The stocktake's tables, defined once for the room's own SQLite and the D1
 * database of the previous release (see worker/db/room/room-tables.ts).
 */
import { index, integer, type SQLiteColumnBuilderBase, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RoomIdColumn } from "../db/room/room-tables";

/**
 * `extras`: columns only the room's own `stocktakes` and `stocktake_scans`
 * have (the D1 copies stay as the previous release left them).
 */
export function stocktakeTables<
  StocktakeExtras extends Record<string, SQLiteColumnBuilderBase>,
  ScanExtras extends Record<string, SQLiteColumnBuilderBase>,
>(roomId: RoomIdColumn, extras: { stocktake?: StocktakeExtras; scan?: ScanExtras } = {}) {
  /**
   * Stocktakes (docs/stock.md "A count is a count at a moment and a place"): at most one `open` per
   * room at a time (checked by the RoomDO, which serializes writes).
   */
  const stocktakes = sqliteTable(
    "stocktakes",
    {
      id: text("id").primaryKey(),
      roomId: roomId(),
      status: text("status", { enum: ["open", "applied", "cancelled"] }).notNull(),
      startedBy: text("started_by").notNull(),
      startedAt: integer("started_at").notNull(),
      endedBy: text("ended_by"),
      endedAt: integer("ended_at"),
      ...(extras.stocktake ?? ({} as StocktakeExtras)),
    },
    (table) => [index("stocktakes_room_idx").on(table.roomId, table.status)],
  );

  /** One row per scan; its id comes from the scanning call's seed, so a scan re-sent after hours offline counts once. */
  const stocktakeScans = sqliteTable(
    "stocktake_scans",
    {
      id: text("id").primaryKey(),
      roomId: roomId(),
      stocktakeId: text("stocktake_id").notNull(),
      itemId: text("item_id").notNull(),
      userId: text("user_id").notNull(),
      at: integer("at").notNull(),
      /**
       * When the scan was taken back (a mis-scan), or null. The row stays, so
       * the same scan re-sent later (its seed makes the same id) does not count
       * again.
       */
      takenBackAt: integer("taken_back_at"),
      ...(extras.scan ?? ({} as ScanExtras)),
    },
    (table) => [index("stocktake_scans_stocktake_idx").on(table.stocktakeId)],
  );
  return { stocktakes, stocktakeScans };
}
