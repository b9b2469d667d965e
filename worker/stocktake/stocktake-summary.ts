/**
 * What a past stocktake was (SPEC A8): when, who started and ended it, who
 * counted how much, and the quantities it set — read from its scans and
 * from the item history entries it wrote (`via = stocktake:<id>`), so the
 * record of a stocktake is the same rows that made it, not a copy.
 */
import { COLLECTION, type PastStocktakeDoc } from "../../protocol/api";
import type { Database } from "../db/database";
import { historyVia } from "../db/item-history-repo";
import { findItems } from "../db/items-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { listEndedStocktakes, listScans, type StocktakeRow } from "./stocktakes-repo";

/** How many past stocktakes a room shows. */
export const PAST_STOCKTAKES_SHOWN = 20;

export const stocktakeVia = (stocktakeId: string) => `stocktake:${stocktakeId}`;

export async function summaryOf(db: Database, row: StocktakeRow): Promise<PastStocktakeDoc> {
  const scans = await listScans(db, row.roomId, row.id);
  const byPerson = new Map<string, number>();
  for (const scan of scans) byPerson.set(scan.userId, (byPerson.get(scan.userId) ?? 0) + 1);
  const entries = await historyVia(db, row.roomId, stocktakeVia(row.id));
  const titles = new Map(
    (await findItems(db, row.roomId, [...new Set(entries.map((entry) => entry.itemId))])).map((item) => [
      item.id,
      item.title,
    ]),
  );
  const changes = entries.flatMap((entry) => {
    const quantity = (JSON.parse(entry.changes) as { quantity?: { from: number; to: number } }).quantity;
    return quantity ? [{ itemId: entry.itemId, title: titles.get(entry.itemId) ?? "A removed item", ...quantity }] : [];
  });
  return {
    _id: row.id,
    status: row.status === "applied" ? "applied" : "cancelled",
    startedBy: row.startedBy,
    startedAt: new Date(row.startedAt),
    endedBy: row.endedBy ?? "",
    endedAt: new Date(row.endedAt ?? row.startedAt),
    people: [...byPerson].map(([userId, count]) => ({ userId, scans: count })).sort((a, b) => b.scans - a.scans),
    itemsCounted: new Set(scans.map((scan) => scan.itemId)).size,
    changes,
  };
}

export async function pastStocktakes(db: Database, roomId: string): Promise<PastStocktakeDoc[]> {
  const rows = await listEndedStocktakes(db, roomId, PAST_STOCKTAKES_SHOWN);
  return Promise.all(rows.map((row) => summaryOf(db, row)));
}

/** A stocktake just ended: it joins the past ones on every screen. */
export async function announcePast(host: RoomHost, row: StocktakeRow): Promise<void> {
  host.emit({
    collection: COLLECTION.PAST_STOCKTAKES,
    id: row.id,
    doc: asDoc(await summaryOf(host.db, row)),
    previous: null,
  });
}
