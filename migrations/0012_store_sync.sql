CREATE TABLE `customers` (
	`room_id` text NOT NULL,
	`store_customer_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`orders_count` integer DEFAULT 0 NOT NULL,
	`amount_spent_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_room_store_unique` ON `customers` (`room_id`,`store_customer_id`);--> statement-breakpoint
CREATE TABLE `store_listings` (
	`room_id` text NOT NULL,
	`item_id` text NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text DEFAULT '' NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`state` text NOT NULL,
	`published_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_listings_room_item` ON `store_listings` (`room_id`,`item_id`);--> statement-breakpoint
CREATE INDEX `store_listings_room_product` ON `store_listings` (`room_id`,`product_id`);--> statement-breakpoint
ALTER TABLE `memberships` ADD `order_emails` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `store_connections` ADD `products_synced_to` integer;--> statement-breakpoint
ALTER TABLE `store_connections` ADD `orders_synced_to` integer;--> statement-breakpoint
ALTER TABLE `store_connections` ADD `customers_synced_to` integer;--> statement-breakpoint
ALTER TABLE `store_connections` ADD `last_sync_at` integer;--> statement-breakpoint
ALTER TABLE `store_connections` ADD `last_sync_error` text DEFAULT '' NOT NULL;