/**
 * The D1 schema (system of record). `npm run db:generate` turns changes here
 * into a numbered SQL migration in `migrations/`, which wrangler applies.
 * Times are milliseconds since the epoch.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const rooms = sqliteTable("rooms", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
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
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    index("items_room_idx").on(table.roomId, table.updatedAt),
    uniqueIndex("items_room_sku_unique").on(table.roomId, table.sku).where(sql`${table.sku} <> ''`),
  ],
);

export type RoomRow = typeof rooms.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
