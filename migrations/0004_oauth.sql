CREATE TABLE `oauth_credentials` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`service` text NOT NULL,
	`subject` text NOT NULL,
	`email` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`name` text,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `oauth_credentials_expires_idx` ON `oauth_credentials` (`expires_at`);--> statement-breakpoint
CREATE TABLE `oauth_identities` (
	`service` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_identities_service_subject_unique` ON `oauth_identities` (`service`,`subject`);--> statement-breakpoint
CREATE INDEX `oauth_identities_user_idx` ON `oauth_identities` (`user_id`);