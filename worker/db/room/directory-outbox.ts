/**
 * The directory entries a room keeps in step (docs/architecture.md §2): its name and
 * currency in `rooms`, its shop in `store_shops`, its files in
 * `file_rooms`. The room writes what it owes D1 into its own outbox in the
 * same transaction as the change itself, so a change is never made without
 * its directory write, and never waits on D1 to be made. A flush sends
 * every write due in one D1 batch; one that fails stays, and is tried again
 * later (the room's alarm), each time with the latest value for its key.
 * Every write sets an entry to a value, so sending one twice is harmless.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../directory/database";
import { fileRooms, rooms, storeShops } from "../directory/schema";
import type { RoomDatabase } from "./room-database";
import { directoryOutbox } from "./room-schema";

export type DirectoryWrite =
  /** The room's name and currency, as the room lists show them. */
  | { kind: "room"; roomId: string; name: string; currency: string; updatedAt: number }
  /** Which shop's webhooks lead here (null: none any more). */
  | { kind: "store-shop"; roomId: string; shop: { domain: string; webhookSecret: string } | null }
  /** Which room a file belongs to (null: the file is gone). */
  | { kind: "file-room"; fileId: string; roomId: string | null };

/** Retries back off from 1 s, doubling, to at most 5 minutes apart. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 5 * 60_000;

function keyOf(write: DirectoryWrite): string {
  switch (write.kind) {
    case "room":
      return "room";
    case "store-shop":
      return "store-shop";
    case "file-room":
      return `file-room:${write.fileId}`;
  }
}

/**
 * The statement that records a directory write (run it in the change's own
 * transaction, e.g. with runTogether); it replaces an unsent write for the
 * same entry and is due at once.
 */
export function owedToDirectory(db: RoomDatabase, write: DirectoryWrite, now: number) {
  const value = JSON.stringify(write);
  return db
    .insert(directoryOutbox)
    .values({ key: keyOf(write), write: value, version: 1, attempts: 0, dueAt: now })
    .onConflictDoUpdate({
      target: directoryOutbox.key,
      set: { write: value, version: sql`${directoryOutbox.version} + 1`, attempts: 0, dueAt: now, lastError: null },
    });
}

function statementFor(directory: Database, write: DirectoryWrite) {
  switch (write.kind) {
    case "room":
      // Never back in time: a retried older write cannot undo a newer one already sent.
      return directory
        .update(rooms)
        .set({ name: write.name, currency: write.currency, updatedAt: write.updatedAt })
        .where(and(eq(rooms.id, write.roomId), lte(rooms.updatedAt, write.updatedAt)));
    case "store-shop":
      if (!write.shop) return directory.delete(storeShops).where(eq(storeShops.roomId, write.roomId));
      // Only while the room exists: a write owed by a room deleted meanwhile must not block the others.
      return directory
        .insert(storeShops)
        .select(
          sql`SELECT ${write.roomId}, ${write.shop.domain}, ${write.shop.webhookSecret} WHERE EXISTS (SELECT 1 FROM rooms WHERE id = ${write.roomId})`,
        )
        .onConflictDoUpdate({
          target: storeShops.roomId,
          set: { shopDomain: write.shop.domain, webhookSecret: write.shop.webhookSecret },
        });
    case "file-room":
      if (!write.roomId) return directory.delete(fileRooms).where(eq(fileRooms.fileId, write.fileId));
      return directory
        .insert(fileRooms)
        .select(
          sql`SELECT ${write.fileId}, ${write.roomId} WHERE EXISTS (SELECT 1 FROM rooms WHERE id = ${write.roomId})`,
        )
        .onConflictDoUpdate({ target: fileRooms.fileId, set: { roomId: write.roomId } });
  }
}

/** When the next unsent write is due (null: nothing is owed). */
export type FlushResult = { nextDueAt: number | null };

/** How many writes one flush sends at most (one D1 batch). */
export const FLUSH_BATCH = 100;

/**
 * Sends the writes due by `now` (all of them with `everything`) in one D1
 * batch. Sent rows are deleted unless a newer write for the same entry
 * arrived meanwhile; on failure each is due again after its back-off.
 * Answers when the next unsent write is due (null: nothing is owed).
 */
export async function flushDirectoryOutbox(
  db: RoomDatabase,
  directory: Database,
  now: number,
  everything = false,
): Promise<FlushResult> {
  const due = db
    .select()
    .from(directoryOutbox)
    .where(everything ? undefined : lte(directoryOutbox.dueAt, now))
    .orderBy(asc(directoryOutbox.dueAt))
    .limit(FLUSH_BATCH)
    .all();
  if (due.length > 0) {
    const statements = due.map(
      (row) => statementFor(directory, JSON.parse(row.write) as DirectoryWrite) as BatchItem<"sqlite">,
    );
    try {
      await directory.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      db.transaction(() => {
        for (const row of due) {
          db.delete(directoryOutbox)
            .where(and(eq(directoryOutbox.key, row.key), eq(directoryOutbox.version, row.version)))
            .run();
        }
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      db.transaction(() => {
        for (const row of due) {
          const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** row.attempts);
          db.update(directoryOutbox)
            .set({ attempts: row.attempts + 1, dueAt: now + wait, lastError: reason.slice(0, 500) })
            .where(and(eq(directoryOutbox.key, row.key), eq(directoryOutbox.version, row.version)))
            .run();
        }
      });
    }
  }
  const next = db
    .select({ dueAt: directoryOutbox.dueAt })
    .from(directoryOutbox)
    .orderBy(asc(directoryOutbox.dueAt))
    .limit(1)
    .get();
  return { nextDueAt: next?.dueAt ?? null };
}

/** Forgets every unsent write (the room was deleted: its directory entries went with it). */
export function dropDirectoryOutbox(db: RoomDatabase): void {
  db.delete(directoryOutbox).run();
}
