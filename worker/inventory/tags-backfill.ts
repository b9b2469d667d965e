/**
 * The catalogue's tag filter reads `item_tags` (room migration 0023), which
 * triggers keep on every write. A room that had items before that migration
 * indexes their tags after it opens, 500 items a chunk, as a backfill
 * (backfills.ts); until it has, the filter reads each item's tags itself
 * (worker/db/room/items-window-repo.ts).
 */
import { ITEM_TAGS_INDEXED } from "../db/room/room-state";
import type { Backfill } from "./backfills";
import { itemIndexBackfill } from "./index-backfill";

export const TAGS_BACKFILL: Backfill = { kind: "item-tags", doneKey: ITEM_TAGS_INDEXED };

export const indexTags = itemIndexBackfill(
  ITEM_TAGS_INDEXED,
  `INSERT OR IGNORE INTO item_tags (tag, item_id)
   SELECT value, items.id FROM items, json_each(items.tags) WHERE items.rowid > ?1 AND items.rowid <= ?2`,
);
