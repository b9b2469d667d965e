/**
 * The room's purchase orders (docs/buying.md), in the room's own SQLite:
 * an order, its lines (one per variant), and its history. Times are
 * milliseconds since the epoch.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const purchaseOrders = sqliteTable(
  "purchase_orders",
  {
    id: text("id").primaryKey(),
    /** The room's running number: PO-0001, PO-0002… */
    number: integer("number").notNull(),
    supplierId: text("supplier_id").notNull(),
    status: text("status", {
      enum: ["draft", "ordered", "partly_received", "received", "closed", "cancelled"],
    }).notNull(),
    locationId: text("location_id").notNull(),
    note: text("note").notNull().default(""),
    currency: text("currency").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    orderedAt: integer("ordered_at"),
    expectedAt: integer("expected_at"),
    sentTo: text("sent_to").notNull().default(""),
    sentAt: integer("sent_at"),
  },
  (table) => [
    uniqueIndex("purchase_orders_number_unique").on(table.number),
    index("purchase_orders_status_idx").on(table.status),
  ],
);

export const purchaseOrderLines = sqliteTable(
  "purchase_order_lines",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    itemId: text("item_id").notNull(),
    variantId: text("variant_id").notNull(),
    title: text("title").notNull(),
    variantName: text("variant_name").notNull().default(""),
    sku: text("sku").notNull().default(""),
    supplierSku: text("supplier_sku").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitCostCents: integer("unit_cost_cents"),
    /** Units accepted into stock against it, and units that came damaged (accepted, kept out of stock). */
    received: integer("received").notNull().default(0),
    damaged: integer("damaged").notNull().default(0),
    /** 1: received though not ordered ("receive anyway"), ordered 0. */
    extra: integer("extra").notNull().default(0),
    position: integer("position").notNull(),
  },
  (table) => [
    // One line per variant in an order.
    uniqueIndex("purchase_order_lines_variant_unique").on(table.orderId, table.variantId),
    index("purchase_order_lines_variant_idx").on(table.variantId),
  ],
);

export const purchaseOrderEvents = sqliteTable(
  "purchase_order_events",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    userId: text("user_id").notNull(),
    at: integer("at").notNull(),
    text: text("text").notNull(),
  },
  (table) => [index("purchase_order_events_order_idx").on(table.orderId, table.at)],
);

/**
 * What the phones receiving an order counted (docs/buying.md): each scan or
 * ± of a line, good or damaged, by whom; `accepted_at` once accepted into
 * stock. What is not accepted yet, added up by line, is the shared tally.
 */
export const purchaseOrderScans = sqliteTable(
  "purchase_order_scans",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    lineId: text("line_id").notNull(),
    units: integer("units").notNull(),
    damaged: integer("damaged").notNull().default(0),
    code: text("code").notNull().default(""),
    userId: text("user_id").notNull(),
    at: integer("at").notNull(),
    acceptedAt: integer("accepted_at"),
  },
  (table) => [
    index("purchase_order_scans_pending_idx").on(table.orderId, table.lineId).where(sql`${table.acceptedAt} IS NULL`),
  ],
);

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderScanRow = typeof purchaseOrderScans.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
export type PurchaseOrderEventRow = typeof purchaseOrderEvents.$inferSelect;
