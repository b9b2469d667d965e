/**
 * The scheduled store sync: every connected room's RoomDO runs an
 * incremental sync (what changed since its last one), a few rooms at a time;
 * one room's failure is logged and does not stop the others. Webhooks bring
 * changes at once; this catches whatever a missed webhook would have lost.
 */
import { getServerByName } from "partyserver";
import { openDatabase } from "../db/database";
import { listConnectedRooms } from "../db/directory-repo";
import type { RoomDO, RpcResult } from "../objects/room-do";

/** Rooms synchronised at the same time. */
const CONCURRENT_ROOMS = 8;

export async function syncAllStores(env: Env): Promise<{ synced: number; failed: number }> {
  const rooms = await listConnectedRooms(openDatabase(env.DB));
  let synced = 0;
  let failed = 0;
  const next = async (): Promise<void> => {
    for (let roomId = rooms.shift(); roomId !== undefined; roomId = rooms.shift()) {
      try {
        const room = await getServerByName(env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
        const result = (await room.syncStore()) as unknown as RpcResult;
        const error = result.ok ? (result.value as { error?: string }).error : result.error.reason;
        if (error) {
          failed++;
          console.error(`cron: store sync of room ${roomId} stopped: ${error}`);
        } else {
          synced++;
        }
      } catch (error) {
        failed++;
        console.error(`cron: store sync of room ${roomId} failed`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_ROOMS }, next));
  return { synced, failed };
}
