-- Written by hand (indexes drizzle-kit does not keep in the schema). A stocktake's tally reads again one
-- variant at one place, and one person's count, when a scan is made or taken back
-- (worker/stocktake/stocktake-tally.ts); a person's latest scans are theirs alone (stocktake.scans).
CREATE INDEX `stocktake_scans_variant_idx` ON `stocktake_scans` (`stocktake_id`, `variant_id`, `location_id`);
--> statement-breakpoint
CREATE INDEX `stocktake_scans_person_idx` ON `stocktake_scans` (`stocktake_id`, `user_id`, `at`);
