DROP INDEX `item_history_via_idx`;--> statement-breakpoint
CREATE INDEX `item_history_via_idx` ON `item_history` (`room_id`,`via`) WHERE "item_history"."via" <> '';--> statement-breakpoint
CREATE INDEX `items_room_sku_lower_idx` ON `items` (`room_id`,lower("sku")) WHERE "items"."sku" <> '';--> statement-breakpoint
CREATE INDEX `known_devices_last_sign_in_idx` ON `known_devices` (`last_sign_in_at`);