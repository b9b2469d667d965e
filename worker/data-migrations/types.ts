import type { Database } from "../db/directory/database";

export interface MigrationContext {
  db: Database;
  env: Env;
  now: number;
}

/**
 * One data migration (docs/product.md §7): code that changes data, not schema (schema
 * changes are SQL in migrations/, applied by wrangler). Versions are whole
 * numbers run in increasing order; `down` undoes `up`. Both should be safe
 * to run again after a failure part-way (D1 batches are all or nothing).
 */
export interface DataMigration {
  version: number;
  name: string;
  up(ctx: MigrationContext): Promise<void>;
  down(ctx: MigrationContext): Promise<void>;
}
