/**
 * What a stocktake's scans add up to against the items it counts
 * (docs/stock.md): how many of each variant were counted at each of the
 * stocktake's locations and by whom, what moved there since it was counted,
 * what applying will set, and what is expected and not yet seen. A product
 * without options is its own only variant, so it is one row as it always
 * was; a product with options is a row per variant, "Tee — M". A stocktake
 * of several locations has a row per variant and location. It reads the
 * stocktake's tally (what the server adds the scans up to, and this phone's
 * own scans on top until the server has them), not every scan. Pure, so it
 * is computed once per change of the tally or items, over a big room's
 * whole device copy too.
 */
import {
  hasVariants,
  type ItemDoc,
  type StocktakeCountDoc,
  type StocktakePersonDoc,
  variantName,
} from "../../protocol/api";

export interface StocktakeRow {
  item: ItemDoc;
  /** The variant counted (the item's own id for a product without options). */
  variantId: string;
  locationId: string;
  /** The row's key: the variant at its location. */
  key: string;
  /** The item's title, with the variant's name for a product with options ("Tee — M"). */
  title: string;
  /** What the room has recorded of it there now. */
  expected: number;
  counted: number | null;
  /** What moved there since it was last scanned (a sale after the shelf was counted): 0 when nothing. */
  since: number;
  /** What applying changes: the count plus what moved since, less what is recorded now. */
  difference: number | null;
}

export interface Tally {
  /** Scans per row key (variant at location). */
  counts: Map<string, number>;
  /** Scans per person. */
  byPerson: Map<string, number>;
  /** Every variant that is counted, at every location counted: of an item neither archived nor sold. */
  rows: StocktakeRow[];
  unseen: StocktakeRow[];
  differing: StocktakeRow[];
}

export const rowKey = (variantId: string, locationId: string) => `${variantId}@${locationId}`;

/** The last scan of each row: what the room had recorded there when it was counted. */
interface LastScan {
  at: number;
  heldThen: number | null;
}

function rowsOf(
  item: ItemDoc,
  locations: readonly string[],
  counts: ReadonlyMap<string, number>,
  last: ReadonlyMap<string, LastScan>,
): StocktakeRow[] {
  const variants = hasVariants(item)
    ? (item.variants ?? []).map((variant) => ({
        id: variant._id,
        title: `${item.title} — ${variantName(variant)}`,
        stock: variant.stock ?? {},
      }))
    : [{ id: item._id, title: item.title, stock: item.stock ?? {} }];
  return variants.flatMap((variant) =>
    locations.map((locationId): StocktakeRow => {
      const key = rowKey(variant.id, locationId);
      const expected = variant.stock[locationId] ?? 0;
      const counted = counts.get(key) ?? null;
      // A scan made before scans kept what was recorded counts against what is recorded now.
      const heldThen = last.get(key)?.heldThen ?? expected;
      const since = counted === null ? 0 : expected - heldThen;
      return {
        item,
        variantId: variant.id,
        locationId,
        key,
        title: variant.title,
        expected,
        counted,
        since,
        difference: counted === null ? null : counted + since - expected,
      };
    }),
  );
}

/** A stocktake's tally documents (`stocktake.tally`): a count per variant at a place, and one per person. */
export type TallyDoc = StocktakeCountDoc | StocktakePersonDoc;

export const isCount = (doc: TallyDoc): doc is StocktakeCountDoc => "variantId" in doc;

export function tally(docs: readonly TallyDoc[], items: readonly ItemDoc[], locations: readonly string[]): Tally {
  const counts = new Map<string, number>();
  const byPerson = new Map<string, number>();
  const last = new Map<string, LastScan>();
  for (const doc of docs) {
    if (!isCount(doc)) {
      byPerson.set(doc.userId, doc.count);
      continue;
    }
    const key = rowKey(doc.variantId, doc.locationId);
    counts.set(key, doc.count);
    last.set(key, { at: doc.lastAt.getTime(), heldThen: doc.heldThen });
  }
  const rows = items
    .filter((item) => item.status !== "archived" && item.status !== "sold")
    .flatMap((item) => rowsOf(item, locations, counts, last));
  const unseen = rows.filter((row) => row.counted === null && row.expected > 0);
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
