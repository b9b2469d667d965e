/**
 * Cron: deletes the previous release's copies of rooms' rows from D1's
 * shared tables once the room has moved them into its own SQLite
 * (room-upgrade.ts marks `rooms.rows_moved_at`), and a day has passed — a
 * release rolled back within the day still finds them. Bounded per run (the
 * next run takes the rest); child tables first, so nothing points at a
 * deleted row meanwhile.
 */
import { MOVED_TABLES } from "../room/room-database";

/** How long moved rows stay in D1 after the move. */
export const MOVED_ROWS_KEPT_MS = 24 * 3600_000;
/** Rows deleted per statement, and statements per run. */
const ROWS_PER_DELETE = 1_000;
const DELETES_PER_RUN = 40;

/** Deletes moved rows (see above); answers how many it deleted this run. */
export async function deleteMovedRows(d1: D1Database, now: number): Promise<number> {
  let deleted = 0;
  let statements = 0;
  for (const table of [...MOVED_TABLES].reverse()) {
    while (statements < DELETES_PER_RUN) {
      statements++;
      const { meta } = await d1
        .prepare(
          `DELETE FROM ${table} WHERE rowid IN (
             SELECT t.rowid FROM ${table} t JOIN rooms r ON r.id = t.room_id
             WHERE r.rows_moved_at IS NOT NULL AND r.rows_moved_at <= ?
             LIMIT ${ROWS_PER_DELETE})`,
        )
        .bind(now - MOVED_ROWS_KEPT_MS)
        .run();
      deleted += meta.changes;
      if (meta.changes < ROWS_PER_DELETE) break;
    }
  }
  return deleted;
}
