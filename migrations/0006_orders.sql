CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`store_order_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`customer_key` text DEFAULT '' NOT NULL,
	`customer_name` text DEFAULT '' NOT NULL,
	`currency` text NOT NULL,
	`total_cents` integer NOT NULL,
	`line_items` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_room_store_unique` ON `orders` (`room_id`,`store_order_id`);--> statement-breakpoint
CREATE INDEX `orders_room_updated_idx` ON `orders` (`room_id`,`updated_at`);