/**
 * An item's options and variants as Shopify's `productSet` takes them
 * (publish.ts): a product sold as one item is the store's "Default Title"
 * variant; one sold in variants has its options and a variant for each of
 * ours (protocol/variants.ts).
 */
import { type ItemDoc, type VariantDoc, variantsOf } from "../../protocol/api";

/** A variant's stock at one of the store's locations, as a new product is made with it. */
export interface StockAt {
  locationId: string;
  quantity: number;
}

/** Which store location holds which of ours: a variant's stock there is what the store starts with. */
export type StockPlaces = readonly { storeLocationId: string; locationId: string }[];

/** A place that stands for every room location: a room that has not read the store's locations yet. */
export const ALL_LOCATIONS = "*";

/** A variant's stock at each mapped store location (docs/stock.md, "Stock from the store"). */
export function stockAtPlaces(variant: Pick<VariantDoc, "stock" | "quantity">, places: StockPlaces): StockAt[] {
  return places.map((place) => ({
    locationId: place.storeLocationId,
    quantity: place.locationId === ALL_LOCATIONS ? variant.quantity : (variant.stock[place.locationId] ?? 0),
  }));
}

const quantitiesInput = (stock: readonly StockAt[]) =>
  stock.map(({ locationId, quantity }) => ({ locationId, name: "available", quantity }));

const DEFAULT_OPTION = { optionName: "Title", name: "Default Title" };

export const money = (cents: number) => (cents / 100).toFixed(2);

/** A product sold as one item, with its stock at the store's locations. */
export function oneVariantInput(item: ItemDoc, stock: readonly StockAt[]) {
  return {
    productOptions: [{ name: DEFAULT_OPTION.optionName, values: [{ name: DEFAULT_OPTION.name }] }],
    variants: [
      {
        optionValues: [DEFAULT_OPTION],
        price: money(item.priceCents),
        inventoryItem: { sku: item.sku, tracked: true },
        inventoryQuantities: quantitiesInput(stock),
      },
    ],
  };
}

/**
 * A product sold in variants as `productSet` takes it: its options with
 * their values, and a variant for each of ours (protocol/variants.ts).
 * Stock goes with a new product (`stockOf`); after that each movement goes
 * as an adjustment (store-push.ts), never a count over the store's.
 */
export function variantsInput(item: ItemDoc, stockOf: ((variant: VariantDoc) => StockAt[]) | null) {
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
      ...(stockOf ? { inventoryQuantities: quantitiesInput(stockOf(variant)) } : {}),
    })),
  };
}

/** The stock a product sold as one item starts with in the store. */
export function itemStockAt(item: ItemDoc, places: StockPlaces): StockAt[] {
  const [only] = variantsOf(item);
  return only ? stockAtPlaces(only, places) : [];
}
