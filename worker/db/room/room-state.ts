/**
 * The room's own bookkeeping, by key (`room_state`): how far its copy from
 * D1 got (room-upgrade.ts), its own record as the directory lists it
 * (rooms/room-record.ts), and the like. Values are text (JSON where needed).
 */
import { eq } from "drizzle-orm";
import type { RoomDatabase } from "./room-database";
import { roomState } from "./room-schema";

/**
 * Set once the labels' codes the directory kept for this room are on its
 * items (worker/inventory/share-codes.ts), or from the start for a room made
 * since codes are kept on items.
 */
export const SHARE_CODES_COPIED = "share-codes-copied";

/**
 * Set once every item's tags are in `item_tags` (room migration 0023): by a
 * backfill for a room that had items before it, or from the start for a room
 * made since (worker/inventory/tags-backfill.ts).
 */
export const ITEM_TAGS_INDEXED = "item-tags-indexed";

/**
 * Set once every item's words are in `items_words` (room migration 0024): by
 * a backfill for a room that had items before it, or from the start for a
 * room made since (worker/inventory/words-backfill.ts).
 */
export const ITEM_WORDS_INDEXED = "item-words-indexed";

export function readState(db: RoomDatabase, key: string): string | null {
  return db.select().from(roomState).where(eq(roomState.key, key)).get()?.value ?? null;
}

/** The statement that sets a key (run it alone, or with others in one transaction). */
export function stateWrite(db: RoomDatabase, key: string, value: string, now: number) {
  return db
    .insert(roomState)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: roomState.key, set: { value, updatedAt: now } });
}

export function writeState(db: RoomDatabase, key: string, value: string, now: number): void {
  stateWrite(db, key, value, now).run();
}

export function deleteState(db: RoomDatabase, key: string): void {
  db.delete(roomState).where(eq(roomState.key, key)).run();
}
