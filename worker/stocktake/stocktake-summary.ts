/**
 * What a past stocktake was (docs/stock.md "A count is a count at a moment and a place"):
 * when, who started and ended it, who
 * counted how much, and the quantities it set — read from its scans and
 * from the item history entries it wrote (`via = stocktake:<id>`), so the
 * record of a stocktake is the same rows that made it, not a copy.
 */
import { COLLECTION, type PastStocktakeDoc } from "../../protocol/api";
import { changesViaQuery } from "../db/room/item-history-repo";
import { chunks } from "../db/room/items-repo";
import type { RoomDatabase } from "../db/room/room-database";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { locationsOf } from "./stocktake-counts";
import {
  itemsCountedQuery,
  lateWaitingQuery,
  listEndedStocktakes,
  type StocktakeRow,
  scansByPersonQuery,
} from "./stocktakes-repo";

/** How many past stocktakes a room shows. */
export const PAST_STOCKTAKES_SHOWN = 20;

export const stocktakeVia = (stocktakeId: string) => `stocktake:${stocktakeId}`;

function append<T>(lists: Map<string, T[]>, key: string, value: T): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/**
 * The summaries of these stocktakes (all of one room), in their order: four
 * indexed reads per IDS_PER_STATEMENT stocktakes (scans per person, items
 * counted, the changes with their items' titles, late scans waiting),
 * however many scans and changes they have, so the `stocktakes.past`
 * publication and a stocktake ending (in the room's write queue) stay cheap.
 */
export async function summariesOf(
  db: RoomDatabase,
  roomId: string,
  rows: readonly StocktakeRow[],
): Promise<PastStocktakeDoc[]> {
  const people = new Map<string, { userId: string; scans: number; firstAt: number }[]>();
  const itemsCounted = new Map<string, number>();
  const changes = new Map<string, PastStocktakeDoc["changes"]>();
  const lateWaiting = new Map<string, number>();
  for (const part of chunks(rows)) {
    const ids = part.map((row) => row.id);
    for (const row of lateWaitingQuery(db, roomId, ids).all()) lateWaiting.set(row.stocktakeId, row.waiting);
    const scanned = scansByPersonQuery(db, roomId, ids).all();
    const counted = itemsCountedQuery(db, roomId, ids).all();
    const applied = changesViaQuery(db, roomId, ids.map(stocktakeVia)).all();
    for (const row of scanned) {
      const person = { userId: row.userId, scans: row.scans, firstAt: row.firstAt ?? 0 };
      append(people, row.stocktakeId, person);
    }
    for (const row of counted) itemsCounted.set(row.stocktakeId, row.items);
    for (const entry of applied) {
      const quantity = (JSON.parse(entry.changes) as { quantity?: { from: number; to: number } }).quantity;
      if (!quantity) continue;
      const change = { itemId: entry.itemId, title: entry.title ?? "A removed item", ...quantity };
      append(changes, entry.via, change);
    }
  }
  return rows.map((row) => ({
    _id: row.id,
    status: row.status === "applied" ? "applied" : "cancelled",
    startedBy: row.startedBy,
    startedAt: new Date(row.startedAt),
    endedBy: row.endedBy ?? "",
    endedAt: new Date(row.endedAt ?? row.startedAt),
    // Most scans first; between equals, who scanned first.
    people: (people.get(row.id) ?? [])
      .sort((a, b) => b.scans - a.scans || a.firstAt - b.firstAt)
      .map(({ userId, scans }) => ({ userId, scans })),
    itemsCounted: itemsCounted.get(row.id) ?? 0,
    changes: changes.get(stocktakeVia(row.id)) ?? [],
    locations: locationsOf(db, row),
    lateWaiting: lateWaiting.get(row.id) ?? 0,
  }));
}

export async function pastStocktakes(db: RoomDatabase, roomId: string): Promise<PastStocktakeDoc[]> {
  return summariesOf(db, roomId, await listEndedStocktakes(db, roomId, PAST_STOCKTAKES_SHOWN));
}

/** A stocktake just ended: it joins the past ones on every screen. */
export async function announcePast(host: RoomHost, row: StocktakeRow): Promise<void> {
  host.emit({
    collection: COLLECTION.PAST_STOCKTAKES,
    id: row.id,
    doc: asDoc((await summariesOf(host.roomDb, host.roomId, [row]))[0] as PastStocktakeDoc),
    previous: null,
  });
}
