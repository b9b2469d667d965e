/**
 * A count is a count at a moment and a place (docs/stock.md): each scan
 * counts one of a variant at one of the stocktake's locations, at the
 * moment it was made. What a stocktake sets a variant to there is its count
 * plus what moved there after its last scan — a sale made after the shelf
 * was counted still counts — never the count alone.
 */
import { MAIN_LOCATION_ID } from "../../protocol/api";
import { firstLocationId } from "../db/room/locations-repo";
import type { RoomDatabase } from "../db/room/room-database";
import type { StocktakeRow } from "./stocktakes-repo";

/**
 * A scan that reaches the server within this long of being made is timed by
 * the server's clock; one sent later (from a phone that was offline) by the
 * phone's, as the server's would be its arrival.
 */
const SENT_AT_ONCE_MS = 60_000;

/** The locations a stocktake counts (one started before stocktakes had places: the room's first). */
export function locationsOf(db: RoomDatabase, stocktake: Pick<StocktakeRow, "locations">): string[] {
  const listed = JSON.parse(stocktake.locations) as string[];
  return listed.length > 0 ? listed : [firstLocationId(db) ?? MAIN_LOCATION_ID];
}

/** The moment a scan counts for: the phone's time when it was sent later, never before the stocktake nor after now. */
export function momentOfScan(phoneTime: number | undefined, now: number, startedAt: number): number {
  if (phoneTime === undefined || phoneTime > now || now - phoneTime < SENT_AT_ONCE_MS) return now;
  return Math.max(startedAt, phoneTime);
}

/**
 * Units of a variant that moved at a location after `after`: sales,
 * receipts, transfers… — except the movements stocktake `except` made itself
 * (its own corrections are not something that happened on the shelf).
 */
export function movedSince(
  db: RoomDatabase,
  place: { itemId: string; variantId: string; locationId: string },
  after: number,
  except = "",
): number {
  const row = db.$client.sql
    .exec<{ units: number | null }>(
      `SELECT sum(quantity) AS units FROM movements
       WHERE item_id = ? AND at > ? AND variant_id = ? AND location_id = ?
         AND NOT (reason = 'stocktake' AND reference = ?)`,
      place.itemId,
      after,
      place.variantId,
      place.locationId,
      except,
    )
    .toArray()[0];
  return row?.units ?? 0;
}

/** A variant's count at one location: how many scans, and the last one's moment. */
export interface CountHere {
  itemId: string;
  variantId: string;
  locationId: string;
  counted: number;
  lastAt: number;
  /** Whether a scan among them arrived after the stocktake was applied and waits. */
  waiting: boolean;
  /** Who scanned them, each once. */
  counters: string[];
}

/**
 * The counts of these items' variants at each location (a chunk of an
 * apply). `withLate`: the scans that arrived after the stocktake was applied
 * count as well (applying them), except those set aside.
 */
export function countsHere(
  db: RoomDatabase,
  stocktake: Pick<StocktakeRow, "id" | "locations">,
  itemIds: readonly string[],
  withLate: boolean,
): CountHere[] {
  if (itemIds.length === 0) return [];
  const first = locationsOf(db, stocktake)[0] as string;
  // A scan from before variants counted the product's only one; one from before places, the first location.
  const rows = db.$client.sql
    .exec<{
      item_id: string;
      variant: string;
      place: string;
      counted: number;
      last_at: number;
      waiting: number;
      counters: string;
    }>(
      `SELECT item_id, coalesce(nullif(variant_id, ''), item_id) AS variant,
              coalesce(nullif(location_id, ''), ?) AS place,
              count(*) AS counted, max(at) AS last_at, max(late = 'waiting') AS waiting,
              json_group_array(DISTINCT user_id) AS counters
       FROM stocktake_scans
       WHERE stocktake_id = ? AND taken_back_at IS NULL
         AND (late IS NULL OR ${withLate ? "late IN ('waiting', 'applied')" : "0"})
         AND item_id IN (SELECT value FROM json_each(?))
       GROUP BY item_id, variant, place`,
      first,
      stocktake.id,
      JSON.stringify(itemIds),
    )
    .toArray();
  return rows.map((row) => ({
    itemId: row.item_id,
    variantId: row.variant,
    locationId: row.place,
    counted: row.counted,
    lastAt: row.last_at,
    waiting: row.waiting === 1,
    counters: JSON.parse(row.counters) as string[],
  }));
}

/** The counts by item, for a chunk's items to find theirs at once. */
export function countsByItem(counts: readonly CountHere[]): Map<string, CountHere[]> {
  const byItem = new Map<string, CountHere[]>();
  for (const count of counts) byItem.set(count.itemId, [...(byItem.get(count.itemId) ?? []), count]);
  return byItem;
}
