CREATE TABLE `share_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`item_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_codes_item_idx` ON `share_codes` (`room_id`,`item_id`);