/**
 * Cron: removes R2 objects that no file record accounts for — bytes left by
 * a finish that failed between storage and its record, or by anything else that
 * went wrong — once they are a day old (a finish in progress is never that
 * old). A bounded slice of the bucket per run, in key order; the next run
 * goes on from where this one stopped, and starts over at the end.
 *
 * Keys are `rooms/<roomId>/<collection>/<fileId>/<version>`; an object is
 * kept when its file exists and lists that version.
 */
import { getServerByName } from "partyserver";
import { cronPosition, saveCronPosition } from "../db/directory/cron-state-repo";
import { openDatabase } from "../db/directory/database";
import { existingRooms } from "../db/directory/rooms-repo";
import type { RoomDO } from "../objects/room-do";

export const ORPHAN_AGE_MS = 24 * 3600_000;
const JOB = "orphan-sweep";
const PAGES_PER_RUN = 10;
const PAGE_SIZE = 1000;

/** `{roomId, fileId, version}` of a file object's key, or null for keys that are not file objects. */
export function fileObjectOf(key: string): { roomId: string; fileId: string; version: string } | null {
  const parts = key.split("/");
  if (parts.length !== 5 || parts[0] !== "rooms") return null;
  return { roomId: parts[1] as string, fileId: parts[3] as string, version: parts[4] as string };
}

/**
 * The versions each file has, asked of the rooms that hold them (each room
 * keeps its own file records). A room no longer in the directory was
 * deleted: none of its files exist, and it is not woken to say so.
 */
async function versionsInRooms(env: Env, keys: readonly string[]): Promise<Map<string, Set<string>>> {
  const byRoom = new Map<string, string[]>();
  for (const key of keys) {
    const ref = fileObjectOf(key);
    if (ref) byRoom.set(ref.roomId, [...(byRoom.get(ref.roomId) ?? []), ref.fileId]);
  }
  const known = new Set(await existingRooms(openDatabase(env.DB), [...byRoom.keys()]));
  const versions = new Map<string, Set<string>>();
  for (const [roomId, fileIds] of byRoom) {
    if (!known.has(roomId)) continue;
    const room = await getServerByName(env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
    const found = (await room.fileVersions([...new Set(fileIds)])) as Record<string, string[]>;
    for (const [fileId, names] of Object.entries(found)) versions.set(fileId, new Set(names));
  }
  return versions;
}

export async function sweepOrphanObjects(env: Env, now: number): Promise<{ checked: number; removed: number }> {
  const db = openDatabase(env.DB);
  let startAfter = await cronPosition(db, JOB);
  let checked = 0;
  let removed = 0;
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    const listing = await env.FILES.list({ prefix: "rooms/", limit: PAGE_SIZE, ...(startAfter ? { startAfter } : {}) });
    const old = listing.objects.filter((object) => object.uploaded.getTime() < now - ORPHAN_AGE_MS);
    const files = await versionsInRooms(
      env,
      old.map((object) => object.key),
    );
    const orphans = old
      .filter((object) => {
        const ref = fileObjectOf(object.key);
        return !ref || !files.get(ref.fileId)?.has(ref.version);
      })
      .map((object) => object.key);
    if (orphans.length > 0) await env.FILES.delete(orphans);
    checked += listing.objects.length;
    removed += orphans.length;
    const last = listing.objects.at(-1)?.key;
    if (!listing.truncated || !last) {
      startAfter = "";
      break;
    }
    startAfter = last;
  }
  await saveCronPosition(db, JOB, startAfter, now);
  if (removed > 0) console.log(`cron: removed ${removed} stored file(s) without a record`);
  return { checked, removed };
}
