/** D1 access for items published to the room's store (see `storeListings` in schema.ts). */
import { and, eq } from "drizzle-orm";
import type { Database } from "./database";
import { type StoreListingRow, storeListings } from "./schema";

export async function findListing(db: Database, roomId: string, itemId: string): Promise<StoreListingRow | null> {
  return (
    (await db
      .select()
      .from(storeListings)
      .where(and(eq(storeListings.roomId, roomId), eq(storeListings.itemId, itemId)))
      .get()) ?? null
  );
}

export async function saveListing(db: Database, row: StoreListingRow): Promise<void> {
  const { roomId, itemId, ...rest } = row;
  await db
    .insert(storeListings)
    .values(row)
    .onConflictDoUpdate({ target: [storeListings.roomId, storeListings.itemId], set: rest })
    .run();
}

export async function setListingState(
  db: Database,
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
export async function deleteListingsOfProduct(db: Database, roomId: string, productId: string): Promise<void> {
  await db
    .delete(storeListings)
    .where(and(eq(storeListings.roomId, roomId), eq(storeListings.productId, productId)))
    .run();
}

/** The room's items that are on sale in its store now. */
export async function activeListings(db: Database, roomId: string): Promise<StoreListingRow[]> {
  return db
    .select()
    .from(storeListings)
    .where(and(eq(storeListings.roomId, roomId), eq(storeListings.state, "active")))
    .all();
}
