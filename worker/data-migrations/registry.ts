/** Every data migration, in version order. Add new ones at the end with the next version. */
import { backfillItemHistory } from "./0001-backfill-item-history";
import type { DataMigration } from "./types";

export const DATA_MIGRATIONS: readonly DataMigration[] = [backfillItemHistory];
