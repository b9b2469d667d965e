/** The stocktake's tables (re-exported by worker/db/schema.ts, which drizzle-kit reads). */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { rooms } from "../db/schema";

/** Stocktakes (SPEC A8): at most one `open` per room at a time (checked by the RoomDO, which serializes writes). */
export const stocktakes = sqliteTable(
  "stocktakes",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["open", "applied", "cancelled"] }).notNull(),
    startedBy: text("started_by").notNull(),
    startedAt: integer("started_at").notNull(),
    endedBy: text("ended_by"),
    endedAt: integer("ended_at"),
  },
  (table) => [index("stocktakes_room_idx").on(table.roomId, table.status)],
);

/** One row per scan; its id comes from the scanning call's seed, so a scan re-sent after hours offline counts once. */
export const stocktakeScans = sqliteTable(
  "stocktake_scans",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
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
  },
  (table) => [index("stocktake_scans_stocktake_idx").on(table.stocktakeId)],
);
