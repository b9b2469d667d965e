-- Written by hand (a table and triggers drizzle-kit does not keep in the schema). Each item's words, for
-- searches of one or two letters, which the full-text index of trigrams (items_search) cannot answer: a
-- word's first letters find it ("la" finds "Brass lamp", "12" finds "Oak 12"), through the prefix
-- indexes of one and two characters (worker/db/room/items-window-repo.ts). Contentless (the words are the
-- item's own columns) with deletes by rowid, so writing an item's words again is harmless; kept by
-- triggers on every write; a room's items from before this migration are indexed by a backfill after it
-- opens (worker/inventory/words-backfill.ts).
CREATE VIRTUAL TABLE items_words USING fts5(
  words,
  content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2'
);
--> statement-breakpoint
CREATE TRIGGER items_words_on_insert AFTER INSERT ON items BEGIN
  INSERT OR REPLACE INTO items_words (rowid, words)
  VALUES (NEW.rowid, NEW.title || ' ' || NEW.sku || ' ' || NEW.location || ' ' || NEW.description || ' '
                     || NEW.tags || ' ' || NEW.barcode);
END;
--> statement-breakpoint
CREATE TRIGGER items_words_on_update AFTER UPDATE OF title, sku, location, description, tags, barcode ON items BEGIN
  INSERT OR REPLACE INTO items_words (rowid, words)
  VALUES (NEW.rowid, NEW.title || ' ' || NEW.sku || ' ' || NEW.location || ' ' || NEW.description || ' '
                     || NEW.tags || ' ' || NEW.barcode);
END;
--> statement-breakpoint
CREATE TRIGGER items_words_on_delete AFTER DELETE ON items BEGIN
  DELETE FROM items_words WHERE rowid = OLD.rowid;
END;
