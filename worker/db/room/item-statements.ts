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
 * Sets these columns (by property name) of the item `before` is, read in
 * this same write turn, and answers the row read back once written: what a
 * trigger or a column default did to it is in the answer, and so in what
 * the room announces.
 */
export function updateItemStatement(
  db: RoomDatabase,
  before: ItemRow,
  values: Partial<ItemRow>,
): RoomStatement<ItemRow[]> {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const sets = entries.map(([key]) => {
    const column = COLUMN_OF.get(key);
    if (!column) throw new Error(`items has no column for ${key}`);
    return `"${column}" = ?`;
  });
  return {
    all: () => {
      const written = db.$client.sql.exec(
        `UPDATE items SET ${sets.join(", ")} WHERE room_id = ? AND id = ?`,
        ...entries.map(([, value]) => value as SqlStorageValue),
        before.roomId,
        before.id,
      );
      if (written.rowsWritten === 0) return [];
      // Read back after the statement, its triggers included (RETURNING would miss what AFTER triggers do).
      const after = findItemRow(db, before.roomId, before.id);
      return after ? [after] : [];
    },
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
