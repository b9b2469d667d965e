/**
 * A CSV file's products on the server (worker/inventory/import-job.ts): the
 * app sends the file's products once, in a few pieces, and the check and
 * the import then run over these parts as bulk jobs — a part of at most
 * LIMITS.IMPORT_PART rows per chunk — so a closed tab or a restart does not
 * stop an import half-way. Kept until the import ends, or a day.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const importStaged = sqliteTable(
  "import_staged",
  {
    importId: text("import_id").notNull(),
    /** Its place in the file: parts are checked and imported in this order. */
    part: integer("part").notNull(),
    /** The part's products (JSON `ImportProduct[]`). */
    products: text("products").notNull(),
    /** Its variant rows, for the progress bar. */
    rows: integer("rows").notNull(),
    /** Who sent it: only they check and import it. */
    userId: text("user_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.part] })],
);

export type ImportStagedRow = typeof importStaged.$inferSelect;
