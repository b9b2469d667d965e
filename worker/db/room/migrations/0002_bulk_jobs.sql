CREATE TABLE `bulk_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`params` text NOT NULL,
	`cursor` text DEFAULT '' NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	`result` text DEFAULT '{}' NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`started_by` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
