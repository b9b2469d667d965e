/**
 * Directory entries that lead from outside into a room (docs/architecture.md §2): the
 * room keeps them in step with its own rows. Part of the D1 schema
 * (re-exported by schema.ts).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { rooms } from "./rooms-table";

/**
 * The store a room is connected to, by shop domain: how a store webhook
 * finds its room(s) and checks its signature without waking them.
 * `webhookSecret` is the connection's client secret, sealed as the room
 * seals it (worker/store/secret-box.ts); "" for an access-token connection,
 * which cannot check webhooks.
 */
export const storeShops = sqliteTable(
  "store_shops",
  {
    roomId: text("room_id")
      .primaryKey()
      .references(() => rooms.id, { onDelete: "cascade" }),
    shopDomain: text("shop_domain").notNull(),
    webhookSecret: text("webhook_secret").notNull().default(""),
  },
  (table) => [index("store_shops_domain_idx").on(table.shopDomain)],
);

/**
 * The room that holds a file: how a download by a member (cookie or bearer)
 * finds the room that checks their role and knows the file. Downloads
 * through a signed link need neither (the link carries what it serves).
 */
export const fileRooms = sqliteTable(
  "file_rooms",
  {
    fileId: text("file_id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
  },
  (table) => [index("file_rooms_room_idx").on(table.roomId)],
);

/**
 * Store webhook deliveries that could not be applied to their room: the
 * queue gave up retrying them (the room kept failing), or the room refused
 * them. Kept here, outside the room, so a room in trouble cannot lose them;
 * an owner sees and replays them from the Store tab
 * (worker/store/dead-letters.ts). Each delivery once per room.
 */
export const storeDeadLetters = sqliteTable(
  "store_dead_letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    deliveryId: text("delivery_id").notNull(),
    topic: text("topic").notNull(),
    /** The delivery's JSON payload, as it came. */
    payload: text("payload").notNull(),
    /** Why it was not applied, in words. */
    error: text("error").notNull(),
    failedAt: integer("failed_at").notNull(),
  },
  (table) => [
    uniqueIndex("store_dead_letters_delivery").on(table.roomId, table.deliveryId),
    index("store_dead_letters_room").on(table.roomId, table.failedAt),
  ],
);

export type StoreDeadLetterRow = typeof storeDeadLetters.$inferSelect;
