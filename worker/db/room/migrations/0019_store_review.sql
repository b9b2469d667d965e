CREATE TABLE `store_review` (
	`product_id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`sku` text DEFAULT '' NOT NULL,
	`reason` text NOT NULL,
	`candidate_item_id` text DEFAULT '' NOT NULL,
	`product` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `store_review_state` ON `store_review` (`state`,`at`);--> statement-breakpoint
-- Written by hand (drizzle-kit writes no expression indexes here). Bringing the store's catalogue in looks
-- for an unlinked item by its title in any case, once per store product (worker/store/store-review.ts).
CREATE INDEX `items_title_lower_idx` ON `items` (lower(`title`)) WHERE `store_product_id` = '';
