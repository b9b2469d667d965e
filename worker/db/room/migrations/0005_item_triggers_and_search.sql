-- Written by hand (drizzle-kit does not make triggers or virtual tables).
-- 1. item_changes follows every write to items (items-window-repo.ts reads it): the item's row is
-- replaced, so it takes the next seq (AUTOINCREMENT never reuses one).
INSERT INTO item_changes (item_id, removed) SELECT id, 0 FROM items ORDER BY updated_at, id;
--> statement-breakpoint
CREATE TRIGGER items_change_on_insert AFTER INSERT ON items BEGIN
  INSERT OR REPLACE INTO item_changes (item_id, removed) VALUES (NEW.id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER items_change_on_update AFTER UPDATE ON items BEGIN
  INSERT OR REPLACE INTO item_changes (item_id, removed) VALUES (NEW.id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER items_change_on_delete AFTER DELETE ON items BEGIN
  INSERT OR REPLACE INTO item_changes (item_id, removed) VALUES (OLD.id, 1);
END;
--> statement-breakpoint
-- 2. Full-text search over what the catalogue's search box looks in (items-window.ts): trigram
-- tokens, so any part of a word matches, as the app's own search does; accents ignored.
CREATE VIRTUAL TABLE items_search USING fts5(
  title, sku, location, description, tags,
  content = 'items', content_rowid = 'rowid', tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO items_search (items_search) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER items_search_on_insert AFTER INSERT ON items BEGIN
  INSERT INTO items_search (rowid, title, sku, location, description, tags)
  VALUES (NEW.rowid, NEW.title, NEW.sku, NEW.location, NEW.description, NEW.tags);
END;
--> statement-breakpoint
CREATE TRIGGER items_search_on_delete AFTER DELETE ON items BEGIN
  INSERT INTO items_search (items_search, rowid, title, sku, location, description, tags)
  VALUES ('delete', OLD.rowid, OLD.title, OLD.sku, OLD.location, OLD.description, OLD.tags);
END;
--> statement-breakpoint
CREATE TRIGGER items_search_on_update AFTER UPDATE OF title, sku, location, description, tags ON items BEGIN
  INSERT INTO items_search (items_search, rowid, title, sku, location, description, tags)
  VALUES ('delete', OLD.rowid, OLD.title, OLD.sku, OLD.location, OLD.description, OLD.tags);
  INSERT INTO items_search (rowid, title, sku, location, description, tags)
  VALUES (NEW.rowid, NEW.title, NEW.sku, NEW.location, NEW.description, NEW.tags);
END;
--> statement-breakpoint
-- 3. Every sort the catalogue offers reads in order from an index (a page of 100,000 items sorts nothing).
CREATE INDEX items_created_idx ON items (room_id, created_at, id);
--> statement-breakpoint
CREATE INDEX items_updated_idx ON items (room_id, updated_at, id);
--> statement-breakpoint
CREATE INDEX items_title_idx ON items (room_id, title COLLATE NOCASE, id);
--> statement-breakpoint
CREATE INDEX items_sku_idx ON items (room_id, sku COLLATE NOCASE, id);
--> statement-breakpoint
CREATE INDEX items_price_idx ON items (room_id, price_cents, id);
--> statement-breakpoint
CREATE INDEX items_quantity_idx ON items (room_id, quantity, id);
--> statement-breakpoint
CREATE INDEX items_status_idx ON items (room_id, status, id);
