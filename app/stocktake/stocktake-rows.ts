/**
 * What a stocktake's scans add up to against the items it counts: how many
 * of each variant were counted and by whom, each countable variant's
 * difference from its recorded quantity, what is expected and not yet seen.
 * A product without options is its own only variant, so it is one row as
 * it always was; a product with options is a row per variant, "Tee — M"
 * (protocol/variants.ts, docs/architecture.md §9). Pure, so it is computed
 * once per change of scans or items, over a big room's whole device copy too.
 */
import { hasVariants, type ItemDoc, type StocktakeScanDoc, variantName } from "../../protocol/api";

export interface StocktakeRow {
  item: ItemDoc;
  /** The variant counted (the item's own id for a product without options): the row's key. */
  variantId: string;
  /** The item's title, with the variant's name for a product with options ("Tee — M"). */
  title: string;
  /** What the room has recorded of it. */
  expected: number;
  counted: number | null;
  difference: number | null;
}

export interface Tally {
  /** Scans per variant id (the item's id for a product without options). */
  counts: Map<string, number>;
  /** Scans per person. */
  byPerson: Map<string, number>;
  /** Every variant that is counted: of an item neither archived nor sold. */
  rows: StocktakeRow[];
  unseen: StocktakeRow[];
  differing: StocktakeRow[];
}

/** The rows an item counts as: one, or one per variant. */
function rowsOf(item: ItemDoc, counts: ReadonlyMap<string, number>): StocktakeRow[] {
  const row = (variantId: string, title: string, expected: number): StocktakeRow => {
    const counted = counts.get(variantId) ?? null;
    return { item, variantId, title, expected, counted, difference: counted === null ? null : counted - expected };
  };
  if (!hasVariants(item)) return [row(item._id, item.title, item.quantity)];
  return (item.variants ?? []).map((variant) =>
    row(variant._id, `${item.title} — ${variantName(variant)}`, variant.quantity),
  );
}

export function tally(scans: readonly StocktakeScanDoc[], items: readonly ItemDoc[]): Tally {
  const counts = new Map<string, number>();
  const byPerson = new Map<string, number>();
  for (const scan of scans) {
    // A scan from before products had variants counted the item's only one.
    const counted = scan.variantId || scan.itemId;
    counts.set(counted, (counts.get(counted) ?? 0) + 1);
    byPerson.set(scan.userId, (byPerson.get(scan.userId) ?? 0) + 1);
  }
  const rows = items
    .filter((item) => item.status !== "archived" && item.status !== "sold")
    .flatMap((item) => rowsOf(item, counts));
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
