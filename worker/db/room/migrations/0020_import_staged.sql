CREATE TABLE `import_staged` (
	`import_id` text NOT NULL,
	`part` integer NOT NULL,
	`products` text NOT NULL,
	`rows` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`import_id`, `part`)
);
--> statement-breakpoint
-- Written by hand (a partial index drizzle-kit does not keep in the schema). A store's order or
-- product webhook finds its item by the store product's id (worker/db/room/items-repo.ts).
CREATE INDEX `items_store_product_idx` ON `items` (`store_product_id`) WHERE `store_product_id` <> '';
