/**
 * Reads a room's own SQLite from a test, as the room keeps it (docs/architecture.md §2):
 * the rows a test checks live in the room's RoomDO, not in D1.
 */
import { env, runInDurableObject } from "cloudflare:test";

type Row = Record<string, SqlStorageValue>;

/** The room's RoomDO (waking it runs no onStart: that waits for its first request through the Worker). */
export function roomStub(roomId: string) {
  const namespace = env.ROOM as unknown as DurableObjectNamespace;
  return namespace.get(namespace.idFromName(roomId));
}

/** Every row a statement answers in the room's own SQLite. */
export function roomRows<T = Row>(roomId: string, query: string, ...binds: SqlStorageValue[]): Promise<T[]> {
  return runInDurableObject(roomStub(roomId), (_, state) => state.storage.sql.exec(query, ...binds).toArray() as T[]);
}

/** The first row a statement answers in the room's own SQLite, or null. */
export async function roomRow<T = Row>(roomId: string, query: string, ...binds: SqlStorageValue[]): Promise<T | null> {
  return (await roomRows<T>(roomId, query, ...binds))[0] ?? null;
}
