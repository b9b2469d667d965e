CREATE TABLE `directory_outbox` (
	`key` text PRIMARY KEY NOT NULL,
	`write` text NOT NULL,
	`version` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`due_at` integer NOT NULL,
	`last_error` text
);
