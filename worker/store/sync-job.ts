/**
 * Cron, one pass: rooms connected to a store before rooms kept their own
 * sync schedule (sync-schedule.ts) are woken once each, so they schedule
 * theirs; a room connected since schedules its own when it connects. Walks
 * the directory's connected rooms a bounded page per run (its place kept in
 * cron_state), and stops for good once it has been through them all.
 */
import { getServerByName } from "partyserver";
import { cronPosition, saveCronPosition } from "../db/directory/cron-state-repo";
import { openDatabase } from "../db/directory/database";
import { connectedRoomsAfter } from "../db/directory/directory-repo";
import type { RoomDO } from "../objects/room-do";

const JOB = "store-sync-alarms";
const DONE = "done";
/** Rooms woken per run, a few at a time. */
const ROOMS_PER_RUN = 200;
const CONCURRENT_ROOMS = 8;

export async function scheduleStoreSyncs(env: Env, now: number): Promise<{ woken: number; done: boolean }> {
  const db = openDatabase(env.DB);
  const position = await cronPosition(db, JOB);
  if (position === DONE) return { woken: 0, done: true };
  const rooms = await connectedRoomsAfter(db, position, ROOMS_PER_RUN);
  const queue = [...rooms];
  let woken = 0;
  const next = async (): Promise<void> => {
    for (let roomId = queue.shift(); roomId !== undefined; roomId = queue.shift()) {
      try {
        const room = await getServerByName(env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
        await room.scheduleStoreSync();
        woken++;
      } catch (error) {
        // It schedules its own the next time anything wakes it.
        console.error(`cron: room ${roomId} could not be woken to schedule its store sync`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_ROOMS }, next));
  const done = rooms.length < ROOMS_PER_RUN;
  await saveCronPosition(db, JOB, done ? DONE : (rooms.at(-1) ?? position), now);
  return { woken, done };
}
