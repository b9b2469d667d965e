/**
 * Keeps a big room's catalogue copy (catalogue-copy.ts, docs/architecture.md
 * §5) up to date while a page that uses it is open and the line is up — at
 * once, then every minute. The catalogue lists the copy with no line
 * (use-catalogue-copy.ts); the stocktake counts against it
 * (use-copy-items.ts).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { type ItemCopyPage, LIMITS, METHOD } from "../../protocol/api";
import { useLoginState } from "../accounts/react";
import { useStatus } from "../live";
import { useCall } from "../live-api";
import { roomEndpoint } from "../room/room-views";
import { CatalogueCopy, copyName, refreshCopy } from "./catalogue-copy";

const REFRESH_EVERY_MS = 60_000;

/** The signed-in person's copy of a big room's catalogue (null when `enabled` is false or no one is signed in). */
export function useDeviceCopy(enabled: boolean, roomId: string): CatalogueCopy | null {
  const { userId } = useLoginState();
  return useMemo(
    () => (enabled && userId ? new CatalogueCopy(copyName(userId, roomEndpoint(roomId))) : null),
    [enabled, userId, roomId],
  );
}

export interface CopyProgress {
  /** Items the copy holds (null until known). */
  held: number | null;
  /** Changes fetched by the refresh under way, or null when none runs. */
  copying: number | null;
}

export interface CopyRefreshHooks {
  /** A page of changes is kept, starting from change number `afterSeq` (the copy it came into is named). */
  onPage?(page: ItemCopyPage, afterSeq: number, copy: CatalogueCopy): void;
  /** A refresh went to its end. */
  onRefreshed?(copy: CatalogueCopy): void;
}

/**
 * Refreshes `copy` while `ready` and the line is up. A refresh belongs to
 * the line it started on: when that goes (or the page closes) it keeps
 * nothing more, and the next line starts a new one from where the copy is.
 */
export function useCopyRefresh(
  copy: CatalogueCopy | null,
  ready: boolean,
  hooks: CopyRefreshHooks = {},
): CopyProgress & { setHeld(held: number): void } {
  const connected = useStatus().connected;
  const call = useCall();
  const [held, setHeld] = useState<number | null>(null);
  const [copying, setCopying] = useState<number | null>(null);
  const latestHooks = useRef(hooks);
  latestHooks.current = hooks;

  useEffect(() => {
    if (!copy || !connected || !ready) return;
    let stopped = false;
    let running = false;
    const refresh = async () => {
      if (running) return;
      running = true;
      try {
        const count = await refreshCopy(
          copy,
          (afterSeq) => call(METHOD.ITEMS_COPY, afterSeq, LIMITS.WINDOW),
          (changes, page, afterSeq) => {
            // A page kept is told even after a stop: it is in the copy, and whoever holds it in memory needs it.
            latestHooks.current.onPage?.(page, afterSeq, copy);
            if (!stopped) setCopying(changes);
          },
          () => stopped,
        );
        if (!stopped) {
          setHeld(count);
          latestHooks.current.onRefreshed?.(copy);
        }
      } catch {
        // The line went, or the room refused: the next refresh goes on from the last page kept.
      } finally {
        running = false;
        if (!stopped) setCopying(null);
      }
    };
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      setCopying(null);
    };
  }, [copy, connected, ready, call]);

  return { held, copying, setHeld };
}
