/**
 * Each connected room syncs its store from its own alarm (docs/architecture.md §3), not
 * from one cron job walking every room: every SYNC_EVERY_MS, give or take a
 * fifth, so rooms connected at the same moment drift apart and the store
 * API and D1 see an even trickle rather than a wave every ten minutes. The
 * first sync after a room starts keeping its own schedule falls anywhere in
 * the first interval, for the same reason. Webhooks bring changes at once;
 * this catches whatever a missed webhook would have lost.
 */

import { deleteState, readState, writeState } from "../db/room/room-state";
import { findStoreConnection } from "../db/room/store-repo";
import type { RoomHost } from "../rooms/room-host";
import { storeRuntime } from "./store-runtime";

export const SYNC_EVERY_MS = 10 * 60_000;
const DUE_KEY = "store-sync-due";

const jittered = (now: number, random: () => number) => now + Math.round(SYNC_EVERY_MS * (0.8 + 0.4 * random()));

/**
 * Makes sure a connected room has its next sync scheduled (and a room
 * without a store has none). Answers when it is due, or null.
 */
export async function keepStoreSyncScheduled(host: RoomHost, random = Math.random): Promise<number | null> {
  if (!(await findStoreConnection(host.roomDb, host.roomId))) {
    deleteState(host.roomDb, DUE_KEY);
    return null;
  }
  const due = readState(host.roomDb, DUE_KEY);
  if (due !== null) return Number(due);
  const first = host.now() + Math.round(SYNC_EVERY_MS * random());
  writeState(host.roomDb, DUE_KEY, String(first), host.now());
  return first;
}

/**
 * From the room's alarm: starts the sync if it is due (in the background;
 * the alarm does not wait for the store), and schedules the next one.
 * Answers when the next is due, or null when the room has no store.
 */
export async function runDueStoreSync(host: RoomHost, random = Math.random): Promise<number | null> {
  const due = await keepStoreSyncScheduled(host, random);
  if (due === null || due > host.now()) return due;
  const next = jittered(host.now(), random);
  writeState(host.roomDb, DUE_KEY, String(next), host.now());
  host.background("store: scheduled sync", async () => {
    const outcome = await storeRuntime(host).sync.run(host, false);
    if (outcome.error) console.error(`store: scheduled sync of room ${host.roomId} stopped: ${outcome.error}`);
  });
  return next;
}
