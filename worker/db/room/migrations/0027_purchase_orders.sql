CREATE TABLE `purchase_order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`user_id` text NOT NULL,
	`at` integer NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `purchase_order_events_order_idx` ON `purchase_order_events` (`order_id`,`at`);--> statement-breakpoint
CREATE TABLE `purchase_order_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`item_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`title` text NOT NULL,
	`variant_name` text DEFAULT '' NOT NULL,
	`sku` text DEFAULT '' NOT NULL,
	`supplier_sku` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cost_cents` integer,
	`received` integer DEFAULT 0 NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_order_lines_variant_unique` ON `purchase_order_lines` (`order_id`,`variant_id`);--> statement-breakpoint
CREATE INDEX `purchase_order_lines_variant_idx` ON `purchase_order_lines` (`variant_id`);--> statement-breakpoint
CREATE TABLE `purchase_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`supplier_id` text NOT NULL,
	`status` text NOT NULL,
	`location_id` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`currency` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ordered_at` integer,
	`expected_at` integer,
	`sent_to` text DEFAULT '' NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_orders_number_unique` ON `purchase_orders` (`number`);--> statement-breakpoint
CREATE INDEX `purchase_orders_status_idx` ON `purchase_orders` (`status`);