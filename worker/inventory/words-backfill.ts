/**
 * Searches of one or two letters read `items_words` (room migration 0024),
 * which triggers keep on every write. A room that had items before that
 * migration indexes their words after it opens, 500 items a chunk, as a
 * backfill (backfills.ts); until it has, such a search looks in each item's
 * text itself (worker/db/room/items-window-repo.ts).
 */
import { ITEM_WORDS_INDEXED, stateWrite } from "../db/room/room-state";
import type { Backfill } from "./backfills";
import { BULK_CHUNK, type BulkKind } from "./bulk-jobs";

export const WORDS_BACKFILL: Backfill = { kind: "item-words", doneKey: ITEM_WORDS_INDEXED };

/** One chunk: the next 500 items by rowid, their words indexed (again, harmlessly, where a trigger already did). */
export const indexWords: BulkKind = {
  async chunk(host, job, commit) {
    const sql = host.roomDb.$client.sql;
    const after = Number(job.cursor || 0);
    const rowids = sql
      .exec<{ rowid: number }>("SELECT rowid FROM items WHERE rowid > ? ORDER BY rowid LIMIT ?", after, BULK_CHUNK)
      .toArray();
    const last = rowids.at(-1)?.rowid ?? after;
    const finished = rowids.length < BULK_CHUNK;
    const now = host.now();
    commit(
      [
        {
          all: () =>
            sql
              .exec(
                `INSERT OR REPLACE INTO items_words (rowid, words)
                 SELECT rowid, title || ' ' || sku || ' ' || location || ' ' || description || ' ' || tags || ' ' || barcode
                 FROM items WHERE rowid > ? AND rowid <= ?`,
                after,
                last,
              )
              .toArray(),
        },
        ...(finished ? [stateWrite(host.roomDb, ITEM_WORDS_INDEXED, String(now), now)] : []),
      ],
      { cursor: String(last), done: job.done + rowids.length, result: {}, finished },
    );
  },
};
