/**
 * Keeps a big room's catalogue copy (catalogue-copy.ts) up to date while the
 * catalogue is open and the line is up — at once, then every minute — and,
 * with no line, hands the list every item from it.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { type ItemCopyPage, type ItemDoc, LIMITS, METHOD } from "../../protocol/api";
import { useLoginState } from "../accounts/react";
import { useCall, useStatus } from "../live";
import { roomEndpoint } from "../room/room-views";
import { CatalogueCopy, copyName, refreshCopy } from "./catalogue-copy";

const REFRESH_EVERY_MS = 60_000;

export interface CopyState {
  /** Items the copy holds (null until known). */
  held: number | null;
  /** Changes fetched by the refresh under way, or null when none runs. */
  copying: number | null;
  /** Every item of the copy, while there is no line (null otherwise). */
  offlineItems: readonly ItemDoc[] | null;
}

export function useCatalogueCopy(enabled: boolean, roomId: string): CopyState {
  const { userId } = useLoginState();
  const connected = useStatus().connected;
  const call = useCall();
  const copy = useMemo(
    () => (enabled && userId ? new CatalogueCopy(copyName(userId, roomEndpoint(roomId))) : null),
    [enabled, userId, roomId],
  );
  const [held, setHeld] = useState<number | null>(null);
  const [copying, setCopying] = useState<number | null>(null);
  const [offlineItems, setOfflineItems] = useState<readonly ItemDoc[] | null>(null);
  const running = useRef(false);

  useEffect(() => {
    if (!copy || !connected) return;
    setOfflineItems(null);
    const refresh = async () => {
      if (running.current) return;
      running.current = true;
      try {
        setHeld(
          await refreshCopy(
            copy,
            (afterSeq) => call(METHOD.ITEMS_COPY, afterSeq, LIMITS.WINDOW) as Promise<ItemCopyPage>,
            (changes) => setCopying(changes),
          ),
        );
      } catch {
        // The line went, or the room refused: the next refresh goes on from the last page kept.
      } finally {
        running.current = false;
        setCopying(null);
      }
    };
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [copy, connected, call]);

  useEffect(() => {
    if (!copy || connected) return;
    let current = true;
    void copy.all().then((items) => {
      if (!current) return;
      setOfflineItems(items);
      setHeld(items.length);
    });
    return () => {
      current = false;
    };
  }, [copy, connected]);

  return { held, copying, offlineItems };
}
