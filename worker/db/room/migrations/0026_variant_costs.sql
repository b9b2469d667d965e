ALTER TABLE `items` ADD `avg_cost_cents` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `supplier_id` text;--> statement-breakpoint
ALTER TABLE `items` ADD `supplier_sku` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `movements` ADD `cost_cents` integer;