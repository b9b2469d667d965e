CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`collection` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`extension` text NOT NULL,
	`meta` text DEFAULT '{}' NOT NULL,
	`versions` text DEFAULT '{}' NOT NULL,
	`storage_path` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `files_room_idx` ON `files` (`room_id`,`collection`);--> statement-breakpoint
ALTER TABLE `items` ADD `photos` text DEFAULT '[]' NOT NULL;