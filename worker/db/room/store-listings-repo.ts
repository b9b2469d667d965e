/** D1 access for items published to the room's store (see `storeListings` in schema.ts). */
import { and, eq, ne, sql } from "drizzle-orm";
import type { RoomDatabase } from "./room-database";
import { type StoreListingRow, storeListings } from "./room-schema";

export async function findListing(db: RoomDatabase, roomId: string, itemId: string): Promise<StoreListingRow | null> {
  return (
    (await db
      .select()
      .from(storeListings)
      .where(and(eq(storeListings.roomId, roomId), eq(storeListings.itemId, itemId)))
      .get()) ?? null
  );
}

export async function saveListing(db: RoomDatabase, row: StoreListingRow): Promise<void> {
  const { roomId, itemId, ...rest } = row;
  await db
    .insert(storeListings)
    .values(row)
    .onConflictDoUpdate({ target: [storeListings.roomId, storeListings.itemId], set: rest })
    .run();
}

export async function setListingState(
  db: RoomDatabase,
  roomId: string,
  itemId: string,
  state: StoreListingRow["state"],
): Promise<void> {
  await db
    .update(storeListings)
    .set({ state })
    .where(and(eq(storeListings.roomId, roomId), eq(storeListings.itemId, itemId)))
    .run();
}

/** The product is gone from the store (deleted there, or the item was removed here). */
export async function deleteListingsOfProduct(db: RoomDatabase, roomId: string, productId: string): Promise<void> {
  await db
    .delete(storeListings)
    .where(and(eq(storeListings.roomId, roomId), eq(storeListings.productId, productId)))
    .run();
}

/** The room's items that are on sale in its store now. */
export async function activeListings(db: RoomDatabase, roomId: string): Promise<StoreListingRow[]> {
  return db
    .select()
    .from(storeListings)
    .where(and(eq(storeListings.roomId, roomId), eq(storeListings.state, "active")))
    .all();
}

/**
 * The item on sale in the store under this handle (a scanned store page
 * label, whose key is the handle in lower case), by the partial index of
 * the handle in lower case (the `<> ''` lets SQLite use it).
 */
export function findActiveListingByHandle(db: RoomDatabase, roomId: string, handle: string): StoreListingRow | null {
  return (
    db
      .select()
      .from(storeListings)
      .where(
        and(
          sql`lower(${storeListings.handle}) = ${handle.toLowerCase()}`,
          ne(storeListings.handle, ""),
          eq(storeListings.roomId, roomId),
          eq(storeListings.state, "active"),
        ),
      )
      .get() ?? null
  );
}

/** Whether this product's item was deleted here (its listing kept as a marker so no sync brings it back). */
export async function listingRemoved(db: RoomDatabase, roomId: string, productId: string): Promise<boolean> {
  const row = await db
    .select({ state: storeListings.state })
    .from(storeListings)
    .where(
      and(eq(storeListings.roomId, roomId), eq(storeListings.productId, productId), eq(storeListings.state, "removed")),
    )
    .get();
  return row !== undefined;
}

/** The item was deleted here: its listing stays only as a marker. */
export async function markListingRemoved(
  db: RoomDatabase,
  roomId: string,
  itemId: string,
): Promise<StoreListingRow | null> {
  const [row] = await db
    .update(storeListings)
    .set({ state: "removed" })
    .where(and(eq(storeListings.roomId, roomId), eq(storeListings.itemId, itemId)))
    .returning()
    .all();
  return row ?? null;
}

/** Every listing of the room (the room connected another shop: none of them is there). */
export async function deleteRoomListings(db: RoomDatabase, roomId: string): Promise<void> {
  await db.delete(storeListings).where(eq(storeListings.roomId, roomId)).run();
}
