/**
 * The directory entries that lead into a room (directory-schema.ts): the
 * room writes them when it connects a store or finishes a file; routes read
 * them to find the room without waking every room.
 */
import { eq } from "drizzle-orm";
import type { Database } from "./database";
import { fileRooms, storeShops } from "./schema";

export async function setStoreShop(db: Database, roomId: string, shopDomain: string, webhookSecret: string) {
  await db
    .insert(storeShops)
    .values({ roomId, shopDomain, webhookSecret })
    .onConflictDoUpdate({ target: storeShops.roomId, set: { shopDomain, webhookSecret } });
}

export async function clearStoreShop(db: Database, roomId: string): Promise<void> {
  await db.delete(storeShops).where(eq(storeShops.roomId, roomId));
}

/** Every room connected to this shop (a webhook names the shop, not the room). */
export async function roomsOfShop(db: Database, shopDomain: string) {
  return db.select().from(storeShops).where(eq(storeShops.shopDomain, shopDomain)).all();
}

export async function listConnectedRooms(db: Database): Promise<string[]> {
  const rows = await db.select({ roomId: storeShops.roomId }).from(storeShops).all();
  return rows.map((row) => row.roomId);
}

export async function recordFileRoom(db: Database, fileId: string, roomId: string): Promise<void> {
  await db.insert(fileRooms).values({ fileId, roomId }).onConflictDoNothing();
}

export async function forgetFileRoom(db: Database, fileId: string): Promise<void> {
  await db.delete(fileRooms).where(eq(fileRooms.fileId, fileId));
}

export async function roomOfFile(db: Database, fileId: string): Promise<string | null> {
  return (await db.select().from(fileRooms).where(eq(fileRooms.fileId, fileId)).get())?.roomId ?? null;
}
