/**
 * An item's options and variants as Shopify's `productSet` takes them
 * (publish.ts): a product sold as one item is the store's "Default Title"
 * variant; one sold in variants has its options and a variant for each of
 * ours (protocol/variants.ts).
 */
import { type ItemDoc, type VariantDoc, variantsOf } from "../../protocol/api";
import { variantDetailsInput } from "./store-details";

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

/** A variant's price, "was" price, codes, cost and weight as a variant input takes them (its stock aside). */
export function variantInput(variant: VariantDoc) {
  const details = variantDetailsInput(variant);
  return {
    price: money(variant.priceCents),
    compareAtPrice: details.compareAtPrice,
    ...(variant.barcode ? { barcode: variant.barcode } : {}),
    inventoryItem: { sku: variant.sku, tracked: true, ...details.inventoryItem },
  };
}

/** A product sold as one item, with its stock at the store's locations. */
export function oneVariantInput(item: ItemDoc, stock: readonly StockAt[]) {
  const [only] = variantsOf(item);
  return {
    productOptions: [{ name: DEFAULT_OPTION.optionName, values: [{ name: DEFAULT_OPTION.name }] }],
    variants: [
      {
        optionValues: [DEFAULT_OPTION],
        ...(only ? variantInput(only) : { price: money(item.priceCents) }),
        inventoryQuantities: quantitiesInput(stock),
      },
    ],
  };
}

/** How each variant goes: the store variant it is (an update), or the stock a new one starts with. */
export interface VariantsSent {
  /** The store variant it is already; undefined for one the store does not have yet. */
  storeIdOf(variant: VariantDoc): string | undefined;
  /** A new variant's stock at the store's locations; null to send none. */
  stockOf(variant: VariantDoc): StockAt[] | null;
}

/**
 * A product sold in variants as `productSet` takes it: its options with
 * their values, and a variant for each of ours (protocol/variants.ts).
 * One the store has is named by its id, its stock left as the store counts
 * it (each movement goes as an adjustment, store-push.ts); a new one goes
 * with its stock at each mapped location.
 */
export function variantsInput(item: ItemDoc, sent: VariantsSent) {
  const options = item.options ?? [];
  const variants = item.variants ?? [];
  return {
    productOptions: options.map((name, index) => ({
      name,
      values: [...new Set(variants.map((variant) => variant.values[index] ?? ""))].map((value) => ({ name: value })),
    })),
    variants: variants.map((variant) => {
      const id = sent.storeIdOf(variant);
      const stock = id ? null : sent.stockOf(variant);
      return {
        ...(id ? { id } : {}),
        optionValues: options.map((optionName, index) => ({ optionName, name: variant.values[index] ?? "" })),
        ...variantInput(variant),
        ...(stock ? { inventoryQuantities: quantitiesInput(stock) } : {}),
      };
    }),
  };
}

/** The stock a product sold as one item starts with in the store. */
export function itemStockAt(item: ItemDoc, places: StockPlaces): StockAt[] {
  const [only] = variantsOf(item);
  return only ? stockAtPlaces(only, places) : [];
}
