/** The catalogue's item statuses and sort keys, and a big room's window query (docs/architecture.md §5). */
export const ITEM_STATUSES = ["draft", "ready", "listed", "sold", "archived"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** What the catalogue sorts by. */
export const ITEM_SORT_KEYS = ["createdAt", "updatedAt", "title", "sku", "priceCents", "quantity", "status"] as const;
export type ItemSortKey = (typeof ITEM_SORT_KEYS)[number];

/**
 * One screen's view of a big room's catalogue (`items.window`): the first
 * `limit` items that match, in order. `text`: every word must appear in the
 * title, SKU, location, description or tags.
 */
export interface ItemWindowQuery {
  text: string;
  status: ItemStatus | "all";
  tag: string;
  /** Only items low on stock (at or below their reorder point). */
  low: boolean;
  sort: ItemSortKey;
  descending: boolean;
  limit: number;
}

/** The `itemCounts` document that says how many items match a window's query (its sort and limit aside). */
export function windowCountId(query: Pick<ItemWindowQuery, "text" | "status" | "tag" | "low">): string {
  return JSON.stringify([query.text.trim().toLowerCase(), query.status, query.tag, query.low]);
}

/** Why the server refuses a subscription to the whole catalogue (`items`) of a room above LIMITS.BIG_ROOM. */
export const WHOLE_CATALOGUE_REFUSED =
  "This room's catalogue is too big to send whole: open it in windows (items.window)";
