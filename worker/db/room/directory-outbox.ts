/**
 * The directory entries a room keeps in step (docs/architecture.md §2): its name and
 * currency in `rooms`, its shop in `store_shops`, its files in
 * `file_rooms`, its labels' codes in `share_codes`. The room writes what it owes D1 into its own outbox in the
 * same transaction as the change itself, so a change is never made without
 * its directory write, and never waits on D1 to be made. A flush sends the
 * writes due that have not failed yet in one D1 batch; when that fails they
 * are tried again later (the room's alarm, and whenever the room wakes),
 * each time with the latest value for its key — then each on its own, so
 * a write D1 always refuses holds back no other. One that has failed
 * SET_ASIDE_AFTER times is set aside: reported once, and tried again
 * minutes apart (at most LAST_RETRY_MS). Every write sets an entry to a
 * value, so sending one twice is harmless.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../directory/database";
import { fileRooms, rooms, shareCodes, storeShops } from "../directory/schema";
import type { RoomDatabase } from "./room-database";
import { directoryOutbox } from "./room-schema";

export type DirectoryWrite =
  /** The room's name and currency, as the room lists show them. */
  | { kind: "room"; roomId: string; name: string; currency: string; updatedAt: number }
  /** Which shop's webhooks lead here (null: none any more). */
  | { kind: "store-shop"; roomId: string; shop: { domain: string; webhookSecret: string } | null }
  /** Which room a file belongs to (null: the file is gone). */
  | { kind: "file-room"; fileId: string; roomId: string | null }
  /** A label's short code, for the share route (`/s/<code>`) to find its item; made once, never changed. */
  | { kind: "share-code"; code: string; roomId: string; itemId: string; createdAt: number };

/** Retries back off from 1 s, doubling, to at most 5 minutes apart. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 5 * 60_000;
/** Failed tries after which a write is set aside (about 4 minutes of backing off). */
export const SET_ASIDE_AFTER = 8;
/** Writes that failed before sent one at a time per flush, at most (the rest wait for the next). */
const ALONE_PER_FLUSH = 20;

function keyOf(write: DirectoryWrite): string {
  switch (write.kind) {
    case "room":
      return "room";
    case "store-shop":
      return "store-shop";
    case "file-room":
      return `file-room:${write.fileId}`;
    case "share-code":
      return `share-code:${write.code}`;
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
    case "share-code":
      return directory
        .insert(shareCodes)
        .select(
          sql`SELECT ${write.code}, ${write.roomId}, ${write.itemId}, ${write.createdAt} WHERE EXISTS (SELECT 1 FROM rooms WHERE id = ${write.roomId})`,
        )
        .onConflictDoNothing();
  }
}

/** When the next unsent write is due (null: nothing is owed). */
export type FlushResult = { nextDueAt: number | null };

/** How many writes one flush sends at most (one D1 batch). */
export const FLUSH_BATCH = 100;

type OutboxRow = typeof directoryOutbox.$inferSelect;

/** Sends these rows in one D1 batch; answers why it failed, or null once they are sent (and forgotten). */
async function send(db: RoomDatabase, directory: Database, rows: readonly OutboxRow[]): Promise<string | null> {
  const statements = rows.map(
    (row) => statementFor(directory, JSON.parse(row.write) as DirectoryWrite) as BatchItem<"sqlite">,
  );
  try {
    await directory.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).slice(0, 500);
  }
  db.transaction(() => {
    // Unless a newer write for the same entry arrived meanwhile.
    for (const row of rows) {
      db.delete(directoryOutbox)
        .where(and(eq(directoryOutbox.key, row.key), eq(directoryOutbox.version, row.version)))
        .run();
    }
  });
  return null;
}

/** These rows failed: each is due again after its back-off; one failing for the SET_ASIDE_AFTER-th time is reported. */
function failed(db: RoomDatabase, rows: readonly OutboxRow[], reason: string, now: number): void {
  db.transaction(() => {
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** row.attempts);
      if (attempts === SET_ASIDE_AFTER) {
        console.error(`directory: the write of ${row.key} is set aside after ${attempts} tries: ${reason}`);
      }
      db.update(directoryOutbox)
        .set({ attempts, dueAt: now + wait, lastError: reason })
        .where(and(eq(directoryOutbox.key, row.key), eq(directoryOutbox.version, row.version)))
        .run();
    }
  });
}

/**
 * Sends the writes due by `now` (all of them with `everything`): those not
 * tried before in one D1 batch, those that failed before one at a time.
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
  const fresh = due.filter((row) => row.attempts === 0);
  if (fresh.length > 0) {
    const reason = await send(db, directory, fresh);
    if (reason !== null) failed(db, fresh, reason, now);
  }
  for (const row of due.filter((each) => each.attempts > 0).slice(0, ALONE_PER_FLUSH)) {
    const reason = await send(db, directory, [row]);
    if (reason !== null) failed(db, [row], reason, now);
  }
  const next = db
    .select({ dueAt: directoryOutbox.dueAt })
    .from(directoryOutbox)
    .orderBy(asc(directoryOutbox.dueAt))
    .limit(1)
    .get();
  return { nextDueAt: next?.dueAt ?? null };
}
