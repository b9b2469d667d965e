/**
 * What a stocktake's scans add up to against the items it counts: how many
 * of each item were counted and by whom, each countable item's difference
 * from its recorded quantity, what is expected and not yet seen. Pure, so
 * it is computed once per change of scans or items, over a big room's whole
 * device copy too.
 */
import type { ItemDoc, StocktakeScanDoc } from "../../protocol/api";

export interface StocktakeRow {
  item: ItemDoc;
  counted: number | null;
  difference: number | null;
}

export interface Tally {
  /** Scans per item id. */
  counts: Map<string, number>;
  /** Scans per person. */
  byPerson: Map<string, number>;
  /** Every item that is counted: neither archived nor sold. */
  rows: StocktakeRow[];
  unseen: StocktakeRow[];
  differing: StocktakeRow[];
}

export function tally(scans: readonly StocktakeScanDoc[], items: readonly ItemDoc[]): Tally {
  const counts = new Map<string, number>();
  const byPerson = new Map<string, number>();
  for (const scan of scans) {
    counts.set(scan.itemId, (counts.get(scan.itemId) ?? 0) + 1);
    byPerson.set(scan.userId, (byPerson.get(scan.userId) ?? 0) + 1);
  }
  const rows = items
    .filter((item) => item.status !== "archived" && item.status !== "sold")
    .map((item) => {
      const counted = counts.get(item._id) ?? null;
      return { item, counted, difference: counted === null ? null : counted - item.quantity };
    });
  const unseen = rows.filter((row) => row.counted === null && row.item.quantity > 0);
  const differing = rows.filter((row) => row.difference !== null && row.difference !== 0);
  return { counts, byPerson, rows, unseen, differing };
}

/** How many rows a big room's review lists: a table of 100,000 rows would bring a phone to a halt. */
export const BIG_REVIEW_ROWS = 200;

/**
 * A big room's review: the items counted first (what the people counting
 * look for), then the rest, up to BIG_REVIEW_ROWS. A room that comes whole
 * lists every row, in its order.
 */
export function reviewRows(rows: readonly StocktakeRow[], big: boolean): readonly StocktakeRow[] {
  if (!big) return rows;
  const counted = rows.filter((row) => row.counted !== null);
  const rest = rows.filter((row) => row.counted === null);
  return [...counted, ...rest].slice(0, BIG_REVIEW_ROWS);
}
