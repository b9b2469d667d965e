ALTER TABLE `account_tokens` ADD `used_at` integer;--> statement-breakpoint
ALTER TABLE `account_tokens` ADD `room_id` text;--> statement-breakpoint
ALTER TABLE `account_tokens` ADD `invited_by` text;--> statement-breakpoint
ALTER TABLE `rooms` ADD `currency` text DEFAULT 'USD' NOT NULL;