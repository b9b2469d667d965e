ALTER TABLE `store_listings` ADD `inventory_item_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `store_listings` ADD `sent` text DEFAULT '' NOT NULL;