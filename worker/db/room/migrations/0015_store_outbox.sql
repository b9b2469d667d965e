CREATE TABLE `store_outbox` (
	`movement_id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`inventory_item_id` text NOT NULL,
	`store_location_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`batch` text DEFAULT '' NOT NULL,
	`sent_at` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`due_at` integer DEFAULT 0 NOT NULL,
	`alone` integer DEFAULT false NOT NULL,
	`refused` text DEFAULT '' NOT NULL,
	`last_error` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `store_outbox_item` ON `store_outbox` (`item_id`);--> statement-breakpoint
CREATE INDEX `store_outbox_due` ON `store_outbox` (`refused`,`due_at`);--> statement-breakpoint
ALTER TABLE `store_levels` ADD `later` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `store_levels` ADD `reported` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- Written by hand (drizzle-kit makes no triggers). Every movement made here of a variant linked to
-- the store, at a location mapped to one of the store's, goes to the store as an adjustment: the row
-- is written in the movement's own transaction, whichever writer made it (docs/stock.md, "Our
-- movements reach the store"). What came from the store (by 'store', or naming a Shopify document:
-- a count taken from the store's) is not sent back.
CREATE TRIGGER store_outbox_on_movement AFTER INSERT ON movements
  WHEN NEW.user_id <> 'store' AND NEW.quantity <> 0 AND NEW.reference NOT LIKE 'gid://shopify/%' BEGIN
  INSERT OR IGNORE INTO store_outbox (movement_id, item_id, inventory_item_id, store_location_id, delta, reason)
    SELECT NEW.id, NEW.item_id, v.inventory_item_id, l.store_location_id, NEW.quantity, NEW.reason
    FROM store_variants v JOIN store_locations l ON l.location_id = NEW.location_id AND l.active = 1
    WHERE v.item_id = NEW.item_id AND v.variant_id = NEW.variant_id AND v.inventory_item_id <> ''
    LIMIT 1;
END;
