/** The room's store-stock rows (store-stock-tables.ts): variant links, store locations, levels, events seen. */
import { and, asc, eq, gt, inArray, lte, ne, notInArray, sql } from "drizzle-orm";
import type { RoomDatabase, RoomStatement } from "./room-database";
import {
  type StoreLevelRow,
  type StoreLocationRow,
  type StoreVariantRow,
  storeLevels,
  storeLocations,
  storeOutbox,
  storeStockEvents,
  storeVariants,
} from "./store-stock-tables";

export function findVariantLink(
  db: RoomDatabase,
  by: { storeVariantId: string } | { inventoryItemId: string },
): StoreVariantRow | null {
  const where =
    "storeVariantId" in by
      ? eq(storeVariants.storeVariantId, by.storeVariantId)
      : and(eq(storeVariants.inventoryItemId, by.inventoryItemId), ne(storeVariants.inventoryItemId, ""));
  return db.select().from(storeVariants).where(where).get() ?? null;
}

export function variantLinksOfItem(db: RoomDatabase, itemId: string): StoreVariantRow[] {
  return db.select().from(storeVariants).where(eq(storeVariants.itemId, itemId)).all();
}

/**
 * Links store variants to variants here, replacing what either side was
 * linked to before (a variant here is one store variant, and the other way).
 */
export function linkVariantsQueries(db: RoomDatabase, links: readonly StoreVariantRow[]): RoomStatement[] {
  return links.flatMap((link) => [
    db.delete(storeVariants).where(
      sql`(${storeVariants.itemId} = ${link.itemId} AND ${storeVariants.variantId} = ${link.variantId})
          OR (${link.inventoryItemId} <> '' AND ${storeVariants.inventoryItemId} = ${link.inventoryItemId})`,
    ),
    db
      .insert(storeVariants)
      .values(link)
      .onConflictDoUpdate({
        target: storeVariants.storeVariantId,
        set: {
          inventoryItemId: link.inventoryItemId,
          productId: link.productId,
          itemId: link.itemId,
          variantId: link.variantId,
        },
      }),
  ]);
}

/** Every link of a product's variants goes (the product was deleted in the store). */
export function unlinkProductQuery(db: RoomDatabase, productId: string): RoomStatement {
  return db.delete(storeVariants).where(eq(storeVariants.productId, productId));
}

/** The store's locations, in its order. */
export function listStoreLocations(db: RoomDatabase): StoreLocationRow[] {
  return db.select().from(storeLocations).orderBy(asc(storeLocations.position)).all();
}

export function findStoreLocation(db: RoomDatabase, storeLocationId: string): StoreLocationRow | null {
  return db.select().from(storeLocations).where(eq(storeLocations.storeLocationId, storeLocationId)).get() ?? null;
}

/**
 * The store's locations as it lists them now: names and order refreshed,
 * mappings kept, those it no longer lists marked gone.
 */
export function saveStoreLocationsQueries(
  db: RoomDatabase,
  listed: readonly { storeLocationId: string; name: string }[],
): RoomStatement[] {
  const ids = listed.map((location) => location.storeLocationId);
  return [
    db.update(storeLocations).set({ active: false }).where(notInArray(storeLocations.storeLocationId, ids)),
    ...listed.map((location, position) =>
      db
        .insert(storeLocations)
        .values({ ...location, position, active: true })
        .onConflictDoUpdate({
          target: storeLocations.storeLocationId,
          set: { name: location.name, position, active: true },
        }),
    ),
  ];
}

export function mapStoreLocationQuery(db: RoomDatabase, storeLocationId: string, locationId: string): RoomStatement {
  return db
    .update(storeLocations)
    .set({ locationId })
    .where(eq(storeLocations.storeLocationId, storeLocationId))
    .returning();
}

export function findLevel(db: RoomDatabase, inventoryItemId: string, storeLocationId: string): StoreLevelRow | null {
  return (
    db
      .select()
      .from(storeLevels)
      .where(and(eq(storeLevels.inventoryItemId, inventoryItemId), eq(storeLevels.storeLocationId, storeLocationId)))
      .get() ?? null
  );
}

export function saveLevelQuery(db: RoomDatabase, level: StoreLevelRow): RoomStatement {
  const { inventoryItemId, storeLocationId, ...rest } = level;
  return db
    .insert(storeLevels)
    .values(level)
    .onConflictDoUpdate({ target: [storeLevels.inventoryItemId, storeLevels.storeLocationId], set: rest });
}

/** Levels with a change that has settled by `now` (at most `limit`). */
export function settledLevels(db: RoomDatabase, now: number, limit: number): StoreLevelRow[] {
  return db
    .select()
    .from(storeLevels)
    .where(and(gt(storeLevels.settlesAt, 0), lte(storeLevels.settlesAt, now)))
    .limit(limit)
    .all();
}

/** When the next pending change settles (ms), or null when none is pending. */
export function nextSettle(db: RoomDatabase): number | null {
  const row = db
    .select({ at: sql<number | null>`min(${storeLevels.settlesAt})` })
    .from(storeLevels)
    .where(gt(storeLevels.settlesAt, 0))
    .get();
  return row?.at ?? null;
}

/** Which of these store events have moved stock here already. */
export function eventsSeen(db: RoomDatabase, keys: readonly string[]): Set<string> {
  if (keys.length === 0) return new Set();
  const rows = db
    .select({ key: storeStockEvents.key })
    .from(storeStockEvents)
    .where(inArray(storeStockEvents.key, [...keys]))
    .all();
  return new Set(rows.map((row) => row.key));
}

export function recordEventsQuery(db: RoomDatabase, keys: readonly string[], at: number): RoomStatement {
  return db
    .insert(storeStockEvents)
    .values(keys.map((key) => ({ key, at })))
    .onConflictDoNothing();
}

/** The room connects another shop: nothing of the old one's stock applies. */
export function forgetStoreStockQueries(db: RoomDatabase): RoomStatement[] {
  return [
    db.delete(storeVariants),
    db.delete(storeLocations),
    db.delete(storeLevels),
    db.delete(storeStockEvents),
    db.delete(storeOutbox),
  ];
}

/** Whether the store itself has reported a level of this inventory item (its webhooks reach the room). */
export function hasLevels(db: RoomDatabase, inventoryItemId: string): boolean {
  const row = db
    .select({ id: storeLevels.inventoryItemId })
    .from(storeLevels)
    .where(and(eq(storeLevels.inventoryItemId, inventoryItemId), eq(storeLevels.reported, true)))
    .get();
  return row !== undefined;
}

/** Every variant linked to a store inventory item. */
export function linkedInventoryItems(db: RoomDatabase): StoreVariantRow[] {
  return db
    .select()
    .from(storeVariants)
    .where(ne(storeVariants.inventoryItemId, ""))
    .orderBy(asc(storeVariants.itemId))
    .all();
}
