/**
 * The statements an item edit makes — read the item, write it, add its
 * history entry — as plain SQL on the room's SQLite. An edit is the room's
 * most frequent write; profiled, building these through drizzle's query
 * builder and mapping its rows took about a third of an edit's CPU
 * (docs/scale.md). The columns come from the drizzle schema, so the two
 * cannot drift apart.
 */
import { getTableColumns } from "drizzle-orm";
import type { RoomDatabase, RoomStatement } from "./room-database";
import { type ItemHistoryRow, type ItemRow, items } from "./room-schema";

/** An item history entry as written (the room is the database's own). */
export type HistoryEntry = Omit<ItemHistoryRow, "roomId">;

/** [property, column] for every column of `items`. */
const ITEM_COLUMNS = Object.entries(getTableColumns(items)).map(([key, column]) => [key, column.name] as const);
const COLUMN_OF = new Map<string, string>(ITEM_COLUMNS);

type Raw = Record<string, SqlStorageValue>;

function itemOf(raw: Raw): ItemRow {
  const row: Record<string, SqlStorageValue> = {};
  for (const [key, name] of ITEM_COLUMNS) row[key] = raw[name] as SqlStorageValue;
  return row as unknown as ItemRow;
}

export function findItemRow(db: RoomDatabase, roomId: string, id: string): ItemRow | null {
  const raw = db.$client.sql.exec<Raw>("SELECT * FROM items WHERE id = ? AND room_id = ?", id, roomId).toArray()[0];
  return raw ? itemOf(raw) : null;
}

/**
 * The room's items with these ids, as SQLite holds them now (missing ones
 * are absent): how a write reads back what it wrote, once every statement
 * of its transaction has run — a trigger's change to the row included.
 */
export function findItemRows(db: RoomDatabase, roomId: string, ids: readonly string[]): ItemRow[] {
  const rows: ItemRow[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    const part = ids.slice(start, start + IDS_PER_READ);
    const raws = db.$client.sql
      .exec<Raw>(`SELECT * FROM items WHERE room_id = ? AND id IN (${part.map(() => "?").join(", ")})`, roomId, ...part)
      .toArray();
    for (const raw of raws) rows.push(itemOf(raw));
  }
  return rows;
}

/** Ids in one `IN (…)`, well under SQLite's limit on bound parameters. */
const IDS_PER_READ = 90;

/**
 * Sets these columns (by property name) of the item `before` is, read in
 * this same write turn; answers how many rows it wrote (0: the item is
 * gone). The row as written is read back by the write pipeline
 * (worker/inventory/item-pipeline.ts) once the whole transaction has run.
 */
export function updateItemStatement(
  db: RoomDatabase,
  before: ItemRow,
  values: Partial<ItemRow>,
): RoomStatement<number> {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const sets = entries.map(([key]) => {
    const column = COLUMN_OF.get(key);
    if (!column) throw new Error(`items has no column for ${key}`);
    return `"${column}" = ?`;
  });
  return {
    all: () =>
      db.$client.sql.exec(
        `UPDATE items SET ${sets.join(", ")} WHERE room_id = ? AND id = ?`,
        ...entries.map(([, value]) => value as SqlStorageValue),
        before.roomId,
        before.id,
      ).rowsWritten,
  };
}

export function insertHistoryStatement(db: RoomDatabase, roomId: string, entry: HistoryEntry): RoomStatement<[]> {
  return {
    all: () => {
      db.$client.sql.exec(
        "INSERT INTO item_history (id, room_id, item_id, user_id, action, changes, at, via) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        entry.id,
        roomId,
        entry.itemId,
        entry.userId,
        entry.action,
        entry.changes,
        entry.at,
        entry.via,
      );
      return [];
    },
  };
}

/** Many entries in one statement: the rows go as one JSON value. */
export function insertHistoryRowsStatement(
  db: RoomDatabase,
  roomId: string,
  entries: readonly HistoryEntry[],
): RoomStatement<[]> {
  return {
    all: () => {
      db.$client.sql.exec(
        `INSERT INTO item_history (id, room_id, item_id, user_id, action, changes, at, via)
         SELECT value ->> '$.id', ?1, value ->> '$.itemId', value ->> '$.userId', value ->> '$.action',
                value ->> '$.changes', value ->> '$.at', value ->> '$.via'
         FROM json_each(?2)`,
        roomId,
        JSON.stringify(entries),
      );
      return [];
    },
  };
}
