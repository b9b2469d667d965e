CREATE TABLE `webhook_deliveries` (
	`delivery_id` text NOT NULL,
	`room_id` text NOT NULL,
	`topic` text NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_room_delivery` ON `webhook_deliveries` (`room_id`,`delivery_id`);