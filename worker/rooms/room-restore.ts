/**
 * Putting a room back as it was at an earlier time (Durable Objects'
 * point-in-time recovery: any moment of the last 30 days). The object's
 * own SQLite goes back whole — items, history, files' records, orders,
 * stocktakes — and restarts; what it owed the directory goes back with it,
 * so once restarted it owes the directory every entry again
 * (`resendDirectory`): its name and currency, its shop, its files.
 * Memberships live in the directory and do not change. R2 keeps no
 * history, so a file removed since the moment restored to comes back as a
 * record without bytes: those records go (`dropFilesWithoutBytes`), as a
 * removal would have taken them.
 */
import { COLLECTION } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { owedToDirectory } from "../db/room/directory-outbox";
import { deleteFileQuery, listRoomFiles, toFileDoc } from "../db/room/files-repo";
import { runTogether } from "../db/room/room-database";
import type { FileRow } from "../db/room/room-schema";
import { findStoreConnection } from "../db/room/store-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "./room-host";
import { roomRecord } from "./room-record";

/** How far back a room can go (the platform keeps 30 days). */
export const RESTORE_WINDOW_MS = 30 * 24 * 3600_000;

export const RESTORE_UNAVAILABLE = "Restoring to an earlier time is not available on this server";

/** Checks the time asked for; answers why it cannot be used, or null. */
export function restoreTimeProblem(at: number, now: number): string | null {
  if (!Number.isFinite(at)) return "Choose a date and time to restore to";
  if (at >= now) return "Choose a time in the past";
  if (at < now - RESTORE_WINDOW_MS) return "A room can go back at most 30 days";
  return null;
}

/**
 * Arranges for the object's storage to be as it was at `at` when it next
 * starts. Throws RESTORE_UNAVAILABLE where the runtime keeps no history
 * (local development: workerd has no point-in-time recovery).
 */
export async function prepareRestore(storage: DurableObjectStorage, at: number): Promise<void> {
  let bookmark: string;
  try {
    bookmark = await storage.getBookmarkForTime(at);
  } catch (error) {
    console.warn("rooms: point-in-time recovery refused", error);
    throw new LiveError(501, RESTORE_UNAVAILABLE);
  }
  await storage.onNextSessionRestoreBookmark(bookmark);
}

/** The part of a file's R2 key every file has: its original. */
const ORIGINAL = "/original";

/**
 * After a restore: drops the file records whose original is not in R2 (one
 * listing of the room's prefix, a look-up each for files stored elsewhere
 * by an older release); tells the room's screens, and answers how many went.
 */
export async function dropFilesWithoutBytes(host: RoomHost): Promise<number> {
  const prefix = `rooms/${host.roomId}/`;
  const stored = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await host.bucket.list({ prefix, cursor });
    for (const object of page.objects) {
      if (object.key.endsWith(ORIGINAL)) stored.add(object.key.slice(0, -ORIGINAL.length));
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const gone: FileRow[] = [];
  for (const file of await listRoomFiles(host.roomDb, host.roomId)) {
    const present = file.storagePath.startsWith(prefix)
      ? stored.has(file.storagePath)
      : (await host.bucket.head(`${file.storagePath}${ORIGINAL}`)) !== null;
    if (!present) gone.push(file);
  }
  if (gone.length === 0) return 0;
  runTogether(
    host.roomDb,
    gone.flatMap((file) => [
      deleteFileQuery(host.roomDb, file.id),
      owedToDirectory(host.roomDb, { kind: "file-room", fileId: file.id, roomId: null }, host.now()),
    ]),
  );
  for (const file of gone) {
    host.emit({ collection: COLLECTION.FILES, id: file.id, doc: null, previous: asDoc(toFileDoc(file)) });
  }
  console.warn(`room ${host.roomId}: ${gone.length} file records had no bytes after the restore and were removed`);
  return gone.length;
}

/** After a restore: every directory entry the room keeps is owed again, and sent. */
export async function resendDirectory(host: RoomHost): Promise<number> {
  const now = host.now();
  const record = await roomRecord(host);
  const store = await findStoreConnection(host.roomDb, host.roomId);
  const files = await listRoomFiles(host.roomDb, host.roomId);
  const writes = [
    ...(record
      ? [
          owedToDirectory(
            host.roomDb,
            { kind: "room", roomId: host.roomId, name: record.name, currency: record.currency, updatedAt: now },
            now,
          ),
        ]
      : []),
    owedToDirectory(
      host.roomDb,
      {
        kind: "store-shop",
        roomId: host.roomId,
        shop: store
          ? { domain: store.shopDomain, webhookSecret: store.authKind === "client_credentials" ? store.secret : "" }
          : null,
      },
      now,
    ),
    ...files.map((file) =>
      owedToDirectory(host.roomDb, { kind: "file-room", fileId: file.id, roomId: host.roomId }, now),
    ),
  ];
  runTogether(host.roomDb, writes);
  await host.syncDirectory();
  return writes.length;
}
