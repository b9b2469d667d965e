/**
 * The room's own SQLite (its RoomDO's `ctx.storage.sql`, docs/architecture.md §2): the
 * system of record for everything in one room. `npm run db:generate` writes
 * the schema's changes as migrations into `worker/db/room/migrations/`,
 * which every room applies when it wakes, before it serves
 * (room-database.ts).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { stocktakeTables } from "../../stocktake/stocktake-schema";
import { plainRoomId, roomTables } from "./room-tables";

export const { items, itemHistory, orders, files, storeConnections, webhookDeliveries, storeListings, customers } =
  roomTables(plainRoomId, {
    /** Units at each location holding any: a JSON object, location id → units (docs/architecture.md §9). */
    stock: text("stock").notNull().default("{}"),
    /** The product barcode printed on it (EAN-13, UPC-A, EAN-8 or Code 128; protocol/barcodes.ts); "" for none. */
    barcode: text("barcode").notNull().default(""),
    /** At or below this many units the item is low on stock; null: never. */
    reorderPoint: integer("reorder_point"),
    /** Its options' names, a JSON array (protocol/variants.ts); "[]" for a product that is its own only variant. */
    options: text("options").notNull().default("[]"),
    /** Its variants with their codes, prices and stock, a JSON array of VariantDoc; "[]" without options. */
    variants: text("variants").notNull().default("[]"),
    /** A reorder point per location, a JSON object (location id → units); "{}" for none. */
    locationReorderPoints: text("location_reorder_points").notNull().default("{}"),
    /** The handle a CSV import knows the product by (Shopify's, or one made from its title); "" for none. */
    handle: text("handle").notNull().default(""),
    /** What one unit costs the shop, in the smallest currency unit; null: not known (docs/product.md §2). */
    costCents: integer("cost_cents"),
    /**
     * What its stock is worth a unit: the average of what the shop paid, weighted by the units
     * each receipt brought (docs/buying.md); null while that is simply its cost.
     */
    avgCostCents: integer("avg_cost_cents"),
    /** Who the shop buys it from (a `suppliers` id; null for none) and that supplier's code for it. */
    supplierId: text("supplier_id"),
    supplierSku: text("supplier_sku").notNull().default(""),
    /** The "was" price shown struck through beside the price; null for none. */
    compareAtCents: integer("compare_at_cents"),
    /** Its shipping weight in grams; null: not known. */
    weightGrams: integer("weight_grams"),
    /** The unit the weight is shown in: g, kg, lb or oz (protocol/variants.ts WEIGHT_UNITS). */
    weightUnit: text("weight_unit").notNull().default("g"),
    /** Who makes it, and what kind of product it is, as the store groups them. */
    vendor: text("vendor").notNull().default(""),
    productType: text("product_type").notNull().default(""),
    /** The title and description search engines show for its store page ("" for the product's own). */
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    /**
     * Its short share code (`/s/<code>`, what its printed label's QR code
     * opens), "" until a label is first printed. The directory has a copy
     * for the share route (docs/architecture.md §5); a scan of a label finds
     * the item by this column's index.
     */
    shareCode: text("share_code").notNull().default(""),
  });

export { importPhotos } from "./import-photos-table";
export { importStaged } from "./import-staged-table";
export { printJobLines, printJobs } from "./print-tables";
export {
  purchaseOrderEvents,
  purchaseOrderLines,
  purchaseOrderScans,
  purchaseOrders,
} from "./purchase-order-tables";
export { locations, movements } from "./stock-tables";
export { storeReview } from "./store-review-table";
export {
  storeConflicts,
  storeLevels,
  storeLocations,
  storeOutbox,
  storeStockEvents,
  storeVariants,
} from "./store-stock-tables";
export { suppliers } from "./supplier-tables";

export const { stocktakes, stocktakeScans } = stocktakeTables(plainRoomId, {
  stocktake: {
    /**
     * The locations it counts, a JSON array of ids (docs/stock.md): each
     * scan counts at one of them, and applying sets each counted variant
     * there. "[]" for one started before stocktakes had places: the room's
     * first location.
     */
    locations: text("locations").notNull().default("[]"),
  },
  scan: {
    /** The variant counted (its product's id for a product without options). */
    variantId: text("variant_id").notNull().default(""),
    /** Where it was counted ("": the stocktake's first location). */
    locationId: text("location_id").notNull().default(""),
    /** What the room had recorded there at the moment of the scan (null: scanned before this was kept). */
    heldThen: integer("held_then"),
    /**
     * A scan that arrived after its stocktake was applied (a phone that was
     * offline): `waiting` for an owner or admin, then `applied` or
     * `discarded`. Null for a scan in time.
     */
    late: text("late", { enum: ["waiting", "applied", "discarded"] }),
  },
});

/**
 * Every variant's SKU and barcode (lower case), kept from `items.variants`
 * by triggers (room/migrations/0009), so a scan finds a variant by an index
 * and no write can leave a code behind.
 */
export const variantCodes = sqliteTable(
  "variant_codes",
  {
    code: text("code").notNull(),
    itemId: text("item_id").notNull(),
    variantId: text("variant_id").notNull(),
  },
  (table) => [index("variant_codes_code_idx").on(table.code), index("variant_codes_item_idx").on(table.itemId)],
);

/** The room's own bookkeeping, by key: how far its copy from D1 got (room-upgrade.ts), and the like. */
export const roomState = sqliteTable("room_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Directory writes the room still owes D1 (directory-outbox.ts), one per
 * key: a newer write for the same entry replaces the older, so a retry
 * always sends the latest. `version` tells a flush whether the row it sent
 * is still the one to delete.
 */
export const directoryOutbox = sqliteTable("directory_outbox", {
  key: text("key").primaryKey(),
  write: text("write").notNull(),
  version: integer("version").notNull(),
  attempts: integer("attempts").notNull().default(0),
  dueAt: integer("due_at").notNull(),
  lastError: text("last_error"),
});

/**
 * Bulk writes (inventory/bulk-jobs.ts): what each works on and how far it got.
 * A chunk's writes and the job's new position commit together, so a job
 * cut off by a restart goes on from its last chunk.
 */
export const bulkJobs = sqliteTable("bulk_jobs", {
  id: text("id").primaryKey(),
  kind: text("kind", {
    enum: [
      "stocktake-apply",
      "set-status",
      "bulk-edit",
      "store-unlink",
      "import",
      "import-check",
      "share-codes-copy",
      "item-tags",
      "item-words",
    ],
  }).notNull(),
  subject: text("subject").notNull().default(""),
  params: text("params").notNull(),
  cursor: text("cursor").notNull().default(""),
  done: integer("done").notNull().default(0),
  total: integer("total").notNull(),
  /** What the job has to say when it ends (JSON), e.g. how many items changed. */
  result: text("result").notNull().default("{}"),
  status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
  error: text("error"),
  startedBy: text("started_by").notNull(),
  startedAt: integer("started_at").notNull(),
  finishedAt: integer("finished_at"),
});

/**
 * The room's item changes in order: one row per item, moved to the end
 * (a new `seq`) each time the item is written or removed — kept by
 * triggers on `items` (room/migrations/0005_item_changes.sql), so no
 * write can forget it. A phone's copy of the catalogue asks for what
 * changed after the last `seq` it has (items-window-repo.ts).
 */
export const itemChanges = sqliteTable("item_changes", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  itemId: text("item_id").notNull().unique(),
  removed: integer("removed", { mode: "boolean" }).notNull().default(false),
});

/**
 * The writes method calls made, by call (applied-writes-repo.ts): each row
 * commits in the same transaction as the write it names, with what the
 * write answered, so a call run again after a crash answers that instead
 * of writing twice (docs/architecture.md §10).
 */
export const appliedWrites = sqliteTable(
  "applied_writes",
  {
    key: text("key").primaryKey(),
    /** What the write answered, as EJSON. */
    answer: text("answer").notNull(),
    at: integer("at").notNull(),
  },
  (table) => [index("applied_writes_at_idx").on(table.at)],
);

export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type ItemHistoryRow = typeof itemHistory.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type StoreConnectionRow = typeof storeConnections.$inferSelect;
export type StoreListingRow = typeof storeListings.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
