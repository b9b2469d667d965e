/**
 * An item's options and variants as Shopify's `productSet` takes them
 * (publish.ts): a product sold as one item is the store's "Default Title"
 * variant; one sold in variants has its options and a variant for each of
 * ours (protocol/variants.ts).
 */
import type { ItemDoc } from "../../protocol/api";

const DEFAULT_OPTION = { optionName: "Title", name: "Default Title" };

export const money = (cents: number) => (cents / 100).toFixed(2);

/** A product sold as one item, with its stock at the store's location. */
export function oneVariantInput(item: ItemDoc, locationId: string) {
  return {
    productOptions: [{ name: DEFAULT_OPTION.optionName, values: [{ name: DEFAULT_OPTION.name }] }],
    variants: [
      {
        optionValues: [DEFAULT_OPTION],
        price: money(item.priceCents),
        inventoryItem: { sku: item.sku, tracked: true },
        inventoryQuantities: [{ locationId, name: "available", quantity: item.quantity }],
      },
    ],
  };
}

/**
 * A product sold in variants as `productSet` takes it: its options with
 * their values, and a variant for each of ours (protocol/variants.ts).
 * Stock goes with a new product (`locationId`); after that a variant's
 * stock is not sent blindly over the store's (publish.ts updateProduct).
 */
export function variantsInput(item: ItemDoc, locationId: string | null) {
  const options = item.options ?? [];
  const variants = item.variants ?? [];
  return {
    productOptions: options.map((name, index) => ({
      name,
      values: [...new Set(variants.map((variant) => variant.values[index] ?? ""))].map((value) => ({ name: value })),
    })),
    variants: variants.map((variant) => ({
      optionValues: options.map((optionName, index) => ({ optionName, name: variant.values[index] ?? "" })),
      price: money(variant.priceCents),
      ...(variant.barcode ? { barcode: variant.barcode } : {}),
      inventoryItem: { sku: variant.sku, tracked: true },
      ...(locationId ? { inventoryQuantities: [{ locationId, name: "available", quantity: variant.quantity }] } : {}),
    })),
  };
}
