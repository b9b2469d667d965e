import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ItemHistoryDoc } from "../../../protocol/api";
import { type HistoryEntry, insertHistoryRowsStatement, insertHistoryStatement } from "./item-statements";
import type { RoomDatabase } from "./room-database";
import { itemHistory, items } from "./room-schema";

export type { HistoryEntry } from "./item-statements";

export function toHistoryDoc(row: HistoryEntry): ItemHistoryDoc {
  return {
    _id: row.id,
    itemId: row.itemId,
    userId: row.userId,
    action: row.action as ItemHistoryDoc["action"],
    changes: JSON.parse(row.changes) as ItemHistoryDoc["changes"],
    at: new Date(row.at),
    ...(row.via ? { via: row.via } : {}),
  };
}

/** Newest first. */
export async function listHistory(db: RoomDatabase, roomId: string, itemId: string, limit: number) {
  return db
    .select()
    .from(itemHistory)
    .where(and(eq(itemHistory.roomId, roomId), eq(itemHistory.itemId, itemId)))
    .orderBy(desc(itemHistory.at), desc(itemHistory.id))
    .limit(limit)
    .all();
}

/**
 * Whether this room's item `itemId` was removed: its history outlives it,
 * so a create re-sent after the item was made and removed does not bring
 * it back (creates are idempotent on their ids).
 */
export async function wasRemoved(db: RoomDatabase, roomId: string, itemId: string): Promise<boolean> {
  const row = await db
    .select({ id: itemHistory.id })
    .from(itemHistory)
    .where(and(eq(itemHistory.roomId, roomId), eq(itemHistory.itemId, itemId), eq(itemHistory.action, "removed")))
    .limit(1)
    .get();
  return row !== undefined;
}

/**
 * The entries as statements to run with their change (one for a single
 * entry, one for any number: the rows go as one JSON value, past the 100
 * values a statement may bind).
 */
export function insertHistoryQueries(db: RoomDatabase, roomId: string, entries: readonly HistoryEntry[]) {
  if (entries.length === 0) return [];
  if (entries.length === 1) return [insertHistoryStatement(db, roomId, entries[0] as HistoryEntry)];
  return [insertHistoryRowsStatement(db, roomId, entries)];
}

/**
 * The changes these stocktakes applied (their history entries, by `via`),
 * oldest first, each with its item's title (null once the item was
 * removed): one statement for any number of past stocktakes, at most
 * IDS_PER_STATEMENT vias. `via <> ''` is written out so SQLite can use the
 * partial index `item_history_via_idx`.
 */
export function changesViaQuery(db: RoomDatabase, roomId: string, vias: readonly string[]) {
  return db
    .select({ via: itemHistory.via, itemId: itemHistory.itemId, changes: itemHistory.changes, title: items.title })
    .from(itemHistory)
    .leftJoin(items, and(eq(items.roomId, itemHistory.roomId), eq(items.id, itemHistory.itemId)))
    .where(and(eq(itemHistory.roomId, roomId), sql`${itemHistory.via} <> ''`, inArray(itemHistory.via, [...vias])))
    .orderBy(itemHistory.at);
}
