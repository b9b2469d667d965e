CREATE TABLE `item_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` text NOT NULL,
	`removed` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `item_changes_item_id_unique` ON `item_changes` (`item_id`);