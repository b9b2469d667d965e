/**
 * The catalogue of a big room read in windows from the room's SQLite
 * (docs/architecture.md §5): filtered, searched and sorted by SQLite with its indexes and
 * full-text index (room/migrations/0005_item_triggers_and_search.sql), never
 * by reading every item; and its changes after a point, in order, for a
 * phone's own copy.
 */
import { and, asc, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { ItemSortKey, ItemWindowQuery } from "../../../protocol/api";
import type { RoomDatabase } from "./room-database";
import { type ItemRow, itemChanges, items } from "./room-schema";
import { ITEM_TAGS_INDEXED, ITEM_WORDS_INDEXED, readState } from "./room-state";

/**
 * The full-text index answers words of 3 characters or more anywhere in a
 * word (trigrams); shorter ones are found as the start of a word by the
 * index of words' first letters (room/migrations/0024).
 */
const TRIGRAM = 3;

/** A word as a GLOB pattern matches it literally (its `*`, `?` and `[` each in a class of its own). */
const globLiteral = (word: string) => word.replace(/[*?[]/g, (c) => `[${c}]`);

/** A word as an FTS5 string (any part of a word matches, case and accents aside). */
const ftsString = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * Low on stock, as protocol/stock.ts `isLowStock` decides: the ids of the
 * three kinds of item that can be low, each read through its own partial
 * index — items with a reorder point (room/migrations/0007), items with a
 * point at a location (0010), products sold in variants (0009) — so the
 * filter reads those items only, never the whole room (an OR of the three
 * in one WHERE would read every item).
 */
export const lowStock = (roomId: string) => sql`${items}.rowid IN (
  SELECT rowid FROM items WHERE room_id = ${roomId} AND reorder_point IS NOT NULL AND quantity <= reorder_point
  UNION ALL
  SELECT rowid FROM items WHERE room_id = ${roomId} AND location_reorder_points <> '{}'
    AND EXISTS (SELECT 1 FROM json_each(location_reorder_points) AS point
                WHERE coalesce(json_extract(stock, '$."' || point.key || '"'), 0) <= point.value)
  UNION ALL
  SELECT rowid FROM items WHERE room_id = ${roomId} AND variants <> '[]'
    AND EXISTS (SELECT 1 FROM json_each(variants) AS variant
      WHERE (json_extract(variant.value, '$.reorderPoint') IS NOT NULL
             AND json_extract(variant.value, '$.quantity') <= json_extract(variant.value, '$.reorderPoint'))
         OR EXISTS (SELECT 1 FROM json_each(json_extract(variant.value, '$.locationReorderPoints')) AS point
             WHERE coalesce(json_extract(variant.value, '$.stock."' || point.key || '"'), 0) <= point.value)))`;

function conditions(
  db: RoomDatabase,
  roomId: string,
  query: Omit<ItemWindowQuery, "limit" | "sort" | "descending">,
): SQL[] {
  // Low on stock, the few low items lead (by rowid); the room's own index, which every item is in, must not
  // (the unary + keeps SQLite from walking it in the window's order).
  const where: SQL[] = [query.low ? sql`+${items.roomId} = ${roomId}` : eq(items.roomId, roomId)];
  if (query.status !== "all") where.push(eq(items.status, query.status));
  if (query.tag) {
    // By the tags' index (room/migrations/0023); a room still indexing its older items reads each item's tags.
    where.push(
      readState(db, ITEM_TAGS_INDEXED) !== null
        ? sql`${items.id} IN (SELECT item_id FROM item_tags WHERE tag = ${query.tag})`
        : sql`EXISTS (SELECT 1 FROM json_each(${items.tags}) WHERE value = ${query.tag})`,
    );
  }
  if (query.low) where.push(lowStock(roomId));
  const words = query.text.toLowerCase().split(/\s+/).filter(Boolean);
  const long = words.filter((word) => word.length >= TRIGRAM);
  // A short "word" of no letter or digit ("&", "-") starts no word: it narrows nothing, in the browser too.
  const short = words.filter((word) => word.length < TRIGRAM && /[\p{L}\p{N}]/u.test(word));
  const text: SQL[] = [];
  if (long.length > 0) {
    const match = long.map(ftsString).join(" AND ");
    text.push(sql`${items}.rowid IN (SELECT rowid FROM items_search WHERE items_search MATCH ${match})`);
  }
  const wordsIndexed = short.length > 0 && readState(db, ITEM_WORDS_INDEXED) !== null;
  for (const word of short) {
    text.push(
      wordsIndexed
        ? sql`${items}.rowid IN (SELECT rowid FROM items_words WHERE items_words MATCH ${`${ftsString(word)}*`})`
        : // A room still indexing its older items' words looks in each item's text for a word starting so.
          sql`(' ' || lower(${items.title} || char(10) || ${items.sku} || char(10) || ${items.location} || char(10) || ${items.description} || char(10) || ${items.tags} || char(10) || ${items.barcode})) GLOB ${`*[^a-z0-9]${globLiteral(word)}*`}`,
    );
  }
  if (text.length > 0) {
    // A variant's own SKU or barcode, typed or scanned whole, finds its product (variant_codes, 0009).
    const code = query.text.trim().toLowerCase();
    where.push(sql`((${and(...text)}) OR ${items.id} IN (SELECT item_id FROM variant_codes WHERE code = ${code}))`);
  }
  return where;
}

/** Each sort as its index has it (room/migrations/0005), the id last so equal values keep one order. */
function orderOf(sort: ItemSortKey, descending: boolean): SQL[] {
  const column: Record<ItemSortKey, SQL> = {
    createdAt: sql`${items.createdAt}`,
    updatedAt: sql`${items.updatedAt}`,
    title: sql`${items.title} COLLATE NOCASE`,
    sku: sql`${items.sku} COLLATE NOCASE`,
    priceCents: sql`${items.priceCents}`,
    quantity: sql`${items.quantity}`,
    status: sql`${items.status}`,
  };
  const direction = descending ? desc : asc;
  return [direction(column[sort]), direction(items.id)];
}

/** The first `limit` items matching the query, in its order. */
export function itemWindow(db: RoomDatabase, roomId: string, query: ItemWindowQuery): ItemRow[] {
  return itemWindowQuery(db, roomId, query).all();
}

/** The window's statement (its plan is checked by tests/worker/big-rooms.test.ts). */
export function itemWindowQuery(db: RoomDatabase, roomId: string, query: ItemWindowQuery) {
  return db
    .select()
    .from(items)
    .where(and(...conditions(db, roomId, query)))
    .orderBy(...orderOf(query.sort, query.descending))
    .limit(query.limit);
}

/**
 * Counts past this many stop: a window shows "more than 10,000", and the
 * count, read again after every write the window follows, never walks a
 * whole 100,000-item room.
 */
export const COUNT_CAP = 10_000;

/** How many items match the query (whatever its limit), up to COUNT_CAP; `more` when there are more. */
export function countWindow(
  db: RoomDatabase,
  roomId: string,
  query: ItemWindowQuery,
): { total: number; more: boolean } {
  const matching = db
    .select({ one: sql`1` })
    .from(items)
    .where(and(...conditions(db, roomId, query)))
    .limit(COUNT_CAP + 1)
    .as("matching");
  const n = db.select({ n: count() }).from(matching).get()?.n ?? 0;
  return { total: Math.min(n, COUNT_CAP), more: n > COUNT_CAP };
}

export interface ItemChangesPage {
  /** Items written after the point, as they are now. */
  rows: ItemRow[];
  /** Items removed after the point. */
  removed: string[];
  /** The point this page reaches (ask for what comes after it next). */
  seq: number;
  more: boolean;
}

/** What changed after change number `afterSeq` (0: everything there is), at most `limit` changes. */
export function itemChangesAfter(db: RoomDatabase, afterSeq: number, limit: number): ItemChangesPage {
  const changes = db
    .select({ seq: itemChanges.seq, itemId: itemChanges.itemId, removed: itemChanges.removed, item: items })
    .from(itemChanges)
    .leftJoin(items, eq(items.id, itemChanges.itemId))
    .where(gt(itemChanges.seq, afterSeq))
    .orderBy(asc(itemChanges.seq))
    // One more than asked for says whether there is more.
    .limit(limit + 1)
    .all();
  const more = changes.length > limit;
  if (more) changes.pop();
  const rows: ItemRow[] = [];
  const removed: string[] = [];
  for (const change of changes) {
    if (change.item) rows.push(change.item);
    // A first copy has nothing to remove.
    else if (afterSeq > 0) removed.push(change.itemId);
  }
  return { rows, removed, seq: changes.at(-1)?.seq ?? afterSeq, more };
}
