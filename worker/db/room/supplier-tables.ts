/** The room's suppliers (docs/buying.md), in the room's own SQLite. Times are milliseconds since the epoch. */
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const suppliers = sqliteTable(
  "suppliers",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    contact: text("contact").notNull().default(""),
    email: text("email").notNull().default(""),
    /** Days from ordering to delivery; null: not known. */
    leadTimeDays: integer("lead_time_days"),
    notes: text("notes").notNull().default(""),
    archivedAt: integer("archived_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  // One supplier by a name, whatever its case: a CSV naming "acme" finds "Acme".
  (table) => [uniqueIndex("suppliers_name_unique").on(sql`lower(${table.name})`)],
);

export type SupplierRow = typeof suppliers.$inferSelect;
