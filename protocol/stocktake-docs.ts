/** What the server sends of stocktakes (docs/stock.md): the one under way, past ones, scans, the tally, labels. */

/**
 * A room's stocktake (docs/stock.md): one at a time is `open`; applying or
 * cancelling ends it. It counts at `locations` (one or more, each counted
 * on its own).
 */
export interface StocktakeDoc {
  _id: string;
  status: "open" | "applied" | "cancelled";
  startedBy: string;
  startedAt: Date;
  locations: string[];
}

/** A stocktake that has ended: who took part, what was counted, and what it changed. */
export interface PastStocktakeDoc {
  _id: string;
  status: "applied" | "cancelled";
  startedBy: string;
  startedAt: Date;
  endedBy: string;
  endedAt: Date;
  /** Everyone who counted, with how many scans each. */
  people: { userId: string; scans: number }[];
  itemsCounted: number;
  /** The quantities it set (applied stocktakes). */
  changes: { itemId: string; title: string; from: number; to: number }[];
  /** The locations it counted. */
  locations: string[];
  /** Scans that arrived after it was applied (a phone that was offline), waiting for an owner or admin. */
  lateWaiting: number;
}

/**
 * What a stocktake's scans add up to (`stocktake.tally`): how many of one
 * variant were counted at one place, and the latest of those scans (what
 * the room had recorded there then); `_id` is `<stocktake>|<variant>@<place>`.
 */
export interface StocktakeCountDoc {
  _id: string;
  stocktakeId: string;
  variantId: string;
  locationId: string;
  count: number;
  lastAt: Date;
  heldThen: number | null;
}

/** How many scans one person made in a stocktake; `_id` is `<stocktake>|person|<user>`. */
export interface StocktakePersonDoc {
  _id: string;
  stocktakeId: string;
  userId: string;
  count: number;
}

/**
 * One scan of a stocktake: one of a variant counted by `userId` at a
 * location, at a moment. Counts are the scans per variant and location.
 */
export interface StocktakeScanDoc {
  _id: string;
  stocktakeId: string;
  itemId: string;
  /** The variant counted: the item's own id for a product without options. */
  variantId: string;
  /** Where it was counted (one of the stocktake's locations). */
  locationId: string;
  userId: string;
  /** When it was scanned (the phone's time for a scan sent later, from a phone that was offline). */
  at: Date;
  /** What the room had recorded of the variant there at that moment (null: not known). */
  heldThen: number | null;
}

/** What one item's printed labels encode, as `labelKey`s (protocol/label-key.ts). `_id` is the item's id. */
export interface StocktakeLabelDoc {
  _id: string;
  keys: string[];
}
