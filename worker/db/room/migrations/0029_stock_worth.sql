-- What stock is worth at cost and at sale price, by location, supplier and currency (docs/buying.md):
-- the dashboard's aggregate, defined in worker/dashboard/contributions.ts. The built-once marker moves
-- to version 4, so a room counts its aggregates once again and fills this one.
CREATE TABLE IF NOT EXISTS dash_worth (location_id TEXT NOT NULL, supplier_id TEXT NOT NULL, currency TEXT NOT NULL, units INTEGER NOT NULL DEFAULT 0, cost_cents INTEGER NOT NULL DEFAULT 0, retail_cents INTEGER NOT NULL DEFAULT 0, costed_retail_cents INTEGER NOT NULL DEFAULT 0, uncosted_units INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (location_id, supplier_id, currency));--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_meta_v4 (built INTEGER NOT NULL);--> statement-breakpoint
DROP TABLE IF EXISTS dash_meta_v3;
