import { useCallback, useMemo, useState } from "react";
import type { ItemDoc } from "../../protocol/api";

export interface Selection {
  ids: ReadonlySet<string>;
  size: number;
  has(id: string): boolean;
  add(ids: readonly string[]): void;
  remove(ids: readonly string[]): void;
  clear(): void;
}

/** Selected item ids; an item removed by anyone drops out of the selection by itself. */
export function useSelection(items: readonly ItemDoc[]): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const ids = useMemo(() => {
    if (chosen.size === 0) return chosen;
    const present = new Set(items.map((item) => item._id));
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
  return { ids, size: ids.size, has: (id) => ids.has(id), add, remove, clear };
}
