/**
 * The catalogue's tag filter reads `item_tags` (room migration 0023), which
 * triggers keep on every write. A room that had items before that migration
 * indexes their tags after it opens, 500 items a chunk, as a backfill
 * (backfills.ts); until it has, the filter reads each item's tags itself
 * (worker/db/room/items-window-repo.ts).
 */
import { ITEM_TAGS_INDEXED, stateWrite } from "../db/room/room-state";
import type { Backfill } from "./backfills";
import { BULK_CHUNK, type BulkKind } from "./bulk-jobs";

export const TAGS_BACKFILL: Backfill = { kind: "item-tags", doneKey: ITEM_TAGS_INDEXED };

/** One chunk: the next 500 items by id, their tags indexed (again, harmlessly, where a trigger already did). */
export const indexTags: BulkKind = {
  async chunk(host, job, commit) {
    const sql = host.roomDb.$client.sql;
    const ids = sql
      .exec<{ id: string }>("SELECT id FROM items WHERE id > ? ORDER BY id LIMIT ?", job.cursor, BULK_CHUNK)
      .toArray();
    const last = ids.at(-1)?.id ?? job.cursor;
    const finished = ids.length < BULK_CHUNK;
    const now = host.now();
    commit(
      [
        {
          all: () =>
            sql
              .exec(
                `INSERT OR IGNORE INTO item_tags (tag, item_id)
                 SELECT value, items.id FROM items, json_each(items.tags) WHERE items.id > ? AND items.id <= ?`,
                job.cursor,
                last,
              )
              .toArray(),
        },
        ...(finished ? [stateWrite(host.roomDb, ITEM_TAGS_INDEXED, String(now), now)] : []),
      ],
      { cursor: last, done: job.done + ids.length, result: {}, finished },
    );
  },
};
