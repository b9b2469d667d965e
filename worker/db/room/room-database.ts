/**
 * A room's own SQLite through drizzle (docs/architecture.md §2): every read and write of
 * the room's rows goes through this, synchronously, in the RoomDO. A write
 * and what it implies (its history rows) commit together in one
 * `transaction` (the storage's `transactionSync`).
 */
import { drizzle } from "drizzle-orm/durable-sqlite";
import { migrate } from "drizzle-orm/durable-sqlite/migrator";
import migrations from "./migrations/migrations.js";
import * as schema from "./room-schema";

export type RoomDatabase = ReturnType<typeof openRoomDatabase>;

/** The tables of a room's own rows the previous release kept in D1 (what moves in from there). */
export const MOVED_TABLES = [
  "items",
  "item_history",
  "files",
  "orders",
  "customers",
  "store_connections",
  "store_listings",
  "webhook_deliveries",
  "stocktakes",
  "stocktake_scans",
] as const;

export function openRoomDatabase(storage: DurableObjectStorage) {
  return drizzle(storage, { schema });
}

/**
 * Brings the room's tables up to this release's schema: the migrations in
 * `worker/db/room/migrations/` not yet applied here, in one transaction
 * (done synchronously; a failure rolls it back and rejects). Run when the
 * object wakes, before it serves anything.
 */
export async function migrateRoomDatabase(db: RoomDatabase): Promise<void> {
  await migrate(db, migrations);
}

/** One statement of the room's database (any drizzle query builder), run by `runTogether`. */
export interface RoomStatement<T = unknown> {
  all(): T;
}

/** What each statement answered, in order: its rows (none for a write without `returning`). */
export type StatementResults<T extends readonly RoomStatement[]> = { [K in keyof T]: ReturnType<T[K]["all"]> };

/**
 * Runs the statements in order in one transaction — all take effect or
 * none does — and answers each one's rows (what D1's `batch` did, here
 * without a round trip).
 */
export function runTogether<const T extends readonly RoomStatement[]>(
  db: RoomDatabase,
  statements: T,
): StatementResults<T> {
  return db.$client.transactionSync(() => statements.map((statement) => statement.all())) as StatementResults<T>;
}
