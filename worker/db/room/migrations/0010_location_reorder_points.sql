ALTER TABLE `items` ADD `location_reorder_points` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit makes no partial indexes): the "Low stock" filter and the digest read
-- only items that have a reorder point at some location.
CREATE INDEX `items_location_reorder_idx` ON `items` (`room_id`, `id`) WHERE `location_reorder_points` <> '{}';
