/**
 * Items this person just removed stay in the list for a few seconds as a
 * "Removed · Undo" row of the same height, then collapse. A removed row
 * that vanished at once let the next row slide under the pointer, so the
 * second click of a double-click (or a quick second click) removed an item
 * nobody aimed at. The stand-in keeps every other row where it was until the
 * person's hand has moved on, and gives Undo a place next to what it undoes.
 * It stays while the pointer is on it or the focus in it (the person may be
 * reaching for Undo), and collapses a few seconds after they leave.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type ItemDoc, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { useToast } from "../ui/Toast";

/** How long a removed row stays in place before it collapses. */
export const REMOVED_ROW_MS = 6_000;

export interface RemovedItem {
  item: ItemDoc;
  /** The row's height when it was removed, kept so nothing below it moves. */
  height: number;
}

export interface Removals {
  /** The removed rows still shown, by item id. */
  shown: ReadonlyMap<string, RemovedItem>;
  remove(item: ItemDoc, height: number): void;
  undo(id: string): void;
  /** The pointer or focus is on the stand-in (`true`) or has left it: it stays while held. */
  hold(id: string, held: boolean): void;
}

/** The fields a removed item had, to bring it back with Undo. */
function restorableFields(item: ItemDoc) {
  const { title, description, sku, priceCents, currency, quantity, status, location, tags, photos } = item;
  const codes = { barcode: item.barcode ?? "", reorderPoint: item.reorderPoint ?? null };
  // A product's variants come back from its history on the server (worker/inventory/restored-variants.ts).
  return { title, description, sku, priceCents, currency, quantity, status, location, tags, photos, ...codes };
}

export function useRemovals(): Removals {
  const call = useCall();
  const toast = useToast();
  const [shown, setShown] = useState<ReadonlyMap<string, RemovedItem>>(new Map());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const forget = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setShown((before) => {
      if (!before.has(id)) return before;
      const next = new Map(before);
      next.delete(id);
      return next;
    });
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const collapseLater = useCallback(
    (id: string) => {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => forget(id), REMOVED_ROW_MS),
      );
    },
    [forget],
  );

  const hold = useCallback(
    (id: string, held: boolean) => {
      if (!held) return collapseLater(id);
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
    },
    [collapseLater],
  );

  const remove = useCallback(
    (item: ItemDoc, height: number) => {
      setShown((before) => new Map(before).set(item._id, { item, height }));
      collapseLater(item._id);
      call(METHOD.ITEMS_REMOVE, item._id).catch((error: unknown) => {
        // Refused: the item is back in the list by itself (its stub's removal was taken back).
        forget(item._id);
        toast.show({ text: errorMessage(error), tone: "danger" });
      });
    },
    [call, toast, forget, collapseLater],
  );

  const undo = useCallback(
    (id: string) => {
      const removed = shown.get(id);
      if (!removed) return;
      forget(id);
      call(METHOD.ITEMS_RESTORE, id, restorableFields(removed.item)).catch((error: unknown) =>
        toast.show({ text: errorMessage(error), tone: "danger" }),
      );
    },
    [shown, call, toast, forget],
  );

  return useMemo(() => ({ shown, remove, undo, hold }), [shown, remove, undo, hold]);
}
