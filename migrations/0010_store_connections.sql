CREATE TABLE `store_connections` (
	`room_id` text PRIMARY KEY NOT NULL,
	`shop_domain` text NOT NULL,
	`auth_kind` text NOT NULL,
	`client_id` text DEFAULT '' NOT NULL,
	`secret` text NOT NULL,
	`access_token` text,
	`access_token_expires_at` integer,
	`shop_name` text DEFAULT '' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
