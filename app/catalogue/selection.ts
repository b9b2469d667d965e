import { useCallback, useMemo, useState } from "react";
import type { ItemDoc } from "../../protocol/api";

/**
 * A variant's place in the selection: its product's id and its own (a
 * product's first variant has the product's id, so the pair tells "this
 * size" from "the whole product").
 */
export const variantKey = (itemId: string, variantId: string) => `${itemId}~${variantId}`;

export interface Selection {
  /** Items' ids and variants' keys (variantKey). */
  ids: ReadonlySet<string>;
  /** The items selected themselves (not through a variant of theirs). */
  itemIds: readonly string[];
  size: number;
  has(id: string): boolean;
  add(ids: readonly string[]): void;
  remove(ids: readonly string[]): void;
  clear(): void;
}

/**
 * Selected item ids, and ids of products' variants chosen on their own (a
 * bulk change's price and stock then go to those variants only,
 * `variantSelection`); an item or variant removed by anyone drops out of
 * the selection by itself.
 */
export function useSelection(items: readonly ItemDoc[]): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const ids = useMemo(() => {
    if (chosen.size === 0) return chosen;
    const present = new Set(
      items.flatMap((item) => [item._id, ...(item.variants ?? []).map((v) => variantKey(item._id, v._id))]),
    );
    const kept = [...chosen].filter((id) => present.has(id));
    return kept.length === chosen.size ? chosen : new Set(kept);
  }, [chosen, items]);
  const add = useCallback((list: readonly string[]) => setChosen((s) => new Set([...s, ...list])), []);
  const remove = useCallback(
    (list: readonly string[]) =>
      setChosen((s) => {
        const next = new Set(s);
        for (const id of list) next.delete(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setChosen(new Set()), []);
  const itemIds = useMemo(() => [...ids].filter((id) => !id.includes("~")), [ids]);
  return { ids, itemIds, size: ids.size, has: (id) => ids.has(id), add, remove, clear };
}

/**
 * What a selection asks `items.bulkEdit` for: the items (a product whose
 * variants are chosen counts as selected), and the variants chosen.
 */
export function variantSelection(
  ids: ReadonlySet<string>,
  items: readonly ItemDoc[],
): { itemIds: string[]; variantIds: string[] } {
  const itemIds = new Set<string>();
  const variantIds: string[] = [];
  for (const item of items) {
    if (ids.has(item._id)) itemIds.add(item._id);
    for (const variant of item.variants ?? []) {
      if (!ids.has(variantKey(item._id, variant._id))) continue;
      variantIds.push(variant._id);
      itemIds.add(item._id);
    }
  }
  return { itemIds: [...itemIds], variantIds };
}
