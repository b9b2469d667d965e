CREATE TABLE `store_conflicts` (
	`item_id` text NOT NULL,
	`field` text NOT NULL,
	`ours` text NOT NULL,
	`theirs` text NOT NULL,
	`was` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`item_id`, `field`)
);
