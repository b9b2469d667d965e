/**
 * Backfills: work a schema change leaves to do on a room's existing rows
 * (copy, index, rewrite), done after the room opens as a bulk job of 500-row
 * chunks, each its own transaction and its own turn of the write queue —
 * never inside the migration, which runs before the room serves and must
 * stay quick on a 100,000-item room (docs/operations.md §5). The room serves
 * meanwhile; a restart goes on from the last chunk (bulk-jobs.ts); the
 * job's last chunk sets the room's `doneKey` (room-state.ts), so a room
 * backfills once. What reads the rows must do without the backfill until it
 * is done (share-codes.ts looks a code up in the directory meanwhile).
 */
import { readState } from "../db/room/room-state";
import type { RoomHost } from "../rooms/room-host";
import { type BulkKindName, runBulkJob, runningJobOn, startBulkJobNow } from "./bulk-jobs";

export interface Backfill {
  /** Its bulk job's kind (registered with its chunk by its feature). */
  kind: BulkKindName;
  /** The room-state key its last chunk sets. */
  doneKey: string;
}

export const backfillDone = (host: RoomHost, backfill: Backfill) => readState(host.roomDb, backfill.doneKey) !== null;

/** Once the room is open: starts the backfill unless it is done or under way (a restart's goes on by itself). */
export function startBackfill(host: RoomHost, backfill: Backfill): void {
  if (backfillDone(host, backfill) || runningJobOn(host, backfill.kind, "")) return;
  host.background(`backfill ${backfill.kind}`, async () => {
    const id = await host.writes.run(async () =>
      startBulkJobNow(host, { kind: backfill.kind, params: {}, total: 0, startedBy: "" }),
    );
    await runBulkJob(host, id);
  });
}
