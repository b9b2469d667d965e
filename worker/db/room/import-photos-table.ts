/**
 * Photos a CSV import names by address (Shopify's `Image Src`), on their way
 * into the room's own storage (worker/inventory/import-photos.ts): one row
 * per item and address, so importing the same file again fetches nothing
 * twice, and a room that restarts goes on with those still waiting.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const importPhotos = sqliteTable(
  "import_photos",
  {
    id: text("id").primaryKey(),
    itemId: text("item_id").notNull(),
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    /** Its place among the product's photos in the file (Image Position). */
    position: integer("position").notNull().default(0),
    /** The file's row that named it, for the words of a failure. */
    row: integer("row").notNull().default(0),
    /** Who imported it: the photo is theirs, as an upload would be. */
    userId: text("user_id").notNull().default(""),
    state: text("state", { enum: ["waiting", "done", "failed"] })
      .notNull()
      .default("waiting"),
    /** Why it could not be brought in, in words. */
    error: text("error").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    /** When it may be tried (again). */
    dueAt: integer("due_at").notNull().default(0),
    /** The room's file it became. */
    fileId: text("file_id").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("import_photos_item_url").on(table.itemId, table.url),
    index("import_photos_due").on(table.state, table.dueAt),
  ],
);

export type ImportPhotoRow = typeof importPhotos.$inferSelect;
