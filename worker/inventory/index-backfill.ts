/**
 * A backfill that fills an index kept by triggers (item_tags, items_words)
 * for a room's items from before the index's migration: 500 items by rowid
 * a chunk, each chunk's rows written again (harmlessly, where a trigger
 * already did), the last chunk setting `doneKey` (backfills.ts).
 */
import { stateWrite } from "../db/room/room-state";
import { BULK_CHUNK, type BulkKind } from "./bulk-jobs";

/** `fill`: SQL writing the index of the items whose rowid is above ?1 and at most ?2. */
export function itemIndexBackfill(doneKey: string, fill: string): BulkKind {
  return {
    async chunk(host, job, commit) {
      const sql = host.roomDb.$client.sql;
      // A cursor that is not a rowid (a job of an earlier release) starts again from the first item.
      const after = Number(job.cursor) || 0;
      const rowids = sql
        .exec<{ rowid: number }>("SELECT rowid FROM items WHERE rowid > ? ORDER BY rowid LIMIT ?", after, BULK_CHUNK)
        .toArray();
      const last = rowids.at(-1)?.rowid ?? after;
      const finished = rowids.length < BULK_CHUNK;
      const now = host.now();
      commit(
        [
          { all: () => sql.exec(fill, after, last).toArray() },
          ...(finished ? [stateWrite(host.roomDb, doneKey, String(now), now)] : []),
        ],
        { cursor: String(last), done: job.done + rowids.length, result: {}, finished },
      );
    },
  };
}
