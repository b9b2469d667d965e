/**
 * Changed in both places (docs/product.md, "Changed in both places"): when
 * the store's copy of a published item's title, description, price or SKU
 * changed, and ours changed too, since the two last agreed, neither is
 * written over the other. The field is held as a conflict with both values;
 * the item's page shows them, and a person keeps ours (publishing then
 * sends it) or takes the store's. Stock never conflicts: it is movements on
 * both sides.
 */
import { STORE_CONFLICT_FIELDS, type StoreConflictField } from "../../protocol/api";
import type { ItemPatch } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { findItemRow } from "../db/room/item-statements";
import { toItemDoc } from "../db/room/items-repo";
import { runTogether } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import { conflictsOfItem, deleteConflictQuery, saveConflictQuery } from "../db/room/store-conflicts-repo";
import { findListing, saveListing } from "../db/room/store-listings-repo";
import { editItemNow } from "../inventory/items-service";
import type { RoomHost } from "../rooms/room-host";
import { announceItemSync } from "./item-sync-doc";
import { parseSent, type StoreFields } from "./store-fields";

type Values = Pick<StoreFields, StoreConflictField>;

/**
 * Splits the store's new values of a linked item: those only the store
 * changed are applied; those changed here too are held as conflicts
 * (recorded here); those the store did not change keep ours. Conflicts that
 * no longer are go. Answers the values to apply and, per field not applied,
 * what the store had before (so ours, differing from it, is still sent).
 */
export function holdConflicts(
  host: RoomHost,
  item: ItemRow,
  sentText: string,
  theirs: Values,
): { apply: Partial<Values>; held: Partial<Values> } {
  const sent = parseSent(sentText);
  const ours = toItemDoc(item);
  const apply: Partial<Values> = {};
  const held: Partial<Values> = {};
  const statements = [];
  for (const field of STORE_CONFLICT_FIELDS) {
    const was = sent?.[field];
    const storeChanged = sent === null || theirs[field] !== was;
    const roomChanged = sent !== null && ours[field] !== was && ours[field] !== theirs[field];
    if (storeChanged && roomChanged) {
      (held as Record<string, unknown>)[field] = was;
      statements.push(
        saveConflictQuery(host.roomDb, {
          itemId: item.id,
          field,
          ours: JSON.stringify(ours[field]),
          theirs: JSON.stringify(theirs[field]),
          was: JSON.stringify(was),
          at: host.now(),
        }),
      );
      continue;
    }
    // Only the store changed it: it comes here. Not changed there: ours stays (and goes with the next publish).
    if (storeChanged) (apply as Record<string, unknown>)[field] = theirs[field];
    else (held as Record<string, unknown>)[field] = was;
    statements.push(deleteConflictQuery(host.roomDb, item.id, field));
  }
  runTogether(host.roomDb, statements);
  return { apply, held };
}

/** The fields of an item held as conflicts: publishing does not send them until a person chooses. */
export function conflictFields(host: RoomHost, itemId: string): Set<string> {
  return new Set(conflictsOfItem(host.roomDb, itemId).map((row) => row.field));
}

/**
 * A person's choice for one field: `ours` is sent to the store (the next
 * publish or follow-up), `theirs` becomes the item's (and is what the store has).
 */
export function resolveConflict(
  host: RoomHost,
  actor: string,
  itemId: string,
  field: StoreConflictField,
  keep: "ours" | "theirs",
): Promise<void> {
  return host.writes.run(async () => {
    const conflict = conflictsOfItem(host.roomDb, itemId).find((row) => row.field === field);
    if (!conflict) throw new LiveError(404, "That field is no longer changed in both places");
    const item = findItemRow(host.roomDb, host.roomId, itemId);
    if (!item) throw new LiveError(404, "Item not found");
    runTogether(host.roomDb, [deleteConflictQuery(host.roomDb, itemId, field)]);
    if (keep === "theirs") {
      const theirs = JSON.parse(conflict.theirs) as string | number;
      // What the store has, first: the edit it causes is then in step, and not sent back.
      const listing = await findListing(host.roomDb, host.roomId, itemId);
      const sent = listing ? parseSent(listing.sent) : null;
      if (listing && sent)
        await saveListing(host.roomDb, { ...listing, sent: JSON.stringify({ ...sent, [field]: theirs }) });
      await editItemNow(host, actor, itemId, { [field]: theirs } as ItemPatch);
    } else {
      // Ours goes with the next follow-up: an edit of the item is what sends it.
      await editItemNow(host, actor, itemId, {});
    }
    announceItemSync(host, itemId);
  });
}
