/**
 * The catalogue's thumbnails come with the rows on screen: the `files`
 * publication sends only the files it is asked for (docs/scale.md), so the
 * rows are taken in pages and each page drawn asks for its items' first
 * photos. Scrolling within a page asks for nothing new; a page scrolled
 * past lets its photos go.
 */
import { PUBLICATION } from "../../protocol/api";
import { useSubscribe } from "../live-api";
import type { ListEntry } from "./catalogue-rows";

const ROWS_PER_PAGE = 50;

/** The pages of rows that hold these row indexes, each with its items' first photos. */
export function photoPages(entries: readonly ListEntry[], shownIndexes: readonly number[]): Map<number, string[]> {
  const pages = new Map<number, string[]>();
  for (const index of shownIndexes) {
    const page = Math.floor(index / ROWS_PER_PAGE);
    if (pages.has(page)) continue;
    const ids = new Set<string>();
    for (const entry of entries.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE)) {
      const first = entry.kind === "item" ? entry.item.photos?.[0] : undefined;
      if (first) ids.add(first);
    }
    pages.set(page, [...ids]);
  }
  return pages;
}

/** Holds one page's photos while it is drawn; draws nothing itself. */
export function RowPhotos({ ids }: { ids: readonly string[] }) {
  useSubscribe(PUBLICATION.FILES, [...ids]);
  return null;
}
