/**
 * Starts the ledger of a room made before it (docs/architecture.md §9): its first
 * location, `main`, and one "Opening stock" correction at `main` for every
 * item that holds stock but has no stock map yet — then the map. Runs when
 * the room wakes, and again after it moves its rows in from D1; doing it
 * twice changes nothing (the opening movements have the item's id in theirs).
 */
import { MAIN_LOCATION_ID, MAIN_LOCATION_NAME } from "../../protocol/api";

export const OPENING_NOTE = "Opening stock";

export function openStockLedger(storage: DurableObjectStorage, roomId: string, now: number): number {
  return storage.transactionSync(() => {
    storage.sql.exec(
      `INSERT OR IGNORE INTO locations (id, room_id, name, position, archived_at, created_at)
       SELECT ?, ?, ?, 0, NULL, ? WHERE NOT EXISTS (SELECT 1 FROM locations)`,
      MAIN_LOCATION_ID,
      roomId,
      MAIN_LOCATION_NAME,
      now,
    );
    storage.sql.exec(
      `INSERT OR IGNORE INTO movements (id, room_id, item_id, variant_id, location_id, quantity, reason, note,
                                        reference, user_id, at, balance, undoes, group_id)
       SELECT 'opening-' || id, room_id, id, id, ?, quantity, 'correction', ?, '', '', updated_at, quantity, NULL, ''
       FROM items WHERE stock = '{}' AND quantity <> 0`,
      MAIN_LOCATION_ID,
      OPENING_NOTE,
    );
    return storage.sql.exec(
      "UPDATE items SET stock = json_object(?, quantity) WHERE stock = '{}' AND quantity <> 0",
      MAIN_LOCATION_ID,
    ).rowsWritten;
  });
}
