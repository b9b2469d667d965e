CREATE TABLE `customers` (
	`room_id` text NOT NULL,
	`store_customer_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`orders_count` integer DEFAULT 0 NOT NULL,
	`amount_spent_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_room_store_unique` ON `customers` (`room_id`,`store_customer_id`);--> statement-breakpoint
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
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `files_room_idx` ON `files` (`room_id`,`collection`);--> statement-breakpoint
CREATE TABLE `item_history` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`item_id` text NOT NULL,
	`user_id` text NOT NULL,
	`action` text NOT NULL,
	`changes` text DEFAULT '{}' NOT NULL,
	`at` integer NOT NULL,
	`via` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `item_history_item_idx` ON `item_history` (`room_id`,`item_id`,`at`);--> statement-breakpoint
CREATE INDEX `item_history_via_idx` ON `item_history` (`room_id`,`via`) WHERE "item_history"."via" <> '';--> statement-breakpoint
CREATE TABLE `items` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sku` text DEFAULT '' NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`store_product_id` text DEFAULT '' NOT NULL,
	`created_by` text DEFAULT '' NOT NULL,
	`updated_by` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `items_room_idx` ON `items` (`room_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `items_room_created_idx` ON `items` (`room_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `items_room_sku_unique` ON `items` (`room_id`,`sku`) WHERE "items"."sku" <> '';--> statement-breakpoint
CREATE INDEX `items_room_sku_lower_idx` ON `items` (`room_id`,lower("sku")) WHERE "items"."sku" <> '';--> statement-breakpoint
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
	`store_updated_at` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_room_store_unique` ON `orders` (`room_id`,`store_order_id`);--> statement-breakpoint
CREATE INDEX `orders_room_updated_idx` ON `orders` (`room_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `room_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stocktake_scans` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`stocktake_id` text NOT NULL,
	`item_id` text NOT NULL,
	`user_id` text NOT NULL,
	`at` integer NOT NULL,
	`taken_back_at` integer
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
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `stocktakes_room_idx` ON `stocktakes` (`room_id`,`status`);--> statement-breakpoint
CREATE TABLE `store_connections` (
	`room_id` text PRIMARY KEY NOT NULL,
	`shop_domain` text NOT NULL,
	`auth_kind` text NOT NULL,
	`client_id` text DEFAULT '' NOT NULL,
	`secret` text NOT NULL,
	`access_token` text,
	`access_token_expires_at` integer,
	`shop_name` text DEFAULT '' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`products_synced_to` integer,
	`orders_synced_to` integer,
	`customers_synced_to` integer,
	`last_sync_at` integer,
	`last_sync_error` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `store_listings` (
	`room_id` text NOT NULL,
	`item_id` text NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text DEFAULT '' NOT NULL,
	`inventory_item_id` text DEFAULT '' NOT NULL,
	`sent` text DEFAULT '' NOT NULL,
	`handle` text DEFAULT '' NOT NULL,
	`state` text NOT NULL,
	`published_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_listings_room_item` ON `store_listings` (`room_id`,`item_id`);--> statement-breakpoint
CREATE INDEX `store_listings_room_product` ON `store_listings` (`room_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`delivery_id` text NOT NULL,
	`room_id` text NOT NULL,
	`topic` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_room_delivery` ON `webhook_deliveries` (`room_id`,`delivery_id`);