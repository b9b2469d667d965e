ALTER TABLE `stocktake_scans` ADD `location_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stocktake_scans` ADD `held_then` integer;--> statement-breakpoint
ALTER TABLE `stocktake_scans` ADD `late` text;--> statement-breakpoint
ALTER TABLE `stocktakes` ADD `locations` text DEFAULT '[]' NOT NULL;