/**
 * The `item:<id>` documents of the `store` collection (publication
 * `store.item`): how an item stands with the store — its movements on their
 * way (store-push.ts), a refusal, and fields changed in both places
 * (store-conflicts.ts).
 */
import { COLLECTION, type StoreItemSyncDoc } from "../../protocol/api";
import { conflictsOfItem } from "../db/room/store-conflicts-repo";
import { outboxOfItem } from "../db/room/store-outbox-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";

/** The `item:<id>` document of the `store` collection: how the item's movements stand with the store. */
export function itemSyncDoc(host: RoomHost, itemId: string): StoreItemSyncDoc {
  const conflicts = conflictsOfItem(host.roomDb, itemId).map((row) => ({
    field: row.field as StoreItemSyncDoc["conflicts"][number]["field"],
    ours: JSON.parse(row.ours) as string | number,
    theirs: JSON.parse(row.theirs) as string | number,
  }));
  return { _id: `item:${itemId}`, itemId, ...outboxOfItem(host.roomDb, itemId), conflicts };
}

/** An item's standing with the store changed (a conflict held or chosen): whoever shows it hears. */
export function announceItemSync(host: RoomHost, itemId: string): void {
  announceItems(host, [itemId], new Map());
}

export function announceItems(host: RoomHost, itemIds: Iterable<string>, before: Map<string, StoreItemSyncDoc>): void {
  for (const itemId of new Set(itemIds)) {
    const doc = itemSyncDoc(host, itemId);
    const previous = before.get(itemId) ?? null;
    if (previous && JSON.stringify(previous) === JSON.stringify(doc)) continue;
    host.emit({ collection: COLLECTION.STORE, id: doc._id, doc: asDoc(doc), previous: previous && asDoc(previous) });
  }
}
