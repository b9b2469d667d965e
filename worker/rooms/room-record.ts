/**
 * The room's own record (name, currency) as the room keeps it: the room is
 * the only writer of it after it is made, so it keeps a copy in its own
 * SQLite and reads that (items.add, the share page, e-mails) without a D1
 * round trip. A change is made here and owed to the directory, which the
 * room lists of everyone read (directory-outbox.ts).
 */

import { findRoom } from "../db/directory/rooms-repo";
import type { RoomRow } from "../db/directory/schema";
import { owedToDirectory } from "../db/room/directory-outbox";
import { runTogether } from "../db/room/room-database";
import { deleteState, readState, stateWrite } from "../db/room/room-state";
import type { RoomHost } from "./room-host";

const RECORD_KEY = "room-record";

/** The room's record: its own copy, or (once, the first time it is asked) the directory's. Null if the room is gone. */
export async function roomRecord(host: Pick<RoomHost, "roomDb" | "db" | "roomId" | "now">): Promise<RoomRow | null> {
  const kept = readState(host.roomDb, RECORD_KEY);
  if (kept) return JSON.parse(kept) as RoomRow;
  const row = await findRoom(host.db, host.roomId);
  // Read again after the wait: a change made meanwhile wins over what D1 said.
  const meanwhile = readState(host.roomDb, RECORD_KEY);
  if (meanwhile) return JSON.parse(meanwhile) as RoomRow;
  if (row) stateWrite(host.roomDb, RECORD_KEY, JSON.stringify(row), host.now()).run();
  return row;
}

/**
 * Changes the room's record here and owes the directory the same change,
 * in one transaction (send it with host.syncDirectory). Answers the record
 * before and after (null when the room is gone).
 */
export async function changeRoomRecord(
  host: RoomHost,
  change: Partial<Pick<RoomRow, "name" | "currency">>,
): Promise<{ before: RoomRow; after: RoomRow } | null> {
  const before = await roomRecord(host);
  if (!before) return null;
  const now = Math.max(host.now(), before.updatedAt);
  const after: RoomRow = { ...before, ...change, updatedAt: now };
  runTogether(host.roomDb, [
    stateWrite(host.roomDb, RECORD_KEY, JSON.stringify(after), now),
    owedToDirectory(
      host.roomDb,
      { kind: "room", roomId: host.roomId, name: after.name, currency: after.currency, updatedAt: now },
      now,
    ),
  ]);
  return { before, after };
}

/** Forgets the kept record (the room was deleted). */
export function forgetRoomRecord(host: Pick<RoomHost, "roomDb">): void {
  deleteState(host.roomDb, RECORD_KEY);
}
