CREATE TABLE `purchase_order_scans` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`line_id` text NOT NULL,
	`units` integer NOT NULL,
	`damaged` integer DEFAULT 0 NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`user_id` text NOT NULL,
	`at` integer NOT NULL,
	`accepted_at` integer
);
--> statement-breakpoint
CREATE INDEX `purchase_order_scans_pending_idx` ON `purchase_order_scans` (`order_id`,`line_id`) WHERE "purchase_order_scans"."accepted_at" IS NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `damaged` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `extra` integer DEFAULT 0 NOT NULL;