/**
 * Putting a room back as it was at an earlier time (Durable Objects'
 * point-in-time recovery: any moment of the last 30 days). The object's
 * own SQLite goes back whole — items, history, files' records, orders,
 * stocktakes — and restarts; what it owed the directory goes back with it,
 * so once restarted it owes the directory every entry again
 * (`resendDirectory`): its name and currency, its shop, its files.
 * Memberships live in the directory and do not change.
 */
import { LiveError } from "../../protocol/errors";
import { owedToDirectory } from "../db/room/directory-outbox";
import { listRoomFiles } from "../db/room/files-repo";
import { runTogether } from "../db/room/room-database";
import { findStoreConnection } from "../db/room/store-repo";
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
