import { desc, eq } from "drizzle-orm";
import type { RoomDoc } from "../../protocol/api";
import { type Database, newId } from "./database";
import { type RoomRow, rooms } from "./schema";

export function toRoomDoc(row: RoomRow): RoomDoc {
  return { _id: row.id, name: row.name, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

export async function createRoom(db: Database, name: string, now = Date.now()): Promise<RoomRow> {
  const row: RoomRow = { id: newId(), name, createdAt: now, updatedAt: now };
  await db.insert(rooms).values(row);
  return row;
}

export async function findRoom(db: Database, id: string): Promise<RoomRow | null> {
  return (await db.select().from(rooms).where(eq(rooms.id, id)).get()) ?? null;
}

export async function renameRoom(db: Database, id: string, name: string, now = Date.now()): Promise<RoomRow | null> {
  return (await db.update(rooms).set({ name, updatedAt: now }).where(eq(rooms.id, id)).returning().get()) ?? null;
}

/** Most recently changed first. Until accounts arrive every room is listed. */
export async function listRooms(db: Database, limit = 200): Promise<RoomRow[]> {
  return db.select().from(rooms).orderBy(desc(rooms.updatedAt)).limit(limit).all();
}
