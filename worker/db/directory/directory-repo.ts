/**
 * The directory entries that lead into a room (directory-schema.ts), as
 * routes and jobs read them to find a room without waking every room. The
 * room writes them through its outbox (directory-outbox.ts).
 */
import { asc, eq, gt } from "drizzle-orm";
import type { Database } from "./database";
import { fileRooms, storeShops } from "./schema";

/** Rooms connected to a store, by id, the next `limit` after `afterId` (a job walks them a page at a time). */
export async function connectedRoomsAfter(db: Database, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ roomId: storeShops.roomId })
    .from(storeShops)
    .where(gt(storeShops.roomId, afterId))
    .orderBy(asc(storeShops.roomId))
    .limit(limit)
    .all();
  return rows.map((row) => row.roomId);
}

export async function roomOfFile(db: Database, fileId: string): Promise<string | null> {
  return (await db.select().from(fileRooms).where(eq(fileRooms.fileId, fileId)).get())?.roomId ?? null;
}
