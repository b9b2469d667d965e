/**
 * Searches of one or two letters read `items_words` (room migration 0024),
 * which triggers keep on every write. A room that had items before that
 * migration indexes their words after it opens, 500 items a chunk, as a
 * backfill (backfills.ts); until it has, such a search looks in each item's
 * text itself (worker/db/room/items-window-repo.ts).
 */
import { ITEM_WORDS_INDEXED } from "../db/room/room-state";
import type { Backfill } from "./backfills";
import { itemIndexBackfill } from "./index-backfill";

export const WORDS_BACKFILL: Backfill = { kind: "item-words", doneKey: ITEM_WORDS_INDEXED };

export const indexWords = itemIndexBackfill(
  ITEM_WORDS_INDEXED,
  `INSERT OR REPLACE INTO items_words (rowid, words)
   SELECT rowid, title || ' ' || sku || ' ' || location || ' ' || description || ' ' || tags || ' ' || barcode
   FROM items WHERE rowid > ?1 AND rowid <= ?2`,
);
