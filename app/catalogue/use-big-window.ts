/**
 * A big room's catalogue window (room-size.ts): subscribed with the list's
 * search, filters and sort, first WINDOW_STEP items, growing by as many as
 * the list scrolls near its end, up to LIMITS.WINDOW; a new search starts
 * again from the top.
 */
import { useCallback, useEffect, useState } from "react";
import { type ItemWindowQuery, LIMITS, PUBLICATION } from "../../protocol/api";
import { useSubscribeIf } from "../live-api";
import type { CatalogueQuery } from "./catalogue-query";
import { useWindowCount } from "./room-size";

export const WINDOW_STEP = 200;

export function useBigWindow(enabled: boolean, query: CatalogueQuery) {
  const [limit, setLimit] = useState(WINDOW_STEP);
  const windowQuery: ItemWindowQuery = {
    text: query.text.trim(),
    status: query.status,
    tag: query.tag === "all" ? "" : query.tag,
    low: query.low,
    sort: query.sort,
    descending: query.descending,
    limit,
  };
  const { text, status, tag, low, sort, descending } = windowQuery;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search, filter or sort starts from the top.
  useEffect(() => setLimit(WINDOW_STEP), [text, status, tag, low, sort, descending]);
  const loading = useSubscribeIf(enabled, PUBLICATION.ITEMS_WINDOW, windowQuery);
  const count = useWindowCount(windowQuery);
  const total = count?.total;
  /** Asks for more once the list shows all it asked for (`shown` rows), if more match. */
  const more = useCallback(
    (shown: number) => {
      setLimit((current) =>
        shown >= current && total !== undefined && current < total && current < LIMITS.WINDOW
          ? Math.min(LIMITS.WINDOW, current + WINDOW_STEP)
          : current,
      );
    },
    [total],
  );
  return {
    limit,
    loading,
    more,
    /** "200 of 10,000+" while more match than are shown; the number alone when all are. */
    countText(shown: number): string {
      if (!count) return shown.toLocaleString();
      const all = `${count.total.toLocaleString()}${count.more ? "+" : ""}`;
      return shown < count.total || count.more ? `${shown.toLocaleString()} of ${all}` : all;
    },
    /** The window can grow no more, and more items match than it shows. */
    atLimit(shown: number): boolean {
      return shown >= LIMITS.WINDOW && count !== undefined && (count.more || count.total > shown);
    },
  };
}
