CREATE TABLE `stocktake_scans` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`stocktake_id` text NOT NULL,
	`item_id` text NOT NULL,
	`user_id` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stocktake_scans_stocktake_idx` ON `stocktake_scans` (`stocktake_id`);--> statement-breakpoint
CREATE TABLE `stocktakes` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`status` text NOT NULL,
	`started_by` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_by` text,
	`ended_at` integer,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stocktakes_room_idx` ON `stocktakes` (`room_id`,`status`);