/**
 * The D1 schema: the directory of what crosses rooms (docs/architecture.md §2) — people,
 * rooms, memberships, links — while each room's own rows live in its own
 * SQLite (room-schema.ts). `npm run db:generate` turns changes here into a
 * numbered SQL migration in `migrations/`, which wrangler applies. Times are
 * milliseconds since the epoch.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts-schema";
import { rooms } from "./rooms-table";

/**
 * Rooms that were deleted, and when: so a tab or link that comes back to
 * one later is told it was deleted, not shown "not found" (or left waiting).
 * Nothing else of the room is kept.
 */
export const deletedRooms = sqliteTable("deleted_rooms", {
  id: text("id").primaryKey(),
  deletedAt: integer("deleted_at").notNull(),
});

export type RoomRow = typeof rooms.$inferSelect;

/** E-mails kept instead of sent when running locally without an API key. */
export const devOutbox = sqliteTable("dev_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  sentAt: integer("sent_at").notNull(),
  /** Files it carries, a JSON array of {filename, type, content (base64)}: a purchase order's PDF. */
  attachments: text("attachments").notNull().default("[]"),
});

/** Who may do what in a room (docs/product.md §1). The RoomDO is the only writer of its room's rows. */
export const memberships = sqliteTable(
  "memberships",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member", "cashier", "counter", "viewer"] }).notNull(),
    /** The member asked for an e-mail about each new store order (docs/product.md §6). */
    orderEmails: integer("order_emails", { mode: "boolean" }).notNull().default(false),
    /** The member asked for a daily e-mail listing what is low on stock (docs/architecture.md §9). */
    lowStockEmails: integer("low_stock_emails", { mode: "boolean" }).notNull().default(false),
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
    role: text("role", { enum: ["admin", "member", "cashier", "counter", "viewer"] }).notNull(),
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
 * Data migrations (docs/product.md §7; code in worker/data-migrations/): one row per
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
// The directory's entries that lead from outside into a room (a shop, a file).
export * from "./directory-schema";
// The room tables of the previous release, until each room has moved its rows into its own SQLite.
export * from "./legacy-room-schema";
export * from "./rooms-table";
// Failed-login counters and known devices, shared by every live object.
export * from "./security-schema";
