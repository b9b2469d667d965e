CREATE TABLE `cron_state` (
	`job` text PRIMARY KEY NOT NULL,
	`position` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `login_failures` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_window_start` ON `login_failures` (`window_start`);