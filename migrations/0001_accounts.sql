CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `login_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_tokens_user_idx` ON `login_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `login_tokens_expires_idx` ON `login_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `token_connections` (
	`token_hash` text NOT NULL,
	`object_kind` text NOT NULL,
	`object_name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `token_connections_unique` ON `token_connections` (`token_hash`,`object_kind`,`object_name`);--> statement-breakpoint
CREATE TABLE `user_emails` (
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_emails_address_unique` ON `user_emails` (lower("address"));--> statement-breakpoint
CREATE INDEX `user_emails_user_idx` ON `user_emails` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text,
	`profile` text DEFAULT '{}' NOT NULL,
	`password_hash` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));