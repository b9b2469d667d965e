/**
 * The room's locations and its movement ledger (docs/architecture.md §9), in the room's own
 * SQLite only (rooms of the previous release had neither: worker/inventory/open-ledger.ts
 * starts theirs). Times are milliseconds since the epoch.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const locations = sqliteTable("locations", {
  id: text("id").primaryKey(),
  roomId: text("room_id").notNull(),
  name: text("name").notNull(),
  position: integer("position").notNull(),
  archivedAt: integer("archived_at"),
  createdAt: integer("created_at").notNull(),
});

export const movements = sqliteTable(
  "movements",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id").notNull(),
    itemId: text("item_id").notNull(),
    variantId: text("variant_id").notNull(),
    locationId: text("location_id").notNull(),
    quantity: integer("quantity").notNull(),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    reference: text("reference").notNull().default(""),
    userId: text("user_id").notNull().default(""),
    at: integer("at").notNull(),
    /** Stock of the variant at the location after this movement. */
    balance: integer("balance").notNull(),
    /** The movement this one takes back; each is taken back at most once. */
    undoes: text("undoes"),
    /** Movements made together (a transfer's halves); "" alone. */
    groupId: text("group_id").notNull().default(""),
    /** What each unit sold (or returned) for, in the item's currency; null when not a sale. */
    priceCents: integer("price_cents"),
    /**
     * What each unit was worth at cost (docs/buying.md): what a receipt paid for it, else the
     * variant's average cost at the moment; null while the variant has no cost.
     */
    costCents: integer("cost_cents"),
  },
  (table) => [
    // The ledger reads newest first (time, then the order written: rowid), as a whole or narrowed to
    // an item, a reason, a location or a person; each index ends in the rowid.
    index("movements_at_idx").on(table.at),
    index("movements_item_idx").on(table.itemId, table.at),
    index("movements_reason_idx").on(table.reason, table.at),
    index("movements_location_idx").on(table.locationId, table.at),
    index("movements_user_idx").on(table.userId, table.at),
    index("movements_group_idx").on(table.groupId).where(sql`${table.groupId} <> ''`),
    uniqueIndex("movements_undoes_unique").on(table.undoes).where(sql`${table.undoes} IS NOT NULL`),
  ],
);

export type LocationRow = typeof locations.$inferSelect;
export type MovementRow = typeof movements.$inferSelect;
