CREATE TABLE `store_levels` (
	`inventory_item_id` text NOT NULL,
	`store_location_id` text NOT NULL,
	`available` integer NOT NULL,
	`reported_at` integer NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	`settles_at` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`inventory_item_id`, `store_location_id`)
);
--> statement-breakpoint
CREATE TABLE `store_locations` (
	`store_location_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL,
	`location_id` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `store_stock_events` (
	`key` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `store_variants` (
	`store_variant_id` text PRIMARY KEY NOT NULL,
	`inventory_item_id` text DEFAULT '' NOT NULL,
	`product_id` text NOT NULL,
	`item_id` text NOT NULL,
	`variant_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_variants_inventory_item` ON `store_variants` (`inventory_item_id`) WHERE "store_variants"."inventory_item_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX `store_variants_variant` ON `store_variants` (`item_id`,`variant_id`);