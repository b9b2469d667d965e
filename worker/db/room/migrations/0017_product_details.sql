ALTER TABLE `items` ADD `cost_cents` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `compare_at_cents` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `weight_grams` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `weight_unit` text DEFAULT 'g' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `vendor` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `product_type` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `seo_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `seo_description` text DEFAULT '' NOT NULL;