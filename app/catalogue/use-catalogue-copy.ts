/**
 * The catalogue's use of a big room's copy (catalogue-copy.ts): kept up to
 * date while the catalogue is open and the line is up (use-copy-refresh.ts)
 * and, with no line, every item of it for the list — with the edits made on
 * this device and not yet saved on top (pending-items.ts), so what a person
 * just changed offline shows in the list.
 */
import { useEffect, useState } from "react";
import type { ItemDoc } from "../../protocol/api";
import { useStatus } from "../live";
import { useWithPendingItems } from "./pending-items";
import { type CopyProgress, useCopyRefresh, useDeviceCopy } from "./use-copy-refresh";

export interface CopyState extends CopyProgress {
  /** Every item of the copy, while there is no line (null otherwise). */
  offlineItems: readonly ItemDoc[] | null;
  /** Reads every item of the copy (for an export of the whole catalogue); null in a room without one. */
  readAll: (() => Promise<readonly ItemDoc[]>) | null;
}

export function useCatalogueCopy(enabled: boolean, roomId: string): CopyState {
  const connected = useStatus().connected;
  const copy = useDeviceCopy(enabled, roomId);
  const { held, copying, setHeld } = useCopyRefresh(copy, true);
  const [kept, setKept] = useState<readonly ItemDoc[] | null>(null);

  useEffect(() => {
    setKept(null);
    if (!copy || connected) return;
    let current = true;
    void copy.all().then((items) => {
      if (!current) return;
      setKept(items);
      setHeld(items.length);
    });
    return () => {
      current = false;
    };
  }, [copy, connected, setHeld]);

  return { held, copying, offlineItems: useWithPendingItems(kept), readAll: copy ? () => copy.all() : null };
}
