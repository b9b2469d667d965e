import { eq, inArray } from "drizzle-orm";
import type { RoomDoc } from "../../../protocol/api";
import { chunks } from "../room/items-repo";
import type { Database } from "./database";
import { type RoomRow, rooms } from "./schema";

export function toRoomDoc(row: RoomRow): RoomDoc {
  return {
    _id: row.id,
    name: row.name,
    currency: row.currency,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

export async function findRoom(db: Database, id: string): Promise<RoomRow | null> {
  return (await db.select().from(rooms).where(eq(rooms.id, id)).get()) ?? null;
}

/** Which of these room ids still exist (at most IDS_PER_STATEMENT per statement). */
export async function existingRooms(db: Database, ids: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    chunks(ids).map((part) => db.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, part)).all()),
  );
  return found.flat().map((row) => row.id);
}
