/** Stocktakes and their scans (counts are by variant: protocol/variants.ts) (schema.ts `stocktakes`, `stocktakeScans`). */
import { and, count, countDistinct, desc, eq, inArray, isNull, min, ne, sql } from "drizzle-orm";
import type { StocktakeDoc, StocktakeScanDoc } from "../../protocol/api";
import type { RoomDatabase } from "../db/room/room-database";
import { stocktakeScans, stocktakes } from "../db/room/room-schema";
import { move, type Next, type Transitions } from "../transitions";

export type StocktakeRow = typeof stocktakes.$inferSelect;
export type ScanRow = typeof stocktakeScans.$inferSelect;

/**
 * A stocktake's states: it is `open` while the team counts; an owner or
 * admin ends it `applied` (its counts became movements, by a bulk job) or
 * `cancelled` (nothing changed). Nothing reopens an ended stocktake.
 */
export const STOCKTAKE_MOVES = {
  open: ["applied", "cancelled"],
  applied: [],
  cancelled: [],
} as const satisfies Transitions<StocktakeRow["status"]>;

/**
 * A count that arrived after its stocktake was applied (a phone that was
 * offline) `waiting` for an owner or admin, who applies it or sets it aside
 * (`discarded`); a count made in time is not late at all (null).
 */
export const LATE_SCAN_MOVES = {
  waiting: ["applied", "discarded"],
  applied: [],
  discarded: [],
} as const satisfies Transitions<NonNullable<ScanRow["late"]>>;

/** `locations`: where it counts (stocktake-counts.ts `locationsOf`). */
export function toStocktakeDoc(row: StocktakeRow, locations: string[]): StocktakeDoc {
  return { _id: row.id, status: row.status, startedBy: row.startedBy, startedAt: new Date(row.startedAt), locations };
}

/** `firstLocation`: where a scan from before stocktakes had places counted (its stocktake's first). */
export function toScanDoc(row: ScanRow, firstLocation: string): StocktakeScanDoc {
  return {
    _id: row.id,
    stocktakeId: row.stocktakeId,
    itemId: row.itemId,
    // Scans from before products had variants counted the product's only one.
    variantId: row.variantId || row.itemId,
    locationId: row.locationId || firstLocation,
    userId: row.userId,
    at: new Date(row.at),
    heldThen: row.heldThen,
  };
}

export async function findOpenStocktake(db: RoomDatabase, roomId: string): Promise<StocktakeRow | null> {
  return (
    (await db
      .select()
      .from(stocktakes)
      .where(and(eq(stocktakes.roomId, roomId), eq(stocktakes.status, "open")))
      .orderBy(desc(stocktakes.startedAt))
      .get()) ?? null
  );
}

export async function findStocktake(db: RoomDatabase, roomId: string, id: string): Promise<StocktakeRow | null> {
  return (
    (await db
      .select()
      .from(stocktakes)
      .where(and(eq(stocktakes.roomId, roomId), eq(stocktakes.id, id)))
      .get()) ?? null
  );
}

/** The room's ended stocktakes (applied or discarded), the latest first. */
export async function listEndedStocktakes(db: RoomDatabase, roomId: string, limit: number): Promise<StocktakeRow[]> {
  return db
    .select()
    .from(stocktakes)
    .where(and(eq(stocktakes.roomId, roomId), ne(stocktakes.status, "open")))
    .orderBy(desc(stocktakes.endedAt))
    .limit(limit)
    .all();
}

export async function insertStocktake(db: RoomDatabase, row: StocktakeRow): Promise<void> {
  await db.insert(stocktakes).values(row).onConflictDoNothing().run();
}

export function endStocktakeQuery(
  db: RoomDatabase,
  roomId: string,
  id: string,
  status: Next<typeof STOCKTAKE_MOVES, "open">,
  by: string,
  at: number,
) {
  return db
    .update(stocktakes)
    .set({ status: move(STOCKTAKE_MOVES, "open", status), endedBy: by, endedAt: at })
    .where(and(eq(stocktakes.roomId, roomId), eq(stocktakes.id, id), eq(stocktakes.status, "open")))
    .returning();
}

/** Inserts a scan once: @returns the row when it is new, null when this scan was already counted. */
export async function insertScan(db: RoomDatabase, row: ScanRow): Promise<ScanRow | null> {
  return (await db.insert(stocktakeScans).values(row).onConflictDoNothing().returning().get()) ?? null;
}

/** One person's latest scans that count, newest first, at most `limit` (by the person's index). */
export function latestScansOf(
  db: RoomDatabase,
  roomId: string,
  stocktakeId: string,
  userId: string,
  limit: number,
): ScanRow[] {
  return db
    .select()
    .from(stocktakeScans)
    .where(
      and(
        eq(stocktakeScans.stocktakeId, stocktakeId),
        eq(stocktakeScans.userId, userId),
        eq(stocktakeScans.roomId, roomId),
        isNull(stocktakeScans.takenBackAt),
        isNull(stocktakeScans.late),
      ),
    )
    .orderBy(desc(stocktakeScans.at))
    .limit(limit)
    .all();
}

/** Items with scans that arrived after the stocktake was applied and wait, by id, at most `limit`. */
export function waitingLateItems(db: RoomDatabase, stocktakeId: string, limit: number): string[] {
  return db
    .selectDistinct({ itemId: stocktakeScans.itemId })
    .from(stocktakeScans)
    .where(
      and(
        eq(stocktakeScans.stocktakeId, stocktakeId),
        eq(stocktakeScans.late, "waiting"),
        isNull(stocktakeScans.takenBackAt),
      ),
    )
    .orderBy(stocktakeScans.itemId)
    .limit(limit)
    .all()
    .map((row) => row.itemId);
}

/** Marks the waiting late scans of these items (all of the stocktake's when none are named) applied or set aside. */
export function markLateScans(
  db: RoomDatabase,
  stocktakeId: string,
  itemIds: readonly string[] | null,
  outcome: Next<typeof LATE_SCAN_MOVES, "waiting">,
) {
  return db
    .update(stocktakeScans)
    .set({ late: move(LATE_SCAN_MOVES, "waiting", outcome) })
    .where(
      and(
        eq(stocktakeScans.stocktakeId, stocktakeId),
        eq(stocktakeScans.late, "waiting"),
        itemIds === null ? undefined : inArray(stocktakeScans.itemId, [...itemIds]),
      ),
    )
    .returning({ id: stocktakeScans.id });
}

/** How many scans wait of each of these stocktakes, having arrived after it was applied. */
export function lateWaitingQuery(db: RoomDatabase, roomId: string, stocktakeIds: readonly string[]) {
  return db
    .select({ stocktakeId: stocktakeScans.stocktakeId, waiting: count() })
    .from(stocktakeScans)
    .where(
      and(
        eq(stocktakeScans.roomId, roomId),
        inArray(stocktakeScans.stocktakeId, [...stocktakeIds]),
        eq(stocktakeScans.late, "waiting"),
        isNull(stocktakeScans.takenBackAt),
      ),
    )
    .groupBy(stocktakeScans.stocktakeId);
}

export async function findScan(db: RoomDatabase, roomId: string, scanId: string): Promise<ScanRow | null> {
  return (
    (await db
      .select()
      .from(stocktakeScans)
      .where(and(eq(stocktakeScans.roomId, roomId), eq(stocktakeScans.id, scanId)))
      .get()) ?? null
  );
}

/** A scan that counts in a stocktake's record: in time, or late and applied. */
const countsNow = sql`(${stocktakeScans.late} IS NULL OR ${stocktakeScans.late} = 'applied')`;

/**
 * The scans that count of these stocktakes, per stocktake and person: how
 * many, and when the first was (past stocktakes' summaries; at most
 * IDS_PER_STATEMENT ids).
 */
export function scansByPersonQuery(db: RoomDatabase, roomId: string, stocktakeIds: readonly string[]) {
  return db
    .select({
      stocktakeId: stocktakeScans.stocktakeId,
      userId: stocktakeScans.userId,
      scans: count(),
      firstAt: min(stocktakeScans.at),
    })
    .from(stocktakeScans)
    .where(
      and(
        eq(stocktakeScans.roomId, roomId),
        inArray(stocktakeScans.stocktakeId, [...stocktakeIds]),
        isNull(stocktakeScans.takenBackAt),
        countsNow,
      ),
    )
    .groupBy(stocktakeScans.stocktakeId, stocktakeScans.userId);
}

/** How many different items each of these stocktakes counted (at most IDS_PER_STATEMENT ids). */
export function itemsCountedQuery(db: RoomDatabase, roomId: string, stocktakeIds: readonly string[]) {
  return db
    .select({ stocktakeId: stocktakeScans.stocktakeId, items: countDistinct(stocktakeScans.itemId) })
    .from(stocktakeScans)
    .where(
      and(
        eq(stocktakeScans.roomId, roomId),
        inArray(stocktakeScans.stocktakeId, [...stocktakeIds]),
        isNull(stocktakeScans.takenBackAt),
        countsNow,
      ),
    )
    .groupBy(stocktakeScans.stocktakeId);
}

/** Marks a scan taken back; @returns whether it counted until now. */
export async function takeBackScan(db: RoomDatabase, roomId: string, scanId: string, at: number): Promise<boolean> {
  const changed = await db
    .update(stocktakeScans)
    .set({ takenBackAt: at })
    .where(and(eq(stocktakeScans.roomId, roomId), eq(stocktakeScans.id, scanId), isNull(stocktakeScans.takenBackAt)))
    .returning({ id: stocktakeScans.id })
    .all();
  return changed.length > 0;
}
