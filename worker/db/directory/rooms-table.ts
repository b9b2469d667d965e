/** The directory's list of rooms (D1; re-exported by schema.ts): what leads into each room from outside it. */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const rooms = sqliteTable("rooms", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** ISO 4217 code: how the room's prices are shown, and what new items are priced in. */
  currency: text("currency").notNull().default("USD"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /**
   * When the room had moved its rows from the previous release's D1 tables
   * into its own SQLite (null until then): the clean-up job then deletes
   * them from D1 (legacy-rows-job.ts).
   */
  rowsMovedAt: integer("rows_moved_at"),
});
