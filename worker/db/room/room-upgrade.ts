/**
 * A room made by the previous release keeps its rows in D1's shared tables.
 * On its first wake after the upgrade it copies them into its own SQLite,
 * a chunk at a time, while it already accepts connections and says how far
 * it got (what needs its rows waits; opening-gate.ts): each chunk commits in one
 * transaction together with how far the copy got, so a copy cut off (a
 * restart, an exception) goes on from there; rows are inserted `OR IGNORE`,
 * so a chunk copied twice counts once. Once every table is copied the room
 * says so in the directory (`rooms.rows_moved_at`), and the clean-up job
 * deletes its D1 rows later (legacy-rows-job.ts).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../directory/database";
import { rooms } from "../directory/schema";
import { MOVED_TABLES, type RoomDatabase } from "./room-database";
import { ITEM_TAGS_INDEXED, ITEM_WORDS_INDEXED, readState, SHARE_CODES_COPIED, writeState } from "./room-state";

/** Rows read from D1 per round trip (and written per transaction here). */
export const MOVE_CHUNK_ROWS = 500;

const MOVED = "rows-moved";
const MOVING = "rows-moving";

type Position = { table: number; afterRowId: number };

/** How far a move got: rows copied of the rows the room had in D1 when it began. */
export interface MoveProgress {
  copied: number;
  total: number;
}

/** True once this room serves from its own rows (and has nothing left to copy). */
export function rowsMoved(db: RoomDatabase): boolean {
  return readState(db, MOVED) !== null;
}

/** The room's rows still in D1 after `position`, all tables together, in one round trip. */
async function rowsLeft(d1: D1Database, roomId: string, position: Position): Promise<number> {
  // Every table copied (a move cut off just before it was marked done): nothing left to count.
  if (position.table >= MOVED_TABLES.length) return 0;
  const counts = MOVED_TABLES.slice(position.table).map(
    (table, index) => `(SELECT count(*) FROM ${table} WHERE room_id = ?1${index === 0 ? " AND rowid > ?2" : ""})`,
  );
  const row = await d1
    .prepare(`SELECT ${counts.join(" + ")} AS n`)
    .bind(roomId, position.afterRowId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Copies the room's rows from D1 if it has not yet (see above), telling
 * `progress` after each chunk. Answers how many rows it copied (0 for a
 * room made by this release, or moved before).
 */
export async function moveLegacyRows(
  roomDb: RoomDatabase,
  storage: DurableObjectStorage,
  d1: D1Database,
  directory: Database,
  roomId: string,
  now: () => number,
  progress: (moved: MoveProgress) => void = () => {},
): Promise<number> {
  if (rowsMoved(roomDb)) return 0;
  const room = await directory
    .select({ rowsMovedAt: rooms.rowsMovedAt, createdAt: rooms.createdAt })
    .from(rooms)
    .where(eq(rooms.id, roomId))
    .get();
  let copied = 0;
  // A room made by this release (or already moved, its local mark lost) has nothing in D1; no room, nothing either.
  if (room && room.rowsMovedAt === null) {
    const saved = readState(roomDb, MOVING);
    const position: Position = saved ? (JSON.parse(saved) as Position) : { table: 0, afterRowId: 0 };
    const total = await rowsLeft(d1, roomId, position);
    progress({ copied, total });
    while (position.table < MOVED_TABLES.length) {
      const table = MOVED_TABLES[position.table] as string;
      const { results } = await d1
        .prepare(`SELECT rowid AS moved_rowid, * FROM ${table} WHERE room_id = ? AND rowid > ? ORDER BY rowid LIMIT ?`)
        .bind(roomId, position.afterRowId, MOVE_CHUNK_ROWS)
        .all<Record<string, unknown>>();
      const last = results.at(-1);
      if (last) position.afterRowId = Number(last.moved_rowid);
      if (results.length < MOVE_CHUNK_ROWS) {
        position.table++;
        position.afterRowId = 0;
      }
      storage.transactionSync(() => {
        for (const { moved_rowid: _, ...row } of results) {
          const columns = Object.keys(row);
          storage.sql.exec(
            `INSERT OR IGNORE INTO ${table} (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
            ...Object.values(row),
          );
        }
        writeState(roomDb, MOVING, JSON.stringify(position), now());
      });
      copied += results.length;
      progress({ copied, total: Math.max(total, copied) });
      // The room takes connections meanwhile: a login's directory reads waiting for their turn go
      // before the next chunk's read, rather than queue behind every chunk still to come.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await directory.update(rooms).set({ rowsMovedAt: now() }).where(eq(rooms.id, roomId));
  } else if (room && room.rowsMovedAt === room.createdAt) {
    // A room made with its rows its own from the start: its labels' codes have always been on its items (a
    // room that moved in and lost its mark copies them, share-codes.ts).
    writeState(roomDb, SHARE_CODES_COPIED, String(now()), now());
    // Its items' tags and words have been indexed by the triggers since its first item (migrations 0023, 0024).
    writeState(roomDb, ITEM_TAGS_INDEXED, String(now()), now());
    writeState(roomDb, ITEM_WORDS_INDEXED, String(now()), now());
  }
  writeState(roomDb, MOVED, String(now()), now());
  return copied;
}
