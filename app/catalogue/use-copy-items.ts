/**
 * Every item of a big room's device copy, held in memory, for a page that
 * must know every item whatever windows it holds — the stocktake counts
 * against all of them, also with no line (docs/architecture.md §5). The copy
 * is read whole once (with the change number it is up to); after that each
 * page of changes the refresh keeps is applied here too, so it is not read
 * whole again while the page is open — unless a page does not follow on from
 * what is held (another tab refreshed the same copy meanwhile), when it is.
 * The edits made on this device and not yet saved are on top
 * (pending-items.ts).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ItemCopyPage, ItemDoc } from "../../protocol/api";
import type { CatalogueCopy } from "./catalogue-copy";
import { useWithPendingItems } from "./pending-items";
import { type CopyProgress, useCopyRefresh, useDeviceCopy } from "./use-copy-refresh";

export interface CopyItems extends CopyProgress {
  /** Every item of the copy, with this device's waiting edits on top (null until read). */
  items: readonly ItemDoc[] | null;
}

interface Held {
  copy: CatalogueCopy;
  seq: number;
  byId: Map<string, ItemDoc>;
}

export function useCopyItems(enabled: boolean, roomId: string): CopyItems {
  const copy = useDeviceCopy(enabled, roomId);
  const held = useRef<Held | null>(null);
  const reading = useRef(0);
  const [kept, setKept] = useState<readonly ItemDoc[] | null>(null);

  /** Reads the whole copy again; pages kept meanwhile are in what it reads, or are read again after. */
  const read = useCallback((from: CatalogueCopy) => {
    held.current = null;
    const turn = ++reading.current;
    void from.snapshot().then(({ seq, items }) => {
      // A later read (or another copy: another room, another person) took its place.
      if (turn !== reading.current) return;
      held.current = { copy: from, seq, byId: new Map(items.map((item) => [item._id, item])) };
      setKept(items);
    });
  }, []);

  useEffect(() => {
    setKept(null);
    if (copy) read(copy);
    else {
      held.current = null;
      reading.current++;
    }
  }, [copy, read]);

  const onPage = useCallback(
    (page: ItemCopyPage, afterSeq: number, from: CatalogueCopy) => {
      const now = held.current;
      if (!now || now.copy !== from) return;
      if (afterSeq !== now.seq) return read(from);
      for (const item of page.items) now.byId.set(item._id, item);
      for (const id of page.removed) now.byId.delete(id);
      now.seq = page.seq;
      setKept([...now.byId.values()]);
    },
    [read],
  );
  // A refresh ends where the copy is: if what is held is not there (pages missed while reading), read again.
  const onRefreshed = useCallback(
    (from: CatalogueCopy) => {
      const now = held.current;
      if (now?.copy !== from) return;
      void from.seq().then((seq) => {
        if (held.current === now && seq !== now.seq) read(from);
      });
    },
    [read],
  );
  const progress = useCopyRefresh(copy, kept !== null, { onPage, onRefreshed });
  return {
    items: useWithPendingItems(kept),
    held: progress.held ?? kept?.length ?? null,
    copying: progress.copying,
  };
}
