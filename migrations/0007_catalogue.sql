CREATE TABLE `item_history` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`item_id` text NOT NULL,
	`user_id` text NOT NULL,
	`action` text NOT NULL,
	`changes` text DEFAULT '{}' NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `item_history_item_idx` ON `item_history` (`room_id`,`item_id`,`at`);--> statement-breakpoint
ALTER TABLE `items` ADD `store_product_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `created_by` text DEFAULT '' NOT NULL;