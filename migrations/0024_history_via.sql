ALTER TABLE `item_history` ADD `via` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `item_history_via_idx` ON `item_history` (`room_id`,`via`);