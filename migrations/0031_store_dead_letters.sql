CREATE TABLE `store_dead_letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_id` text NOT NULL,
	`delivery_id` text NOT NULL,
	`topic` text NOT NULL,
	`payload` text NOT NULL,
	`error` text NOT NULL,
	`failed_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_dead_letters_delivery` ON `store_dead_letters` (`room_id`,`delivery_id`);--> statement-breakpoint
CREATE INDEX `store_dead_letters_room` ON `store_dead_letters` (`room_id`,`failed_at`);