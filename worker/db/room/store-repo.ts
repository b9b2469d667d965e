/** D1 access for a room's store connection (one row per room; secrets arrive here already sealed). */
import { and, eq } from "drizzle-orm";
import type { RoomDatabase } from "./room-database";
import { type StoreConnectionRow, storeConnections } from "./room-schema";

export async function findStoreConnection(db: RoomDatabase, roomId: string): Promise<StoreConnectionRow | null> {
  return (await db.select().from(storeConnections).where(eq(storeConnections.roomId, roomId)).get()) ?? null;
}

/** What connecting saves: the credentials and shop; the sync's progress is the sync's own. */
export type NewStoreConnection = Omit<
  StoreConnectionRow,
  "productsSyncedTo" | "ordersSyncedTo" | "customersSyncedTo" | "lastSyncAt" | "lastSyncError"
>;

/**
 * Saves a connection, replacing the room's earlier one (a reconnect is a new
 * connection). The sync's marks and outcome are not the connection's: they
 * stay, and `forgetSyncState` clears them when the shop changes.
 */
export function saveStoreConnectionQuery(db: RoomDatabase, row: NewStoreConnection) {
  const { roomId, ...rest } = row;
  return db.insert(storeConnections).values(row).onConflictDoUpdate({ target: storeConnections.roomId, set: rest });
}

/**
 * Stores a renewed access token, only if the connection still holds the
 * credentials it was made from (`secret`, sealed with a random IV, differs
 * on every save): a renewal that finishes after a reconnect or disconnect
 * writes nothing. Answers whether it wrote.
 */
export async function saveCachedToken(
  db: RoomDatabase,
  roomId: string,
  basedOnSecret: string,
  accessToken: string,
  expiresAt: number,
): Promise<boolean> {
  const updated = await db
    .update(storeConnections)
    .set({ accessToken, accessTokenExpiresAt: expiresAt })
    .where(and(eq(storeConnections.roomId, roomId), eq(storeConnections.secret, basedOnSecret)))
    .returning({ roomId: storeConnections.roomId })
    .all();
  return updated.length > 0;
}

/** Keeps the shop's name as the store last gave it (for the same credentials, like `saveCachedToken`). */
export async function setStoreShopName(
  db: RoomDatabase,
  roomId: string,
  basedOnSecret: string,
  shopName: string,
  now: number,
): Promise<void> {
  await db
    .update(storeConnections)
    .set({ shopName, updatedAt: now })
    .where(and(eq(storeConnections.roomId, roomId), eq(storeConnections.secret, basedOnSecret)))
    .run();
}

export function deleteStoreConnectionQuery(db: RoomDatabase, roomId: string) {
  return db
    .delete(storeConnections)
    .where(eq(storeConnections.roomId, roomId))
    .returning({ roomId: storeConnections.roomId });
}

export type SyncKind = "products" | "orders" | "customers";

const MARK_COLUMN = {
  products: "productsSyncedTo",
  orders: "ordersSyncedTo",
  customers: "customersSyncedTo",
} as const satisfies Record<SyncKind, keyof StoreConnectionRow>;

export function syncMark(row: StoreConnectionRow, kind: SyncKind): number | null {
  return row[MARK_COLUMN[kind]];
}

/** A kind synchronised up to `updatedTo` (for the same credentials only, like `saveCachedToken`). */
export async function saveSyncMark(
  db: RoomDatabase,
  roomId: string,
  basedOnSecret: string,
  kind: SyncKind,
  updatedTo: number | null,
): Promise<void> {
  await db
    .update(storeConnections)
    .set({ [MARK_COLUMN[kind]]: updatedTo })
    .where(and(eq(storeConnections.roomId, roomId), eq(storeConnections.secret, basedOnSecret)))
    .run();
}

/** Another shop: no sync of this room has run against it yet. */
export async function forgetSyncState(db: RoomDatabase, roomId: string): Promise<void> {
  await db
    .update(storeConnections)
    .set({
      productsSyncedTo: null,
      ordersSyncedTo: null,
      customersSyncedTo: null,
      lastSyncAt: null,
      lastSyncError: "",
    })
    .where(eq(storeConnections.roomId, roomId))
    .run();
}

export async function saveSyncOutcome(db: RoomDatabase, roomId: string, at: number, error: string): Promise<void> {
  await db
    .update(storeConnections)
    .set({ lastSyncAt: at, lastSyncError: error })
    .where(eq(storeConnections.roomId, roomId))
    .run();
}
