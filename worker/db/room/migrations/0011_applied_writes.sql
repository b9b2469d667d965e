CREATE TABLE `applied_writes` (
	`key` text PRIMARY KEY NOT NULL,
	`answer` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `applied_writes_at_idx` ON `applied_writes` (`at`);