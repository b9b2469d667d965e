/**
 * The fields an item shares with its store product, and what the store had
 * of them last (kept with the listing): publishing sends only what differs.
 */
import type { ItemDoc } from "../../protocol/api";
import { type DetailSource, detailsText } from "./store-details";

export interface StoreFields {
  title: string;
  description: string;
  priceCents: number;
  sku: string;
  quantity: number;
  photos: string[];
  /** A product sold in variants: its options and each variant's values, SKU, barcode and price ("" otherwise). */
  variants?: string;
  /** Its vendor, type and SEO, and each variant's "was" price, cost and weight (store-details.ts). */
  details?: string;
}

type StoreSource = Pick<ItemDoc, "title" | "description" | "priceCents" | "sku" | "quantity" | "photos"> &
  Partial<Pick<ItemDoc, "options" | "variants">> &
  DetailSource;

export function storeFieldsOf(item: StoreSource): StoreFields {
  const { title, description, priceCents, sku, quantity, photos } = item;
  const variants = item.variants?.length
    ? JSON.stringify([
        item.options ?? [],
        item.variants.map((variant) => [variant.values, variant.sku, variant.barcode, variant.priceCents]),
      ])
    : "";
  return ownFields({ title, description, priceCents, sku, quantity, photos, variants, details: detailsText(item) });
}

/** The fields themselves, in one order (a record read back may carry more, or in another order). */
function ownFields(fields: StoreFields): StoreFields {
  const { title, description, priceCents, sku, quantity, photos, variants, details } = fields;
  return {
    title,
    description,
    priceCents,
    sku,
    quantity,
    photos,
    ...(variants ? { variants } : {}),
    ...(details ? { details } : {}),
  };
}

/**
 * Whether the store has these fields already. Stock is not compared: it
 * reaches the store as movements (store-push.ts), never as a count set.
 */
export function sameStoreFields(a: StoreFields, b: StoreFields): boolean {
  return JSON.stringify(ownFields({ ...a, quantity: 0 })) === JSON.stringify(ownFields({ ...b, quantity: 0 }));
}

/** The listing's record of what the store has, or null when unknown (listings from before it was kept). */
export function parseSent(text: string): StoreFields | null {
  if (!text) return null;
  try {
    return ownFields(JSON.parse(text) as StoreFields);
  } catch {
    return null;
  }
}
