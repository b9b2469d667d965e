/**
 * This device's item edits that the server has not confirmed yet, laid over
 * a big room's device copy (docs/architecture.md §5). The copy holds what the
 * room last sent; an edit made with no line lives only in the live store, as
 * its stub's write on the documents the store holds (app/live/simulation.ts).
 * Drawn over the copy by id, what a person just changed — an edit, a new
 * item, a removal — shows wherever the copy is listed, until the server's
 * answer takes its place.
 */
import { useMemo } from "react";
import { COLLECTION, type ItemDoc } from "../../protocol/api";
import { useConnection, useFind } from "../live";

/** Each item with a write still waiting: as the store shows it now, or null when the write removed it. */
export type PendingItems = ReadonlyMap<string, ItemDoc | null>;

const NONE: PendingItems = new Map();

export function usePendingItems(): PendingItems {
  const { store } = useConnection();
  // A stub's write, and its end when the call settles, each change what the store shows of items.
  const shown = useFind(COLLECTION.ITEMS);
  return useMemo(() => {
    const ids = store.pendingIds(COLLECTION.ITEMS);
    if (ids.size === 0) return NONE;
    const pending = new Map<string, ItemDoc | null>();
    for (const doc of shown) if (ids.has(doc._id)) pending.set(doc._id, doc as unknown as ItemDoc);
    for (const id of ids) if (!pending.has(id)) pending.set(id, null);
    return pending;
  }, [store, shown]);
}

/** `items` with the waiting writes on top; the same array when nothing waits. */
export function withPendingItems(items: readonly ItemDoc[], pending: PendingItems): readonly ItemDoc[] {
  if (pending.size === 0) return items;
  const out: ItemDoc[] = [];
  const listed = new Set<string>();
  for (const item of items) {
    const mine = pending.get(item._id);
    if (mine === undefined) {
      out.push(item);
      continue;
    }
    listed.add(item._id);
    if (mine) out.push(mine);
  }
  // Items added here that the copy has not had yet.
  for (const [id, doc] of pending) if (doc && !listed.has(id)) out.push(doc);
  return out;
}

/** `useMemo`'d `withPendingItems` over a list that may not be there yet (null stays null). */
export function useWithPendingItems(items: readonly ItemDoc[] | null): readonly ItemDoc[] | null {
  const pending = usePendingItems();
  return useMemo(() => (items ? withPendingItems(items, pending) : null), [items, pending]);
}
