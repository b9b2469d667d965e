/**
 * An item's details the store keeps too (docs/product.md §5, "Publishing"):
 * the product's vendor, type and SEO title and description; each variant's
 * "was" price (compare-at), cost and weight — as Shopify's inputs take them
 * and as its answers give them back.
 */
import { GRAMS_IN, type ItemDoc, type VariantDetails, type WeightUnit } from "../../protocol/api";

/** What the details are read from: an item, or what the store had (store-fields.ts). */
export type DetailSource = Partial<
  Pick<
    ItemDoc,
    | "vendor"
    | "productType"
    | "seoTitle"
    | "seoDescription"
    | "variants"
    | "costCents"
    | "compareAtCents"
    | "weightGrams"
    | "weightUnit"
  >
>;

/** Shopify's names for our weight units. */
const SHOPIFY_UNIT: Record<WeightUnit, string> = { g: "GRAMS", kg: "KILOGRAMS", lb: "POUNDS", oz: "OUNCES" };
const OUR_UNIT: Record<string, WeightUnit> = {
  GRAMS: "g",
  KILOGRAMS: "kg",
  POUNDS: "lb",
  OUNCES: "oz",
  g: "g",
  kg: "kg",
  lb: "lb",
  oz: "oz",
};

const money = (cents: number) => (cents / 100).toFixed(2);

/** The details as one text: what the store last had of them is kept with the listing (store-fields.ts). */
export function detailsText(item: DetailSource): string {
  const variants: VariantDetails[] = item.variants?.length ? item.variants : [item];
  return JSON.stringify([
    item.vendor ?? "",
    item.productType ?? "",
    item.seoTitle ?? "",
    item.seoDescription ?? "",
    variants.map((variant) => [
      variant.compareAtCents ?? null,
      variant.costCents ?? null,
      variant.weightGrams ?? null,
      variant.weightUnit ?? "g",
    ]),
  ]);
}

/** The product's own details as `productSet` and `productUpdate` take them. */
export function productDetailsInput(item: DetailSource) {
  return {
    vendor: item.vendor ?? "",
    productType: item.productType ?? "",
    seo: { title: item.seoTitle ?? "", description: item.seoDescription ?? "" },
  };
}

/** A variant's "was" price, and its inventory item's cost and weight, as Shopify's variant inputs take them. */
export function variantDetailsInput(variant: VariantDetails) {
  const unit = variant.weightUnit ?? "g";
  return {
    compareAtPrice: variant.compareAtCents == null ? null : money(variant.compareAtCents),
    inventoryItem: {
      ...(variant.costCents == null ? {} : { cost: money(variant.costCents) }),
      ...(variant.weightGrams == null
        ? {}
        : {
            measurement: {
              weight: {
                value: Math.round((variant.weightGrams / GRAMS_IN[unit]) * 1000) / 1000,
                unit: SHOPIFY_UNIT[unit],
              },
            },
          }),
    },
  };
}

/** A weight the store gives (a value in a unit) in grams and our unit; null when it gives none. */
export function weightFromStore(
  value: number | null | undefined,
  unit: string | null | undefined,
): { weightGrams: number; weightUnit: WeightUnit } | null {
  // Shopify gives 0 for a weight never set: not a weight.
  if (value == null || !Number.isFinite(value) || value <= 0) return null;
  const ours = OUR_UNIT[unit ?? ""] ?? "g";
  return { weightGrams: Math.min(1_000_000, Math.round(value * GRAMS_IN[ours])), weightUnit: ours };
}
