/**
 * The room's share codes (its printed labels' short links, `/s/<code>`),
 * code → item. They live in the directory, which the share route reads; the
 * room is the only one that makes its codes, so it reads them once per wake
 * and then keeps the ones it makes: a stocktake scan of a label reads no D1.
 */
import { roomShareCodes } from "../db/directory/share-codes-repo";
import type { RoomHost } from "./room-host";

const indexes = new WeakMap<RoomHost, Promise<Map<string, string>>>();

/** Code → item id, for every label this room has printed. */
export function roomCodeIndex(host: RoomHost): Promise<Map<string, string>> {
  let index = indexes.get(host);
  if (!index) {
    index = roomShareCodes(host.db, host.roomId).then((rows) => new Map(rows.map((row) => [row.code, row.itemId])));
    // A failed read is tried again next time, not kept.
    index.catch(() => indexes.delete(host));
    indexes.set(host, index);
  }
  return index;
}

/** Codes this room just made (or found made), by item id. */
export async function rememberCodes(host: RoomHost, byItem: ReadonlyMap<string, string>): Promise<void> {
  const index = await roomCodeIndex(host);
  for (const [itemId, code] of byItem) index.set(code, itemId);
}
