/**
 * The statements that load a backup's rows into a room before it serves
 * (worker/rooms/backup-restore.ts), as the move from D1 loads a room of the
 * previous release (room-upgrade.ts): rows as stored, no change announced,
 * the triggers filling the search, barcode and tag indexes. Nothing else
 * runs in the room meanwhile (its calls wait), and the restore checks the
 * stock against the ledger once every row is in.
 */
import type { RoomDatabase } from "./room-database";

/** What a backup holds, in the order the export writes it (worker/rooms/room-export.ts). */
export const BACKUP_TABLES = [
  "items",
  "item_history",
  "files",
  "orders",
  "customers",
  "store_listings",
  "stocktakes",
  "stocktake_scans",
  "locations",
  "movements",
  "suppliers",
  "purchase_orders",
  "purchase_order_lines",
  "purchase_order_events",
  "purchase_order_scans",
] as const;

/** The tables a backup brings back: all but the store's listings (a restored room has no store yet). */
export const RESTORED_TABLES = BACKUP_TABLES.filter(
  (table): table is Exclude<(typeof BACKUP_TABLES)[number], "store_listings"> => table !== "store_listings",
);

/** The files a restore brings in, with their ids in the backup: made by the restore, dropped when it ends. */
export const RESTORED_FILES = "backup_restore_files";

export type LoadedRow = Record<string, SqlStorageValue>;

const sqlOf = (db: RoomDatabase) => db.$client.sql;

/** Files a restore leaves as they are: the backup itself, and the room's own logo. */
const KEPT_FILES = "collection NOT IN ('roomBackups', 'roomLogos')";

/**
 * True when the room holds anything a restore would replace: any row of a
 * restored table but a new room's first location and its kept files.
 */
export function roomHoldsRows(db: RoomDatabase): boolean {
  const where: Record<string, string> = { locations: "id <> 'main'", files: KEPT_FILES };
  return RESTORED_TABLES.some(
    (table) =>
      sqlOf(db)
        .exec<{ n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${where[table] ?? "1"} LIMIT 1)`)
        .one().n > 0,
  );
}

/** Clears every restored table but the kept files (the backup, the room's logo), and makes the working table afresh. */
export function emptyRestoredTables(db: RoomDatabase): void {
  db.$client.transactionSync(() => {
    for (const table of RESTORED_TABLES) {
      sqlOf(db).exec(table === "files" ? `DELETE FROM files WHERE ${KEPT_FILES}` : `DELETE FROM ${table}`);
    }
    dropWorkingTable(db);
  });
}

export function makeWorkingTable(db: RoomDatabase): void {
  sqlOf(db).exec(
    `CREATE TABLE IF NOT EXISTS ${RESTORED_FILES} (file_id TEXT PRIMARY KEY, old_id TEXT NOT NULL, versions TEXT NOT NULL)`,
  );
}

export function dropWorkingTable(db: RoomDatabase): void {
  sqlOf(db).exec(`DROP TABLE IF EXISTS ${RESTORED_FILES}`);
}

/** Each restored table's columns as this release has them (a backup's others are left out), and the working table's. */
export function restoredColumns(db: RoomDatabase): Map<string, Set<string>> {
  const columns = new Map<string, Set<string>>();
  for (const table of [...RESTORED_TABLES, RESTORED_FILES]) {
    const names = sqlOf(db)
      .exec<{ name: string }>("SELECT name FROM pragma_table_info(?)", table)
      .toArray()
      .map((column) => column.name);
    columns.set(table, new Set(names));
  }
  return columns;
}

/** Inserts rows (in the caller's transaction), each with the columns its table has. Throws what SQLite refuses. */
export function insertRows(
  db: RoomDatabase,
  columns: Map<string, Set<string>>,
  rows: readonly { table: string; row: LoadedRow }[],
): void {
  for (const { table, row } of rows) {
    const known = columns.get(table);
    if (!known) continue;
    const names = Object.keys(row).filter((name) => known.has(name));
    sqlOf(db).exec(
      `INSERT INTO ${table} (${names.map((name) => `"${name}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
      ...names.map((name) => row[name] as SqlStorageValue),
    );
  }
}

export interface ItemStock {
  id: string;
  title: string;
  stock: string;
  variants: string;
  quantity: number;
}

/** A page of items by id, with what the ledger adds up to for each item, variant and place. */
export function itemsWithLedger(
  db: RoomDatabase,
  afterId: string,
  limit: number,
): { items: ItemStock[]; sums: { item_id: string; variant_id: string; location_id: string; units: number }[] } {
  const items = sqlOf(db)
    .exec<{ id: string; title: string; stock: string; variants: string; quantity: number }>(
      "SELECT id, title, stock, variants, quantity FROM items WHERE id > ? ORDER BY id LIMIT ?",
      afterId,
      limit,
    )
    .toArray();
  if (items.length === 0) return { items, sums: [] };
  // The page's ids are a range of the ids (the index on item_id reads just theirs; at most 100 values may be bound).
  const sums = sqlOf(db)
    .exec<{ item_id: string; variant_id: string; location_id: string; units: number }>(
      `SELECT item_id, variant_id, location_id, sum(quantity) AS units FROM movements
         WHERE item_id >= ? AND item_id <= ? GROUP BY item_id, variant_id, location_id`,
      items[0]?.id ?? "",
      items.at(-1)?.id ?? "",
    )
    .toArray();
  return { items, sums };
}

export type RestoredFile = {
  rowid: number;
  file_id: string;
  old_id: string;
  versions: string;
  collection: string;
  name: string;
  type: string;
  size: number;
  extension: string;
};

/** How many files the restore brings in, and how many of them come at or before `rowid`. */
export function restoredFileCounts(db: RoomDatabase, rowid: number): { total: number; done: number } {
  const row = sqlOf(db)
    .exec<{ total: number; done: number }>(
      `SELECT count(*) AS total, count(CASE WHEN rowid <= ? THEN 1 END) AS done FROM ${RESTORED_FILES}`,
      rowid,
    )
    .one();
  return { total: row.total, done: row.done ?? 0 };
}

/** The next files to copy, after `rowid`, with their records. */
export function restoredFilesAfter(db: RoomDatabase, rowid: number, limit: number): RestoredFile[] {
  return sqlOf(db)
    .exec<RestoredFile>(
      `SELECT r.rowid, r.file_id, r.old_id, r.versions, f.collection, f.name, f.type, f.size, f.extension
         FROM ${RESTORED_FILES} r JOIN files f ON f.id = r.file_id WHERE r.rowid > ? ORDER BY r.rowid LIMIT ?`,
      rowid,
      limit,
    )
    .toArray();
}

/** A file copied (its copies as stored), or gone (null: its bytes are not in the backup, so its record goes). */
export function settleRestoredFile(db: RoomDatabase, fileId: string, versions: Record<string, unknown> | null): void {
  if (versions === null) sqlOf(db).exec("DELETE FROM files WHERE id = ?", fileId);
  else sqlOf(db).exec("UPDATE files SET versions = ? WHERE id = ?", JSON.stringify(versions), fileId);
}

/** Items name their photos by id: those with no record (never in the backup, or their bytes gone) are dropped. */
export function dropMissingPhotos(db: RoomDatabase): void {
  sqlOf(db).exec(
    `UPDATE items SET photos = (
       SELECT json_group_array(photo.value) FROM json_each(items.photos) AS photo
         WHERE EXISTS (SELECT 1 FROM files WHERE files.id = photo.value))
     WHERE photos <> '[]'
       AND EXISTS (SELECT 1 FROM json_each(items.photos) AS photo
                     WHERE NOT EXISTS (SELECT 1 FROM files WHERE files.id = photo.value))`,
  );
}

export function deleteFileRecord(db: RoomDatabase, fileId: string): void {
  sqlOf(db).exec("DELETE FROM files WHERE id = ?", fileId);
}
