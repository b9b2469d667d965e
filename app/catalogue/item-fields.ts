/**
 * The item page's fields: how each reads from an item, what typing in it
 * means (parsed as the server will parse it), and how its value reads in a
 * sentence. Pure, so the room can also save a field's draft left by a
 * reload (field-drafts.ts) without the page that typed it.
 */
import * as v from "valibot";
import { GRAMS_IN, type ItemDoc, LIMITS, type WeightUnit } from "../../protocol/api";
import { type ItemPatch, itemPatchSchema } from "../../protocol/args";
import { formatPrice, PRICE_HINT, parsePrice, parseQuantity, QUANTITY_HINT } from "../money";
import { parseTags } from "./catalogue-query";
import type { Parsed } from "./EditableCell";
import { describeText } from "./edit-conflict";

/**
 * Text over a field's limit is refused in words, never cut without a word
 * (the inputs have no maxLength, which would drop what was pasted past it).
 * Counted as the server counts (UTF-16 units), so what passes here passes there.
 */
export function tooLong(label: string, text: string, max: number): string | null {
  const length = text.length;
  return length > max
    ? `${label} can be at most ${max.toLocaleString()} characters; this one has ${length.toLocaleString()}.`
    : null;
}

export interface ItemFieldSpec {
  name: string;
  label: string;
  read(item: ItemDoc): string;
  parse(text: string): Parsed<ItemPatch>;
  describe(text: string, item: ItemDoc): string;
  multiline?: boolean;
  /** Checked by `parse` (with words), not by the input. */
  maxLength?: number;
  inputMode?: "text" | "decimal" | "numeric";
  mono?: boolean;
  placeholder?: string;
}

/** The patch as the server will take it (the protocol's own schema), or its first problem. */
function checked(patch: ItemPatch): Parsed<ItemPatch> {
  const result = v.safeParse(itemPatchSchema, patch);
  return result.success ? { ok: true, value: result.output } : { ok: false, error: result.issues[0].message };
}

const text =
  (
    key:
      | "title"
      | "description"
      | "sku"
      | "supplierSku"
      | "location"
      | "vendor"
      | "productType"
      | "seoTitle"
      | "seoDescription",
    label: string,
    maxLength: number,
  ) =>
  (typed: string): Parsed<ItemPatch> => {
    // Too long is said with the count; the rest (required, trimming) is the schema's.
    const problem = tooLong(label, typed.trim(), maxLength);
    return problem ? { ok: false, error: problem } : checked({ [key]: typed });
  };

export type ItemFieldName =
  | "title"
  | "description"
  | "sku"
  | "barcode"
  | "price"
  | "currency"
  | "quantity"
  | "reorderPoint"
  | "location"
  | "tags"
  | "cost"
  | "supplierSku"
  | "compareAt"
  | "weight"
  | "vendor"
  | "productType"
  | "seoTitle"
  | "seoDescription";

/** An amount the shop may leave open (a cost, a "was" price): empty for none. */
const optionalMoney = (
  key: "costCents" | "compareAtCents",
  label: string,
): Pick<ItemFieldSpec, "read" | "parse" | "describe"> => ({
  read: (item) => (item[key] == null ? "" : ((item[key] as number) / 100).toFixed(2)),
  parse: (typed) => {
    if (typed.trim() === "") return checked({ [key]: null });
    const cents = parsePrice(typed);
    return cents === null ? { ok: false, error: `${label}: ${PRICE_HINT}` } : checked({ [key]: cents });
  },
  describe: (typed, item) => (typed.trim() === "" ? "none" : formatPrice(parsePrice(typed) ?? 0, item.currency)),
});

/** "1.5 kg", "250 g", "12 oz": the weight in grams and the unit it is shown in; a bare number is in the item's unit. */
export function parseWeight(
  typed: string,
  unitNow: WeightUnit = "g",
): { weightGrams: number | null; weightUnit: WeightUnit } | null {
  const text = typed.trim().toLowerCase().replace(",", ".");
  if (text === "") return { weightGrams: null, weightUnit: unitNow };
  const match = /^(\d+(?:\.\d+)?)\s*(g|kg|lb|oz)?$/.exec(text);
  if (!match) return null;
  const weightUnit = (match[2] as WeightUnit | undefined) ?? unitNow;
  return { weightGrams: Math.round(Number(match[1]) * GRAMS_IN[weightUnit]), weightUnit };
}

/** A weight in its unit: "1.5 kg" ("" when not known). */
export function weightText(grams: number | null | undefined, unit: WeightUnit = "g"): string {
  if (grams == null) return "";
  const amount = Math.round((grams / GRAMS_IN[unit]) * 1000) / 1000;
  return `${amount} ${unit}`;
}

export const ITEM_FIELDS: Record<ItemFieldName, ItemFieldSpec> = {
  title: {
    name: "title",
    label: "Title",
    read: (item) => item.title,
    parse: text("title", "Title", LIMITS.ITEM_TITLE),
    describe: describeText,
    maxLength: LIMITS.ITEM_TITLE,
  },
  description: {
    name: "description",
    label: "Description",
    read: (item) => item.description,
    parse: text("description", "Description", LIMITS.ITEM_TEXT),
    describe: describeText,
    multiline: true,
    maxLength: LIMITS.ITEM_TEXT,
  },
  sku: {
    name: "sku",
    label: "SKU",
    read: (item) => item.sku,
    parse: text("sku", "SKU", LIMITS.SKU),
    describe: describeText,
    maxLength: LIMITS.SKU,
    mono: true,
  },
  barcode: {
    name: "barcode",
    label: "Barcode",
    read: (item) => item.barcode ?? "",
    // The schema checks the check digit and says which it should be (protocol/barcodes.ts).
    parse: (typed) => checked({ barcode: typed }),
    describe: describeText,
    maxLength: 48,
    mono: true,
    placeholder: "EAN, UPC or Code 128",
  },
  price: {
    name: "price",
    label: "Price",
    read: (item) => (item.priceCents / 100).toFixed(2),
    parse: (typed) => {
      const priceCents = parsePrice(typed);
      return priceCents === null ? { ok: false, error: PRICE_HINT } : checked({ priceCents });
    },
    describe: (typed, item) => formatPrice(parsePrice(typed) ?? 0, item.currency),
    inputMode: "decimal",
  },
  currency: {
    name: "currency",
    label: "Currency",
    read: (item) => item.currency,
    parse: (typed) => checked({ currency: typed.trim().toUpperCase() }),
    describe: (typed) => typed.trim().toUpperCase(),
    maxLength: 3,
    mono: true,
  },
  quantity: {
    name: "quantity",
    label: "Quantity",
    read: (item) => String(item.quantity),
    parse: (typed) => {
      const quantity = parseQuantity(typed);
      return quantity === null ? { ok: false, error: QUANTITY_HINT } : checked({ quantity });
    },
    describe: (typed) => typed.trim(),
    inputMode: "numeric",
  },
  reorderPoint: {
    name: "reorderPoint",
    label: "Reorder point",
    read: (item) => (item.reorderPoint === null || item.reorderPoint === undefined ? "" : String(item.reorderPoint)),
    parse: (typed) => {
      if (typed.trim() === "") return checked({ reorderPoint: null });
      const reorderPoint = parseQuantity(typed);
      return reorderPoint === null
        ? { ok: false, error: "Enter a whole number of units, or leave it empty" }
        : checked({ reorderPoint });
    },
    describe: (typed) => (typed.trim() === "" ? "none" : typed.trim()),
    inputMode: "numeric",
    placeholder: "Low at or below",
  },
  location: {
    name: "location",
    // Where in its location it sits; the room's locations (a shop floor, a back room) hold its stock.
    label: "Shelf",
    read: (item) => item.location,
    parse: text("location", "Shelf", LIMITS.LOCATION),
    describe: describeText,
    maxLength: LIMITS.LOCATION,
    placeholder: "e.g. Shelf B3",
  },
  tags: {
    name: "tags",
    label: "Tags",
    read: (item) => item.tags.join(", "),
    parse: (typed) => checked({ tags: parseTags(typed) }),
    describe: (typed) => (parseTags(typed).length > 0 ? parseTags(typed).join(", ") : "no tags"),
    placeholder: "Comma-separated, e.g. ceramics, blue",
  },
  cost: {
    name: "cost",
    label: "Cost",
    ...optionalMoney("costCents", "Cost"),
    inputMode: "decimal",
    placeholder: "What one costs you",
  },
  supplierSku: {
    name: "supplierSku",
    label: "Supplier SKU",
    read: (item) => item.supplierSku ?? "",
    parse: text("supplierSku", "Supplier SKU", LIMITS.SKU),
    describe: describeText,
    maxLength: LIMITS.SKU,
    mono: true,
    placeholder: "Their code for it",
  },
  compareAt: {
    name: "compareAt",
    label: "Compare-at price",
    ...optionalMoney("compareAtCents", "Compare-at price"),
    inputMode: "decimal",
    placeholder: "The “was” price",
  },
  weight: {
    name: "weight",
    label: "Weight",
    read: (item) => weightText(item.weightGrams, item.weightUnit),
    parse: (typed) => {
      const weight = parseWeight(typed);
      return weight === null
        ? { ok: false, error: "Enter a weight like 250 g, 1.5 kg, 12 oz or 2 lb" }
        : checked(weight);
    },
    describe: (typed) => typed.trim() || "none",
    placeholder: "e.g. 250 g",
  },
  vendor: {
    name: "vendor",
    label: "Vendor",
    read: (item) => item.vendor ?? "",
    parse: text("vendor", "Vendor", LIMITS.PRODUCT_WORD),
    describe: describeText,
    maxLength: LIMITS.PRODUCT_WORD,
  },
  productType: {
    name: "productType",
    label: "Product type",
    read: (item) => item.productType ?? "",
    parse: text("productType", "Product type", LIMITS.PRODUCT_WORD),
    describe: describeText,
    maxLength: LIMITS.PRODUCT_WORD,
  },
  seoTitle: {
    name: "seoTitle",
    label: "SEO title",
    read: (item) => item.seoTitle ?? "",
    parse: text("seoTitle", "SEO title", LIMITS.SEO_TITLE),
    describe: describeText,
    maxLength: LIMITS.SEO_TITLE,
    placeholder: "The title, when empty",
  },
  seoDescription: {
    name: "seoDescription",
    label: "SEO description",
    read: (item) => item.seoDescription ?? "",
    parse: text("seoDescription", "SEO description", LIMITS.SEO_DESCRIPTION),
    describe: describeText,
    multiline: true,
    maxLength: LIMITS.SEO_DESCRIPTION,
  },
};

/** The field named by a draft kept in storage (any text), if there is one. */
export function itemField(name: string): ItemFieldSpec | undefined {
  return Object.hasOwn(ITEM_FIELDS, name) ? ITEM_FIELDS[name as ItemFieldName] : undefined;
}

/** Typed text means the same as the item's value (so there is nothing to save). */
export function sameValue(spec: ItemFieldSpec, typed: string, item: ItemDoc): boolean {
  const parsed = spec.parse(typed);
  const current = spec.parse(spec.read(item));
  return parsed.ok && current.ok && JSON.stringify(parsed.value) === JSON.stringify(current.value);
}
