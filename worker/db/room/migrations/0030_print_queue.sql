CREATE TABLE `print_job_lines` (
	`job_id` text NOT NULL,
	`item_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`copies` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`job_id`, `variant_id`)
);
--> statement-breakpoint
CREATE TABLE `print_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`labels` integer NOT NULL,
	`cut` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`station_id` text,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`done_at` integer,
	`done_by` text
);
--> statement-breakpoint
CREATE INDEX `print_jobs_status_idx` ON `print_jobs` (`status`,`created_at`);