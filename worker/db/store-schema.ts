/**
 * The D1 tables of the online store (SPEC A5): the room's connection, the
 * webhook deliveries already applied, items published as products, and the
 * store's customers. Part of the schema (re-exported by schema.ts, which
 * drizzle-kit reads).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { rooms } from "./schema";

/**
 * A room's connection to its Shopify store (SPEC A5), at most one per room.
 * `secret` is the client secret (client-credentials grant) or the static
 * Admin API access token; it and the cached access token are sealed with
 * worker/store/secret-box.ts and never leave the server. `accessTokenExpiresAt`
 * is when the cached client-credentials token stops working.
 */
export const storeConnections = sqliteTable("store_connections", {
  roomId: text("room_id")
    .primaryKey()
    .references(() => rooms.id, { onDelete: "cascade" }),
  shopDomain: text("shop_domain").notNull(),
  authKind: text("auth_kind", { enum: ["client_credentials", "access_token"] }).notNull(),
  /** The app's client ID ("" for an access token); not a secret, but never published either. */
  clientId: text("client_id").notNull().default(""),
  secret: text("secret").notNull(),
  accessToken: text("access_token"),
  accessTokenExpiresAt: integer("access_token_expires_at"),
  shopName: text("shop_name").notNull().default(""),
  createdBy: text("created_by").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /**
   * How far each kind has been synchronised: the store's `updatedAt` (ms) of
   * the newest record seen by a sync that finished. The next incremental sync
   * asks for records updated since then; null means never (a full sync).
   */
  productsSyncedTo: integer("products_synced_to"),
  ordersSyncedTo: integer("orders_synced_to"),
  customersSyncedTo: integer("customers_synced_to"),
  /** The last sync that ended: when, and its error ("" when it completed). */
  lastSyncAt: integer("last_sync_at"),
  lastSyncError: text("last_sync_error").notNull().default(""),
});

export type StoreConnectionRow = typeof storeConnections.$inferSelect;

/**
 * Store webhook deliveries already applied to a room (SPEC A5: each delivery
 * processed once). Written by the RoomDO in the same queued write that
 * applies the delivery, so a delivery that failed is applied on Shopify's retry.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    deliveryId: text("delivery_id").notNull(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (table) => [uniqueIndex("webhook_deliveries_room_delivery").on(table.roomId, table.deliveryId)],
);

/**
 * An item published to the room's store (SPEC A5): the product and variant
 * it became, and what the store last had of the item (`sent`). The item
 * keeps `storeProductId` for everyone to see.
 */
export const storeListings = sqliteTable(
  "store_listings",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    productId: text("product_id").notNull(),
    variantId: text("variant_id").notNull().default(""),
    /** The variant's inventory item (where stock is set); "" until known. */
    inventoryItemId: text("inventory_item_id").notNull().default(""),
    /**
     * JSON of the item's store fields as the store last had them
     * (title, description, priceCents, sku, quantity, photos): publishing
     * sends only what differs, so the store keeps whatever else it holds —
     * other variants, its own images, formatted descriptions.
     */
    sent: text("sent").notNull().default(""),
    /** The product's handle: its page is `https://{shop}/products/{handle}` (what a label's QR code opens). */
    handle: text("handle").notNull().default(""),
    /** "active" while on sale, "archived" after unpublishing, "removed" once its item is deleted here. */
    state: text("state", { enum: ["active", "archived", "removed"] }).notNull(),
    publishedAt: integer("published_at").notNull(),
  },
  (table) => [
    uniqueIndex("store_listings_room_item").on(table.roomId, table.itemId),
    index("store_listings_room_product").on(table.roomId, table.productId),
  ],
);

export type StoreListingRow = typeof storeListings.$inferSelect;

/** A store customer (SPEC A5: customers are synchronised), one row per room and store customer id. */
export const customers = sqliteTable(
  "customers",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    storeCustomerId: text("store_customer_id").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    ordersCount: integer("orders_count").notNull().default(0),
    amountSpentCents: integer("amount_spent_cents").notNull().default(0),
    currency: text("currency").notNull().default(""),
    /** The store's own last change (ms). */
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("customers_room_store_unique").on(table.roomId, table.storeCustomerId)],
);

export type CustomerRow = typeof customers.$inferSelect;
