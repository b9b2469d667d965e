/**
 * A room's dashboard over its own SQLite: the aggregates in its storage,
 * and — for the one-time count of a room that never had them — its items
 * and orders read a page of 1,000 at a time as they are counted, never
 * held whole (docs/scale.md).
 */
import { itemsAfter, toItemDoc } from "../db/room/items-repo";
import { ordersAfter, toOrderDoc } from "../db/room/orders-repo";
import type { RoomDatabase } from "../db/room/room-database";
import type { Change } from "../live/types";
import { Dashboard } from "./dashboard";
import { RoomAggregates } from "./room-aggregates";

/** Rows the one-time count reads at once. */
const PAGE = 1_000;

/** Rows by id a page at a time, each mapped as it is reached (the room's SQLite answers synchronously). */
function* inPages<R extends { id: string }, T>(read: (afterId: string) => R[], map: (row: R) => T): Generator<T> {
  for (let after = ""; ; ) {
    const rows = read(after);
    for (const row of rows) yield map(row);
    if (rows.length < PAGE) return;
    after = (rows.at(-1) as R).id;
  }
}

export function roomDashboard(
  roomDb: RoomDatabase,
  roomId: string,
  emit: (change: Change) => void,
  now: () => number,
): Dashboard {
  return new Dashboard(
    new RoomAggregates(roomDb.$client.sql),
    async () => ({
      items: inPages((after) => itemsAfter(roomDb, roomId, after, PAGE), toItemDoc),
      orders: inPages((after) => ordersAfter(roomDb, roomId, after, PAGE), toOrderDoc),
    }),
    emit,
    now,
  );
}
