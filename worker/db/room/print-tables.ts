/**
 * The room's print queue (docs/printing.md), in the room's own SQLite: a job
 * for each write that asked for labels, and its lines (a variant, how many
 * labels). Times are milliseconds since the epoch. Not in a backup: what
 * waits to print is of the moment, and a restored room has no printer yet.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const printJobs = sqliteTable(
  "print_jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["added", "received", "order"] }).notNull(),
    title: text("title").notNull(),
    labels: integer("labels").notNull(),
    /** Labels asked for past the most a job holds, left out. */
    cut: integer("cut").notNull().default(0),
    status: text("status", { enum: ["waiting", "printing", "printed", "skipped"] }).notNull(),
    /** The station tab that took it to print (while `printing`). */
    stationId: text("station_id"),
    createdAt: integer("created_at").notNull(),
    createdBy: text("created_by").notNull(),
    doneAt: integer("done_at"),
    doneBy: text("done_by"),
  },
  (table) => [index("print_jobs_status_idx").on(table.status, table.createdAt)],
);

export const printJobLines = sqliteTable(
  "print_job_lines",
  {
    jobId: text("job_id").notNull(),
    itemId: text("item_id").notNull(),
    variantId: text("variant_id").notNull(),
    copies: integer("copies").notNull(),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.variantId] })],
);

export type PrintJobRow = typeof printJobs.$inferSelect;
export type PrintJobLineRow = typeof printJobLines.$inferSelect;
