/**
 * The stocktake scan's quick local version: a typed SKU, an item id, or a
 * scanned label whose link is among the labels the room sent
 * (`stocktake.labels`) counts at once, under the scan id the server will
 * give it, so a scan made in a basement with no signal shows in the counts
 * and joins the server's once, when the line is back. Anything else counts
 * when the server answers. A SKU matches in any case, as on the server.
 * Taking a scan back shows at once too. In a big room the live store holds
 * only windows, so the items of the device copy that the stocktake holds are
 * searched as well (use-stocktake-items.ts, docs/architecture.md §5): a code
 * typed or scanned with no line finds any item of the room. A count is of a
 * variant (docs/stock.md): a variant's own SKU, barcode or label names it;
 * a product sold in variants is never counted as one of them by its own
 * label, as on the server.
 */
import * as v from "valibot";
import {
  COLLECTION,
  type ItemDoc,
  METHOD,
  type StocktakeScanDoc,
  type VariantDoc,
  variantName,
} from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import { barcodeForms } from "../../protocol/barcodes";
import { labelKey, labelVariant, variantNeeded } from "../../protocol/label-key";
import { tallyCountId, tallyPersonId } from "../../protocol/stocktake-args";
import type { LiveDoc } from "../live";
import type { MethodStub } from "../live/simulation";

/** What finding an item by its code reads of it. */
interface CodedItem {
  readonly _id: string;
  readonly sku?: unknown;
  readonly barcode?: unknown;
  readonly title?: unknown;
  readonly variants?: unknown;
  readonly shareCode?: unknown;
}

/** What a code names here: the item, which of its variants, and how a person reads it ("Tee — M"). */
export interface CodeTargetHere<T> {
  item: T;
  variantId: string;
  title: string;
}

const variantsHere = (item: CodedItem): readonly VariantDoc[] =>
  Array.isArray(item.variants) ? (item.variants as VariantDoc[]) : [];

/** A big room's device copy as the stocktake holds it (empty while it holds none, and in other rooms). */
export interface DeviceItems {
  current: readonly ItemDoc[];
}

/** The product a label, the product's own SKU or barcode, or its id names (undefined: none here). */
function productForCodeHere<T extends CodedItem>(
  code: string,
  items: readonly T[],
  labels: readonly LiveDoc[],
): T | undefined {
  const key = labelKey(code);
  // A label's short link: its code is on its item.
  if (key?.startsWith("s:")) return items.find((item) => item.shareCode === key.slice(2));
  if (key) {
    // A store page: the room's labels say whose.
    const labelled = labels.find((doc) => Array.isArray(doc.keys) && doc.keys.includes(key));
    return labelled ? items.find((item) => item._id === labelled._id) : undefined;
  }
  const lower = code.toLowerCase();
  const forms = barcodeForms(code);
  return (
    items.find((item) => item.sku === code) ??
    items.find((item) => typeof item.sku === "string" && item.sku !== "" && item.sku.toLowerCase() === lower) ??
    items.find((item) => typeof item.barcode === "string" && item.barcode !== "" && forms.includes(item.barcode)) ??
    items.find((item) => item._id === code)
  );
}

/**
 * The item and variant a scanned or typed code names, among the documents
 * this browser has (undefined: ask the server). Found in the server's order
 * (worker/inventory/item-for-code.ts): a variant's own SKU or barcode in any
 * case and form, then what names a product — a product without options
 * itself, a product sold in variants only through a variant's label. A
 * code that names a product sold in variants and none of them is not
 * counted here (see `variantNeededHere`).
 */
export function targetForCodeHere<T extends CodedItem>(
  code: string,
  items: readonly T[],
  labels: readonly LiveDoc[],
): CodeTargetHere<T> | undefined {
  const titleOf = (item: T, variant?: VariantDoc) =>
    variant && variant.values.length > 0 ? `${String(item.title)} — ${variantName(variant)}` : String(item.title);
  if (!labelKey(code)) {
    const forms = new Set([code, ...barcodeForms(code)].map((form) => form.toLowerCase()));
    const named = (text: string) => text !== "" && forms.has(text.toLowerCase());
    for (const item of items) {
      const variant = variantsHere(item).find((each) => named(each.sku) || named(each.barcode));
      if (variant) return { item, variantId: variant._id, title: titleOf(item, variant) };
    }
  }
  const product = productForCodeHere(code, items, labels);
  if (!product) return undefined;
  const variants = variantsHere(product);
  if (variants.length === 0) return { item: product, variantId: product._id, title: titleOf(product) };
  const variant = variants.find((each) => each._id === labelVariant(code));
  return variant ? { item: product, variantId: variant._id, title: titleOf(product, variant) } : undefined;
}

/**
 * Why a code that named no variant here (`targetForCodeHere` found none)
 * cannot be counted: it names a product sold in variants and none of them
 * (its product label, its id), as the server would say. Asked only on a miss,
 * so a scan looks through the room's items once.
 */
export function variantNeededHere<T extends CodedItem>(
  code: string,
  items: readonly T[],
  labels: readonly LiveDoc[],
): string | null {
  const product = productForCodeHere(code, items, labels);
  return product && variantsHere(product).length > 0 && !labelVariant(code)
    ? variantNeeded(String(product.title))
    : null;
}

/** The item a scanned or typed code names, among the documents this browser has (undefined: ask the server). */
export function itemForCodeHere<T extends CodedItem>(
  code: string,
  items: readonly T[],
  labels: readonly LiveDoc[],
): T | undefined {
  return targetForCodeHere(code, items, labels)?.item;
}

/** What an item's variant holds at a location, as this phone knows it. */
function stockHere(item: CodedItem, variantId: string, locationId: string): number {
  const variant = variantsHere(item).find((each) => each._id === variantId);
  const stock = (variant?.stock ?? (item as { stock?: Record<string, number> }).stock ?? {}) as Record<string, number>;
  return stock[locationId] ?? 0;
}

export function stocktakeStubs(env: {
  userId(): string | null;
  now?(): Date;
  deviceItems?: DeviceItems;
}): Record<string, MethodStub> {
  return {
    [METHOD.STOCKTAKE_SCAN]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.STOCKTAKE_SCAN], params);
      if (!parsed.success) return;
      const [stocktakeId, code, options] = parsed.output;
      const shown = ctx.find(COLLECTION.ITEMS);
      const kept = env.deviceItems?.current ?? [];
      const items = kept.length === 0 ? shown : [...shown, ...kept];
      const target = targetForCodeHere(code, items, ctx.find(COLLECTION.STOCKTAKE_LABELS));
      if (!target) return;
      // Where it counts: the place this phone counts at, else the stocktake's first (as the server does).
      const stocktake = ctx.find(COLLECTION.STOCKTAKES).find((doc) => doc._id === stocktakeId);
      const places = Array.isArray(stocktake?.locations) ? (stocktake.locations as string[]) : [];
      const locationId = options?.locationId ?? places[0] ?? "";
      const scan: StocktakeScanDoc = {
        _id: ctx.newId(COLLECTION.STOCKTAKE_SCANS),
        stocktakeId,
        itemId: target.item._id,
        variantId: target.variantId,
        locationId,
        userId: env.userId() ?? "",
        at: options?.at !== undefined ? new Date(options.at) : (env.now?.() ?? new Date()),
        // What this phone knows is recorded there now (the server says what was, when it answers).
        heldThen: stockHere(target.item, target.variantId, locationId),
      };
      ctx.insert(COLLECTION.STOCKTAKE_SCANS, { ...scan });
      countInTally(ctx, scan, 1);
    },
    [METHOD.STOCKTAKE_UNSCAN]: (ctx, ...params) => {
      const parsed = v.safeParse(METHOD_ARGS[METHOD.STOCKTAKE_UNSCAN], params);
      if (!parsed.success) return;
      const scan = ctx.findOne(COLLECTION.STOCKTAKE_SCANS, parsed.output[1]) as StocktakeScanDoc | undefined;
      ctx.remove(COLLECTION.STOCKTAKE_SCANS, parsed.output[1]);
      if (scan) countInTally(ctx, scan, -1);
    },
  };
}

/**
 * A scan made or taken back on this phone, in the stocktake's tally at once
 * (the server's tally replaces it when it answers): its variant at its
 * place, and its person.
 */
function countInTally(ctx: Parameters<MethodStub>[0], scan: StocktakeScanDoc, by: 1 | -1): void {
  const bump = (id: string, fields: Record<string, unknown>, latest?: Record<string, unknown>) => {
    const before = ctx.findOne(COLLECTION.STOCKTAKE_TALLY, id);
    const count = (typeof before?.count === "number" ? before.count : 0) + by;
    if (count <= 0) {
      if (before) ctx.remove(COLLECTION.STOCKTAKE_TALLY, id);
    } else if (before) ctx.update(COLLECTION.STOCKTAKE_TALLY, id, { count, ...(by > 0 ? latest : {}) });
    else ctx.insert(COLLECTION.STOCKTAKE_TALLY, { _id: id, ...fields, ...latest, count });
  };
  const { stocktakeId, variantId, locationId, userId } = scan;
  bump(
    tallyCountId(stocktakeId, variantId, locationId),
    { stocktakeId, variantId, locationId },
    { lastAt: scan.at, heldThen: scan.heldThen },
  );
  bump(tallyPersonId(stocktakeId, userId), { stocktakeId, userId });
}
