-- Written by hand (a table and triggers drizzle-kit does not keep in the schema). Each item's tags, one row
-- each, so the catalogue's tag filter reads an index rather than every item's tags
-- (worker/db/room/items-window-repo.ts). Kept by triggers on every write; a room's items from before this
-- migration are indexed by a backfill after it opens (worker/inventory/tags-backfill.ts).
CREATE TABLE `item_tags` (
	`tag` text NOT NULL,
	`item_id` text NOT NULL,
	PRIMARY KEY(`tag`, `item_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `item_tags_item_idx` ON `item_tags` (`item_id`);
--> statement-breakpoint
CREATE TRIGGER item_tags_on_insert AFTER INSERT ON items BEGIN
  INSERT OR IGNORE INTO item_tags (tag, item_id) SELECT value, NEW.id FROM json_each(NEW.tags);
END;
--> statement-breakpoint
CREATE TRIGGER item_tags_on_update AFTER UPDATE OF tags ON items BEGIN
  DELETE FROM item_tags WHERE item_id = OLD.id;
  INSERT OR IGNORE INTO item_tags (tag, item_id) SELECT value, NEW.id FROM json_each(NEW.tags);
END;
--> statement-breakpoint
CREATE TRIGGER item_tags_on_delete AFTER DELETE ON items BEGIN
  DELETE FROM item_tags WHERE item_id = OLD.id;
END;
