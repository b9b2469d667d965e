CREATE TABLE `file_rooms` (
	`file_id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_rooms_room_idx` ON `file_rooms` (`room_id`);--> statement-breakpoint
CREATE TABLE `store_shops` (
	`room_id` text PRIMARY KEY NOT NULL,
	`shop_domain` text NOT NULL,
	`webhook_secret` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_shops_domain_idx` ON `store_shops` (`shop_domain`);--> statement-breakpoint
ALTER TABLE `rooms` ADD `rows_moved_at` integer;--> statement-breakpoint
-- The directory's entries for what the previous release kept in D1 (each room then moves its rows into its own SQLite).
INSERT OR IGNORE INTO `store_shops` (`room_id`, `shop_domain`, `webhook_secret`)
  SELECT `room_id`, `shop_domain`, CASE WHEN `auth_kind` = 'client_credentials' THEN `secret` ELSE '' END FROM `store_connections`;--> statement-breakpoint
INSERT OR IGNORE INTO `file_rooms` (`file_id`, `room_id`) SELECT `id`, `room_id` FROM `files`;
