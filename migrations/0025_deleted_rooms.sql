CREATE TABLE `deleted_rooms` (
	`id` text PRIMARY KEY NOT NULL,
	`deleted_at` integer NOT NULL
);
