/**
 * Items made before item history existed have no "created" entry, so their
 * history page starts at their first edit. This adds one, dated when the
 * item was created and credited to its creator (or "" when unknown). The
 * entries' ids start with "backfill-", which is how `down` finds them.
 */
import { sql } from "drizzle-orm";
import type { DataMigration } from "./types";

export const backfillItemHistory: DataMigration = {
  version: 1,
  name: "Backfill 'created' history entries for older items",
  async up({ db }) {
    await db.run(sql`
      INSERT INTO item_history (id, room_id, item_id, user_id, action, changes, at)
      SELECT 'backfill-' || items.id, items.room_id, items.id, items.created_by, 'created', '{}', items.created_at
      FROM items
      WHERE NOT EXISTS (
        SELECT 1 FROM item_history h WHERE h.item_id = items.id AND h.action = 'created'
      )`);
  },
  async down({ db }) {
    await db.run(sql`DELETE FROM item_history WHERE id LIKE 'backfill-%'`);
  },
};
