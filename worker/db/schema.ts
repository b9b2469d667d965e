/**
 * The D1 schema (system of record). `npm run db:generate` turns changes here
 * into a numbered SQL migration in `migrations/`, which wrangler applies.
 * Times are milliseconds since the epoch.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts-schema";

export const rooms = sqliteTable("rooms", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** ISO 4217 code: how the room's prices are shown, and what new items are priced in. */
  currency: text("currency").notNull().default("USD"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Rooms that were deleted, and when: so a tab or link that comes back to
 * one later is told it was deleted, not shown "not found" (or left waiting).
 * Nothing else of the room is kept.
 */
export const deletedRooms = sqliteTable("deleted_rooms", {
  id: text("id").primaryKey(),
  deletedAt: integer("deleted_at").notNull(),
});

export const items = sqliteTable(
  "items",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
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
    /** The linked store product, once published (issue 6); "" until then. */
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
export const itemHistory = sqliteTable(
  "item_history",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
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
 * A store order (SPEC A3, A5). Filled by the store sync (issue 6); the
 * dashboard aggregates these rows. `lineItems` is a JSON array of
 * `{productKey, title, quantity, priceCents}`.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
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

export type RoomRow = typeof rooms.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type ItemHistoryRow = typeof itemHistory.$inferSelect;

/** E-mails kept instead of sent when running locally without an API key. */
export const devOutbox = sqliteTable("dev_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  sentAt: integer("sent_at").notNull(),
});

/** Who may do what in a room (SPEC A1). The RoomDO is the only writer of its room's rows. */
export const memberships = sqliteTable(
  "memberships",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member", "viewer"] }).notNull(),
    /** The member asked for an e-mail about each new store order (SPEC A6). */
    orderEmails: integer("order_emails", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("memberships_room_user_unique").on(table.roomId, table.userId),
    index("memberships_user_idx").on(table.userId),
  ],
);

/**
 * Links that let anyone signed in join a room with a given role (the invite
 * QR code). Only the token's SHA-256 is kept; a link ends at `expiresAt` or
 * when an owner or admin revokes the room's links.
 */
export const joinLinks = sqliteTable(
  "join_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "member", "viewer"] }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("join_links_room_idx").on(table.roomId)],
);

/**
 * Short public links to items' share pages (`/s/<code>`): what printed labels
 * encode, so the code is short and the QR needs few modules. The code is
 * random and unguessable (10 of 55 unmistakable characters, about 58 bits);
 * one per item, made the first time a label or link is asked for, removed
 * with its room. A deleted item's code stays and answers "not shared".
 */
export const shareCodes = sqliteTable(
  "share_codes",
  {
    code: text("code").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [uniqueIndex("share_codes_item_idx").on(table.roomId, table.itemId)],
);

/**
 * Finished uploads (uploads in progress live in their RoomDO's own storage
 * and are not visible until complete). Bytes are in R2 under `storagePath`.
 */
export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
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

export type FileRow = typeof files.$inferSelect;

/**
 * Data migrations (SPEC A7; code in worker/data-migrations/): one row per
 * version that has ever been tried. `appliedAt` is set while it is applied
 * (cleared by its `down`); `lastError` keeps why the last attempt failed.
 */
export const dataMigrations = sqliteTable("data_migrations", {
  version: integer("version").primaryKey(),
  name: text("name").notNull(),
  appliedAt: integer("applied_at"),
  lastError: text("last_error"),
  lastAttemptAt: integer("last_attempt_at"),
});

/** Every attempt, in order: what an admin reads to see what happened. */
export const dataMigrationLog = sqliteTable("data_migration_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  version: integer("version").notNull(),
  direction: text("direction", { enum: ["up", "down"] }).notNull(),
  outcome: text("outcome", { enum: ["applied", "reverted", "failed"] }).notNull(),
  error: text("error"),
  startedAt: integer("started_at").notNull(),
  finishedAt: integer("finished_at").notNull(),
});

/**
 * Named locks with an expiry: a run holds `data-migrations` while it works,
 * so overlapping runs (two cron invocations, cron and a button) never apply
 * one migration twice; a run that dies frees it when it expires.
 */
export const locks = sqliteTable("locks", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** Where a cron job that walks something large got to, so the next run goes on from there. */
export const cronState = sqliteTable("cron_state", {
  job: text("job").primaryKey(),
  /** The job's own bookmark (e.g. the last R2 key it looked at). */
  position: text("position").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

// People, their addresses, tokens and OAuth identities.
export * from "./accounts-schema";
// Failed-login counters and known devices, shared by every live object.
export * from "./security-schema";
// The online store's tables (connection, webhook deliveries, listings, customers).
export * from "./store-schema";
// The stocktake feature's tables are in worker/stocktake/stocktake-schema.ts (drizzle.config.ts reads both).
