ALTER TABLE `items` ADD `barcode` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `reorder_point` integer;--> statement-breakpoint
-- Written by hand (drizzle-kit does not make partial indexes on these room-only columns, nor virtual tables).
-- 1. A barcode names one item of the room (a scan finds it by this index).
CREATE UNIQUE INDEX `items_room_barcode_unique` ON `items` (`room_id`, `barcode`) WHERE `barcode` <> '';
--> statement-breakpoint
-- 2. The catalogue's "Low stock" filter reads only items that have a reorder point.
CREATE INDEX `items_reorder_idx` ON `items` (`room_id`, `id`) WHERE `reorder_point` IS NOT NULL;
--> statement-breakpoint
-- 3. The search index looks in barcodes too: rebuilt with the column (migration 0005 made it without).
DROP TRIGGER items_search_on_insert;
--> statement-breakpoint
DROP TRIGGER items_search_on_delete;
--> statement-breakpoint
DROP TRIGGER items_search_on_update;
--> statement-breakpoint
DROP TABLE items_search;
--> statement-breakpoint
CREATE VIRTUAL TABLE items_search USING fts5(
  title, sku, location, description, tags, barcode,
  content = 'items', content_rowid = 'rowid', tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO items_search (items_search) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER items_search_on_insert AFTER INSERT ON items BEGIN
  INSERT INTO items_search (rowid, title, sku, location, description, tags, barcode)
  VALUES (NEW.rowid, NEW.title, NEW.sku, NEW.location, NEW.description, NEW.tags, NEW.barcode);
END;
--> statement-breakpoint
CREATE TRIGGER items_search_on_delete AFTER DELETE ON items BEGIN
  INSERT INTO items_search (items_search, rowid, title, sku, location, description, tags, barcode)
  VALUES ('delete', OLD.rowid, OLD.title, OLD.sku, OLD.location, OLD.description, OLD.tags, OLD.barcode);
END;
--> statement-breakpoint
CREATE TRIGGER items_search_on_update AFTER UPDATE OF title, sku, location, description, tags, barcode ON items BEGIN
  INSERT INTO items_search (items_search, rowid, title, sku, location, description, tags, barcode)
  VALUES ('delete', OLD.rowid, OLD.title, OLD.sku, OLD.location, OLD.description, OLD.tags, OLD.barcode);
  INSERT INTO items_search (rowid, title, sku, location, description, tags, barcode)
  VALUES (NEW.rowid, NEW.title, NEW.sku, NEW.location, NEW.description, NEW.tags, NEW.barcode);
END;
