CREATE TABLE `known_devices` (
	`key_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_sign_in_at` integer NOT NULL,
	PRIMARY KEY(`key_hash`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `known_devices_user_idx` ON `known_devices` (`user_id`);