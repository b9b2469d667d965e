CREATE TABLE `variant_codes` (
	`code` text NOT NULL,
	`item_id` text NOT NULL,
	`variant_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `variant_codes_code_idx` ON `variant_codes` (`code`);--> statement-breakpoint
CREATE INDEX `variant_codes_item_idx` ON `variant_codes` (`item_id`);--> statement-breakpoint
ALTER TABLE `items` ADD `options` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `variants` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `handle` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stocktake_scans` ADD `variant_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit makes neither triggers nor partial indexes).
-- 1. Every variant's SKU and barcode are found by an index: kept from items.variants by triggers, so
--    no write can leave a code behind. An update that leaves the variants as they were costs nothing here.
CREATE TRIGGER variant_codes_on_insert AFTER INSERT ON items WHEN NEW.variants <> '[]' BEGIN
  INSERT INTO variant_codes (code, item_id, variant_id)
    SELECT lower(json_extract(value, '$.sku')), NEW.id, json_extract(value, '$._id') FROM json_each(NEW.variants)
    WHERE json_extract(value, '$.sku') <> ''
    UNION ALL
    SELECT lower(json_extract(value, '$.barcode')), NEW.id, json_extract(value, '$._id') FROM json_each(NEW.variants)
    WHERE json_extract(value, '$.barcode') <> '';
END;
--> statement-breakpoint
CREATE TRIGGER variant_codes_on_update AFTER UPDATE OF variants ON items WHEN NEW.variants IS NOT OLD.variants BEGIN
  DELETE FROM variant_codes WHERE item_id = OLD.id;
  INSERT INTO variant_codes (code, item_id, variant_id)
    SELECT lower(json_extract(value, '$.sku')), NEW.id, json_extract(value, '$._id') FROM json_each(NEW.variants)
    WHERE json_extract(value, '$.sku') <> ''
    UNION ALL
    SELECT lower(json_extract(value, '$.barcode')), NEW.id, json_extract(value, '$._id') FROM json_each(NEW.variants)
    WHERE json_extract(value, '$.barcode') <> '';
END;
--> statement-breakpoint
CREATE TRIGGER variant_codes_on_delete AFTER DELETE ON items WHEN OLD.variants <> '[]' BEGIN
  DELETE FROM variant_codes WHERE item_id = OLD.id;
END;
--> statement-breakpoint
-- 2. The "Low stock" filter and digest look into the variants of products that have them.
CREATE INDEX `items_variants_idx` ON `items` (`room_id`, `id`) WHERE `variants` <> '[]';
--> statement-breakpoint
-- 3. A re-import finds a product by its handle.
CREATE INDEX `items_handle_idx` ON `items` (`handle`) WHERE `handle` <> '';
