/**
 * A room's tables (docs/architecture.md §2), defined once for the two places they live:
 * the room's own SQLite (room-schema.ts, the system of record) and the D1
 * database the previous release kept them in (legacy-room-schema.ts), from
 * which a room copies its rows on its first wake (room-upgrade.ts). Only
 * the `room_id` column differs: in D1 it refers to `rooms`.
 *
 * Rows keep their `room_id` in the room's own SQLite too: they copy across
 * column for column, and an export names the room each row belongs to.
 * Times are milliseconds since the epoch.
 */
import { sql } from "drizzle-orm";
import { index, integer, type SQLiteColumnBuilderBase, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** The room's own tables' `room_id`: a plain column (D1's also refers to `rooms`). */
export const plainRoomId = () => text("room_id").notNull();

/** Makes a fresh `room_id` column (each table needs its own builder). */
export type RoomIdColumn = typeof plainRoomId;

/**
 * `itemExtras`: columns only the room's own `items` has (the D1 copy stays
 * as the previous release left it).
 */
export function roomTables<Extras extends Record<string, SQLiteColumnBuilderBase>>(
  roomId: RoomIdColumn,
  itemExtras: Extras = {} as Extras,
) {
  const items = sqliteTable(
    "items",
    {
      id: text("id").primaryKey(),
      roomId: roomId(),
      title: text("title").notNull(),
      description: text("description").notNull().default(""),
      sku: text("sku").notNull().default(""),
      priceCents: integer("price_cents").notNull().default(0),
      currency: text("currency").notNull().default("USD"),
      quantity: integer("quantity").notNull().default(0),
      status: text("status").notNull().default("draft"),
      location: text("location").notNull().default(""),
      /** JSON array of strings. */
      tags: text("tags").notNull().default("[]"),
      /** JSON array of file ids (itemPhotos), in display order. */
      photos: text("photos").notNull().default("[]"),
      /** The linked store product, once published; "" until then. */
      storeProductId: text("store_product_id").notNull().default(""),
      /** Who created the item ("" for items from before this was kept). */
      createdBy: text("created_by").notNull().default(""),
      /**
       * Who made the latest change (a user id, the store's actor, or "" for
       * items from before this was kept): someone editing a field that changes
       * underneath them is told who changed it.
       */
      updatedBy: text("updated_by").notNull().default(""),
      createdAt: integer("created_at").notNull(),
      updatedAt: integer("updated_at").notNull(),
      ...itemExtras,
    },
    (table) => [
      index("items_room_idx").on(table.roomId, table.updatedAt),
      // The catalogue's first screenful (newest first) is read without sorting the whole room.
      index("items_room_created_idx").on(table.roomId, table.createdAt),
      uniqueIndex("items_room_sku_unique").on(table.roomId, table.sku).where(sql`${table.sku} <> ''`),
      // A SKU typed or scanned in any case (a stocktake scan, findItemByCode) is found by an index.
      index("items_room_sku_lower_idx").on(table.roomId, sql`lower(${table.sku})`).where(sql`${table.sku} <> ''`),
    ],
  );

  /**
   * One change to an item: who, when, and each changed field's value before
   * and after (`changes` is a JSON object `{field: {from, to}}`). Written in
   * the same batch as the change itself, so history and item never disagree.
   */
  const itemHistory = sqliteTable(
    "item_history",
    {
      id: text("id").primaryKey(),
      roomId: roomId(),
      itemId: text("item_id").notNull(),
      userId: text("user_id").notNull(),
      action: text("action").notNull(),
      changes: text("changes").notNull().default("{}"),
      at: integer("at").notNull(),
      /** What the change came from when not a plain edit: `stocktake:<id>` for counted quantities applied. */
      via: text("via").notNull().default(""),
    },
    (table) => [
      index("item_history_item_idx").on(table.roomId, table.itemId, table.at),
      // Only a stocktake's changes have a via: the index holds those, not every edit.
      index("item_history_via_idx").on(table.roomId, table.via).where(sql`${table.via} <> ''`),
    ],
  );

  /**
   * A store order (docs/product.md §3, §5). Filled by the store sync (docs/architecture.md §3); the
   * dashboard aggregates these rows. `lineItems` is a JSON array of
   * `{productKey, title, quantity, priceCents}`.
   */
  const orders = sqliteTable(
    "orders",
    {
      id: text("id").primaryKey(),
      roomId: roomId(),
      storeOrderId: text("store_order_id").notNull(),
      name: text("name").notNull().default(""),
      customerKey: text("customer_key").notNull().default(""),
      customerName: text("customer_name").notNull().default(""),
      currency: text("currency").notNull(),
      totalCents: integer("total_cents").notNull(),
      lineItems: text("line_items").notNull().default("[]"),
      createdAt: integer("created_at").notNull(),
      updatedAt: integer("updated_at").notNull(),
      /**
       * The store's own last change of the order (ms; 0 when unknown): an
       * older version (a late webhook retry, a sync page read before a
       * webhook) never replaces a newer one.
       */
      storeUpdatedAt: integer("store_updated_at").notNull().default(0),
    },
    (table) => [
      uniqueIndex("orders_room_store_unique").on(table.roomId, table.storeOrderId),
      index("orders_room_updated_idx").on(table.roomId, table.updatedAt),
    ],
  );

  /**
   * Finished uploads (uploads in progress live in their RoomDO's own storage
   * and are not visible until complete). Bytes are in R2 under `storagePath`.
   */
  const files = sqliteTable(
    "files",
    {
      id: text("id").primaryKey(),
      roomId: roomId(),
      collection: text("collection").notNull(),
      name: text("name").notNull(),
      type: text("type").notNull(),
      size: integer("size").notNull(),
      extension: text("extension").notNull(),
      /** JSON object: photo tags and anything else the uploader attached. */
      meta: text("meta").notNull().default("{}"),
      /** JSON object: version name → {size, type, extension, etag}. */
      versions: text("versions").notNull().default("{}"),
      /** R2 key prefix: `<storagePath>/<version>`. */
      storagePath: text("storage_path").notNull(),
      userId: text("user_id").notNull(),
      createdAt: integer("created_at").notNull(),
    },
    (table) => [index("files_room_idx").on(table.roomId, table.collection)],
  );

  /**
   * A room's connection to its Shopify store (docs/product.md §5), at most one per room.
   * `secret` is the client secret (client-credentials grant) or the static
   * Admin API access token; it and the cached access token are sealed with
   * worker/store/secret-box.ts and never leave the server. `accessTokenExpiresAt`
   * is when the cached client-credentials token stops working.
   */
  const storeConnections = sqliteTable("store_connections", {
    roomId: roomId().primaryKey(),
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

  /**
   * Store webhook deliveries already applied to a room (docs/product.md §5: each delivery
   * processed once). Written by the RoomDO in the same queued write that
   * applies the delivery, so a delivery that failed is applied on Shopify's retry.
   */
  const webhookDeliveries = sqliteTable(
    "webhook_deliveries",
    {
      deliveryId: text("delivery_id").notNull(),
      roomId: roomId(),
      topic: text("topic").notNull(),
      receivedAt: integer("received_at").notNull(),
      /** Times this delivery arrived (the store retries one it thinks failed; the repeats change nothing). */
      timesSeen: integer("times_seen").notNull().default(1),
    },
    (table) => [uniqueIndex("webhook_deliveries_room_delivery").on(table.roomId, table.deliveryId)],
  );

  /**
   * An item published to the room's store (docs/product.md §5): the product and variant
   * it became, and what the store last had of the item (`sent`). The item
   * keeps `storeProductId` for everyone to see.
   */
  const storeListings = sqliteTable(
    "store_listings",
    {
      roomId: roomId(),
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

  /** A store customer (docs/product.md §5: customers are synchronised), one row per room and store customer id. */
  const customers = sqliteTable(
    "customers",
    {
      roomId: roomId(),
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
  return { items, itemHistory, orders, files, storeConnections, webhookDeliveries, storeListings, customers };
}
