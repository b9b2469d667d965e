/**
 * The items a stocktake counts against. A room that comes whole has every
 * item in the live store, as it always had. A big room's store holds only
 * windows (docs/architecture.md §5), so there the stocktake counts against
 * the device copy — every item, also with no line — with this device's
 * waiting edits on top (app/catalogue/use-copy-items.ts); the copy is handed
 * to the scan's stub too (stocktake-stubs.ts), so a code typed or scanned
 * offline finds an item no window holds and counts it at once.
 */
import { useEffect } from "react";
import { COLLECTION, type ItemDoc } from "../../protocol/api";
import { isItemDoc } from "../catalogue/is-item";
import { useRoomSize } from "../catalogue/room-size";
import { type CopyItems, useCopyItems } from "../catalogue/use-copy-items";
import { useFind } from "../live";
import type { DeviceItems } from "./stocktake-stubs";

const NO_ITEMS: readonly ItemDoc[] = [];

export interface StocktakeItems {
  items: readonly ItemDoc[];
  /** A big room's copy and how far it is (null in a room that comes whole). */
  copy: CopyItems | null;
}

export function useStocktakeItems(roomId: string, deviceItems: DeviceItems): StocktakeItems {
  const big = useRoomSize() === "big";
  const live = useFind(COLLECTION.ITEMS, isItemDoc);
  const copy = useCopyItems(big, roomId);
  const items = big ? (copy.items ?? NO_ITEMS) : live;
  useEffect(() => {
    if (!big) return;
    deviceItems.current = items;
    return () => {
      deviceItems.current = NO_ITEMS;
    };
  }, [big, items, deviceItems]);
  return { items, copy: big ? copy : null };
}
