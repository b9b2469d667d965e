-- Tables the room's code used to create when it started (uploads, the dashboard's aggregates),
-- made here so every table of the room comes from a migration. IF NOT EXISTS: a room that ran
-- the earlier code has them already, with these very columns.
CREATE TABLE IF NOT EXISTS uploads (
  id TEXT PRIMARY KEY, collection TEXT NOT NULL, file_id TEXT NOT NULL, version TEXT NOT NULL,
  name TEXT NOT NULL, type TEXT NOT NULL, size INTEGER NOT NULL, chunk_size INTEGER NOT NULL,
  chunk_count INTEGER NOT NULL, part_chunks INTEGER NOT NULL, meta TEXT NOT NULL, user_id TEXT NOT NULL,
  r2_key TEXT NOT NULL, multipart_id TEXT, updated_at INTEGER NOT NULL);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS upload_chunks (
  upload_id TEXT NOT NULL, chunk_id INTEGER NOT NULL, part_no INTEGER NOT NULL, data BLOB NOT NULL,
  PRIMARY KEY (upload_id, chunk_id));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS upload_parts (
  upload_id TEXT NOT NULL, part_no INTEGER NOT NULL, etag TEXT NOT NULL, PRIMARY KEY (upload_id, part_no));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS uploads_finished (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL, file_id TEXT NOT NULL, item_id TEXT, at INTEGER NOT NULL);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_status (status TEXT NOT NULL, count INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (status));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_value (status TEXT NOT NULL, currency TEXT NOT NULL, value_cents INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (status, currency));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_items_quarter (at TEXT NOT NULL, count INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (at));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_orders_quarter (at TEXT NOT NULL, currency TEXT NOT NULL, orders INTEGER NOT NULL DEFAULT 0, revenue_cents INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (at, currency));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dash_orders_quarter_top ON dash_orders_quarter (revenue_cents DESC, at, currency);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_products (product_key TEXT NOT NULL, currency TEXT NOT NULL, quantity INTEGER NOT NULL DEFAULT 0, revenue_cents INTEGER NOT NULL DEFAULT 0, title TEXT NOT NULL DEFAULT '', PRIMARY KEY (product_key, currency));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dash_products_top ON dash_products (revenue_cents DESC, product_key, currency);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_customers (customer_key TEXT NOT NULL, currency TEXT NOT NULL, orders INTEGER NOT NULL DEFAULT 0, revenue_cents INTEGER NOT NULL DEFAULT 0, name TEXT NOT NULL DEFAULT '', PRIMARY KEY (customer_key, currency));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dash_customers_top ON dash_customers (revenue_cents DESC, customer_key, currency);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_low_stock (item_id TEXT NOT NULL, count INTEGER NOT NULL DEFAULT 0, quantity INTEGER NOT NULL DEFAULT 0, reorder_point INTEGER NOT NULL DEFAULT 0, title TEXT NOT NULL DEFAULT '', PRIMARY KEY (item_id));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_below_zero (item_id TEXT NOT NULL, variant_id TEXT NOT NULL, location_id TEXT NOT NULL, units INTEGER NOT NULL DEFAULT 0, title TEXT NOT NULL DEFAULT '', PRIMARY KEY (item_id, variant_id, location_id));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS dash_meta_v3 (built INTEGER NOT NULL);
