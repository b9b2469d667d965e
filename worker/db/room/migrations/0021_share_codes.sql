ALTER TABLE `items` ADD `share_code` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Written by hand (a partial index drizzle-kit does not keep in the schema). A scanned label finds its
-- item by its share code (worker/inventory/item-for-code.ts); a code names one item.
CREATE UNIQUE INDEX `items_share_code_idx` ON `items` (`share_code`) WHERE `share_code` <> '';
--> statement-breakpoint
-- Written by hand too. A scanned store page label finds its listing by the product's handle, in any case.
CREATE INDEX `store_listings_handle_idx` ON `store_listings` (lower(`handle`)) WHERE `handle` <> '';
