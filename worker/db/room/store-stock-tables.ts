/**
 * How the room's stock meets its store's (docs/stock.md, "Stock from the
 * store"): which store variant and inventory item each variant here is,
 * which room location each store location is, what the store's stock is as
 * far as the room knows, and which store events have moved stock here
 * already (each moves it once, whichever delivery brings it).
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** A variant here ↔ its store variant and the inventory item the store keeps its stock on. */
export const storeVariants = sqliteTable(
  "store_variants",
  {
    storeVariantId: text("store_variant_id").primaryKey(),
    /** "" until known (an order names the variant, a level names its inventory item). */
    inventoryItemId: text("inventory_item_id").notNull().default(""),
    productId: text("product_id").notNull(),
    itemId: text("item_id").notNull(),
    /** The variant here (the item's own id for a product without options). */
    variantId: text("variant_id").notNull(),
  },
  (table) => [
    uniqueIndex("store_variants_inventory_item").on(table.inventoryItemId).where(sql`${table.inventoryItemId} <> ''`),
    uniqueIndex("store_variants_variant").on(table.itemId, table.variantId),
  ],
);

/** A location of the store, and the room location its stock is ("" for none: its stock stays the store's). */
export const storeLocations = sqliteTable("store_locations", {
  storeLocationId: text("store_location_id").primaryKey(),
  name: text("name").notNull(),
  /** The store's order (its first is where online orders are taken from when an order names none). */
  position: integer("position").notNull(),
  locationId: text("location_id").notNull().default(""),
  /** Gone from the store (deactivated or deleted): kept so its mapping is not asked again. */
  active: integer("active", { mode: "boolean" }).notNull().default(true),
});

/**
 * The store's `available` stock of one inventory item at one store
 * location as far as the room knows: the last level the store reported,
 * moved by the store events that came after it. `pending` is a reported
 * change nothing explains yet (a count corrected in Shopify's admin —
 * or a sale whose order is still on its way): it becomes a movement once
 * it has settled, so an order that arrives a moment late is not counted
 * twice (worker/store/store-stock.ts).
 */
export const storeLevels = sqliteTable(
  "store_levels",
  {
    inventoryItemId: text("inventory_item_id").notNull(),
    storeLocationId: text("store_location_id").notNull(),
    available: integer("available").notNull(),
    /** The store's time of the level it comes from (ms), so an older report that arrives late changes nothing. */
    reportedAt: integer("reported_at").notNull(),
    /**
     * The events moved into `available` since that report, with their times: a JSON array of
     * [at, delta]. A report the store made before one of them (delivered after it) is compared
     * with the level without it, and the event still counts after it.
     */
    later: text("later").notNull().default("[]"),
    pending: integer("pending").notNull().default(0),
    /**
     * The store has reported this level itself (its webhooks reach the room): from then on the
     * variant's stock here moves only by movements, never set by a product sync (store-products.ts).
     */
    reported: integer("reported", { mode: "boolean" }).notNull().default(false),
    /** When the pending change becomes a movement (ms; 0 when none is pending). */
    settlesAt: integer("settles_at").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.inventoryItemId, table.storeLocationId] })],
);

/** A store event that moved stock here (an order's line, a refund's line), by key: each moves it once. */
export const storeStockEvents = sqliteTable("store_stock_events", {
  key: text("key").primaryKey(),
  at: integer("at").notNull(),
});

/**
 * Movements made here on their way to the store, as adjustments (a delta
 * with a reason, never a count set over the store's): one row per movement
 * of a linked variant at a mapped location, written by a trigger on
 * `movements` in the movement's own transaction, so no writer can forget
 * one and a crash cannot lose one (room/migrations/0015). Movements that
 * came from the store are not sent back. A row goes once the store has it.
 */
export const storeOutbox = sqliteTable(
  "store_outbox",
  {
    movementId: text("movement_id").primaryKey(),
    itemId: text("item_id").notNull(),
    inventoryItemId: text("inventory_item_id").notNull(),
    storeLocationId: text("store_location_id").notNull(),
    delta: integer("delta").notNull(),
    /** The movement's reason here (worker/store/store-push.ts maps it to Shopify's). */
    reason: text("reason").notNull(),
    /** The batch it was last sent in (its idempotency key: a retry sends the same batch again); "" before. */
    batch: text("batch").notNull().default(""),
    /** When it was last sent (ms; 0 before): a level the store reports after that includes it. */
    sentAt: integer("sent_at").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    /** When it may be sent (ms): now, or after a failure's back-off. */
    dueAt: integer("due_at").notNull().default(0),
    /** Sent on its own after its batch was refused, so one bad product does not hold the others. */
    alone: integer("alone", { mode: "boolean" }).notNull().default(false),
    /** The store's refusal in its words ("" while it is still to go): it waits for a person. */
    refused: text("refused").notNull().default(""),
    /** Why the last try failed ("" for none), for the item's status while it is retried. */
    lastError: text("last_error").notNull().default(""),
  },
  (table) => [index("store_outbox_item").on(table.itemId), index("store_outbox_due").on(table.refused, table.dueAt)],
);

export type StoreOutboxRow = typeof storeOutbox.$inferSelect;

/**
 * A field of a published item changed both here and in the store since the
 * two last agreed (docs/product.md, "Changed in both places"): neither value
 * is written over the other until a person chooses (store-conflicts.ts).
 * Values are JSON (text or cents).
 */
export const storeConflicts = sqliteTable(
  "store_conflicts",
  {
    itemId: text("item_id").notNull(),
    field: text("field").notNull(),
    ours: text("ours").notNull(),
    theirs: text("theirs").notNull(),
    /** What the store had when the two last agreed: where the store's copy stays until the choice. */
    was: text("was").notNull(),
    at: integer("at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.field] })],
);

export type StoreConflictRow = typeof storeConflicts.$inferSelect;
export type StoreVariantRow = typeof storeVariants.$inferSelect;
export type StoreLocationRow = typeof storeLocations.$inferSelect;
export type StoreLevelRow = typeof storeLevels.$inferSelect;
