/**
 * The variants editor's draft (VariantEditor.tsx), pure: a product's option
 * names and one row per variant as typed, every combination of some values
 * made at once (Size: S, M, L × Colour: Red, Blue → 6 variants, as Shopify
 * does), and the draft read back as one `items.setVariants` call — checked
 * by the same rules the server applies (planVariants, protocol/variants.ts),
 * so a refusal is said before anything is sent.
 */
import * as v from "valibot";
import { hasVariants, type ItemDoc, LIMITS, planVariants, type VariantSpec } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { type VariantSet, variantSetSchema } from "../../protocol/variant-args";
import { errorMessage } from "../components/ErrorText";
import { PRICE_HINT, parsePrice, parseQuantity, QUANTITY_HINT } from "../money";

/** One variant as typed. */
export interface VariantRowDraft {
  /** React's key: the variant's id, or a made-up one for a row not saved yet. */
  key: string;
  /** The variant's id once saved (a product's first variant keeps the product's). */
  _id?: string;
  values: string[];
  sku: string;
  barcode: string;
  price: string;
  /** What one costs the shop, as typed ("" for not known), and as the editor opened with it. */
  cost: string;
  costSeen: string;
  /** The supplier's code for it, as typed. */
  supplierSku: string;
  reorderPoint: string;
  /** Units it holds in all. */
  quantity: number;
  /** Its count at the draft's `countAt` as typed, and as it was when the editor opened (docs/stock.md). */
  count: string;
  countSeen: number;
}

export interface VariantDraft {
  options: string[];
  rows: VariantRowDraft[];
  /** The location whose counts the editor shows and sets ("" before the room's locations arrive). */
  countAt: string;
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;
const priceText = (cents: number) => (cents / 100).toFixed(2);

/** The draft of a product as it is: its options and variants (none for a simple product), counted at `countAt`. */
export function draftOf(item: ItemDoc, countAt = ""): VariantDraft {
  return {
    options: [...(item.options ?? [])],
    countAt,
    rows: (item.variants ?? []).map((variant) => ({
      key: variant._id,
      _id: variant._id,
      values: [...variant.values],
      sku: variant.sku,
      barcode: variant.barcode,
      price: priceText(variant.priceCents),
      cost: variant.costCents == null ? "" : priceText(variant.costCents),
      costSeen: variant.costCents == null ? "" : priceText(variant.costCents),
      supplierSku: variant.supplierSku ?? "",
      reorderPoint: variant.reorderPoint === null ? "" : String(variant.reorderPoint),
      quantity: variant.quantity,
      count: String(variant.stock[countAt] ?? 0),
      countSeen: variant.stock[countAt] ?? 0,
    })),
  };
}

/** The draft counted at another location: each saved variant's count there, as it is now. */
export function countedAt(draft: VariantDraft, item: ItemDoc, countAt: string): VariantDraft {
  const held = (id: string | undefined) =>
    (id && (item.variants ?? []).find((variant) => variant._id === id)?.stock[countAt]) || 0;
  return {
    ...draft,
    countAt,
    rows: draft.rows.map((row) => ({ ...row, count: String(held(row._id)), countSeen: held(row._id) })),
  };
}

/** A new, empty row of `draft` (its price the product's). */
export function blankRow(draft: VariantDraft, item: ItemDoc): VariantRowDraft {
  return {
    key: newKey(),
    values: draft.options.map(() => ""),
    sku: "",
    barcode: "",
    price: priceText(item.priceCents),
    cost: "",
    costSeen: "",
    supplierSku: "",
    reorderPoint: "",
    quantity: 0,
    count: "",
    countSeen: 0,
  };
}

/** "S, M, L" → ["S", "M", "L"]: trimmed, none empty, none twice (in any case). */
export function parseValues(text: string): string[] {
  const out: string[] = [];
  for (const value of text.split(",").map((part) => part.trim())) {
    if (value && !out.some((seen) => seen.toLowerCase() === value.toLowerCase())) out.push(value);
  }
  return out;
}

/** Every combination of one value per list, in order: [[S, M], [Red]] → [[S, Red], [M, Red]]. */
export function combinations(lists: readonly (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>(
    (made, values) => made.flatMap((start) => values.map((value) => [...start, value])),
    [[]],
  );
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value.toLowerCase() === (b[index] ?? "").toLowerCase());

/**
 * The rows for every combination of `valueTexts` (one comma-separated text
 * per option): a row already there for a combination keeps its codes, price
 * and stock; the others are new, at the product's price. Rows of no
 * combination go (saving refuses that for one still holding stock).
 * @returns an error in words when an option has no values.
 */
export function withCombinations(
  draft: VariantDraft,
  valueTexts: readonly string[],
  item: ItemDoc,
): { ok: true; draft: VariantDraft } | { ok: false; error: string } {
  const lists = draft.options.map((_, index) => parseValues(valueTexts[index] ?? ""));
  const empty = lists.findIndex((values) => values.length === 0);
  if (empty >= 0) {
    const name = draft.options[empty]?.trim() || `option ${empty + 1}`;
    return { ok: false, error: `Give some values for ${name}, separated by commas (like S, M, L)` };
  }
  const made = combinations(lists);
  if (made.length > LIMITS.VARIANTS) {
    return { ok: false, error: `That makes ${made.length} variants; a product has at most ${LIMITS.VARIANTS}` };
  }
  const rows = made.map(
    (values) =>
      draft.rows.find((row) => sameValues(row.values, values)) ?? { ...blankRow(draft, item), values: [...values] },
  );
  // A product given its first options: its first variant is the product as it was — its id (so its stock and
  // ledger), its SKU and its barcode stay, rather than the product's own codes vanishing.
  if (!hasVariants(item) && rows[0] && !rows.some((row) => row._id === item._id)) {
    rows[0] = {
      ...rows[0],
      key: item._id,
      _id: item._id,
      sku: rows[0].sku || item.sku,
      barcode: rows[0].barcode || (item.barcode ?? ""),
      cost: rows[0].cost || (item.costCents == null ? "" : priceText(item.costCents)),
      costSeen: item.costCents == null ? "" : priceText(item.costCents),
      supplierSku: rows[0].supplierSku || (item.supplierSku ?? ""),
      quantity: item.quantity,
      count: String(item.stock?.[draft.countAt] ?? 0),
      countSeen: item.stock?.[draft.countAt] ?? 0,
    };
  }
  return { ok: true, draft: { ...draft, rows } };
}

/** Why a row cannot go (it holds stock), in words; null when it may. */
export function whyKeep(row: VariantRowDraft): string | null {
  if (row.quantity <= 0) return null;
  const name = row.values.filter(Boolean).join(" / ") || "This variant";
  return `${name} still holds ${row.quantity.toLocaleString()}: move, sell or correct its stock to 0 before removing it`;
}

/** The draft with option `index` gone (and its value from every row). */
export function withoutOption(draft: VariantDraft, index: number): VariantDraft {
  return {
    ...draft,
    options: draft.options.filter((_, at) => at !== index),
    rows: draft.rows.map((row) => ({ ...row, values: row.values.filter((_, at) => at !== index) })),
  };
}

/** The draft with one more (unnamed) option, and an empty value for it in every row. */
export function withOption(draft: VariantDraft): VariantDraft {
  return {
    ...draft,
    options: [...draft.options, ""],
    rows: draft.rows.map((row) => ({ ...row, values: [...row.values, ""] })),
  };
}

function rowSpec(row: VariantRowDraft, index: number, countAt: string): VariantSet["variants"][number] {
  const name = row.values.filter(Boolean).join(" / ") || `Variant ${index + 1}`;
  const priceCents = row.price.trim() === "" ? undefined : parsePrice(row.price);
  if (priceCents === null) throw new LiveError(400, `${name}: ${PRICE_HINT}`);
  const costCents = row.cost.trim() === "" ? null : parsePrice(row.cost);
  if (costCents === null && row.cost.trim() !== "") throw new LiveError(400, `${name}, cost: ${PRICE_HINT}`);
  const reorderPoint = row.reorderPoint.trim() === "" ? null : parseQuantity(row.reorderPoint);
  if (reorderPoint === null && row.reorderPoint.trim() !== "") {
    throw new LiveError(400, `${name}: the reorder point must be a whole number of units, or empty`);
  }
  // A count typed (and changed) at the editor's location is set there, with what was seen.
  const count = row.count.trim() === "" ? null : parseQuantity(row.count);
  if (count === null && row.count.trim() !== "") throw new LiveError(400, `${name}: ${QUANTITY_HINT}`);
  const counted = count !== null && count !== row.countSeen && countAt !== "";
  return {
    ...(row._id ? { _id: row._id } : {}),
    values: row.values,
    sku: row.sku,
    barcode: row.barcode,
    ...(priceCents === undefined ? {} : { priceCents }),
    // A cost only when typed: a receipt meanwhile changed it (and its average), which a save must not undo.
    ...(row._id === undefined || row.cost !== row.costSeen ? { costCents } : {}),
    supplierSku: row.supplierSku,
    reorderPoint,
    ...(counted ? { count: { locationId: countAt, quantity: count, seen: row.countSeen } } : {}),
  };
}

/**
 * The draft as the one `items.setVariants` call that saves it, checked as
 * the server checks it (its schema, then planVariants), or why not, in words.
 */
export function setOf(
  item: ItemDoc,
  draft: VariantDraft,
): { ok: true; set: VariantSet } | { ok: false; error: string } {
  try {
    const options = draft.options.map((name) => name.trim());
    const variants = options.length === 0 ? [] : draft.rows.map((row, index) => rowSpec(row, index, draft.countAt));
    const parsed = v.safeParse(variantSetSchema, { options, variants });
    if (!parsed.success) return { ok: false, error: parsed.issues[0]?.message ?? "Check the variants" };
    // New variants' ids are the server's to give; any will do to check the rest.
    let id = 0;
    const specs = parsed.output.variants.map(({ count: _count, ...spec }) => spec);
    planVariants(item, parsed.output.options, specs as VariantSpec[], () => `check-${++id}`);
    return { ok: true, set: parsed.output };
  } catch (caught) {
    return { ok: false, error: errorMessage(caught) };
  }
}
