/**
 * The fields an item shares with its store product, and what the store had
 * of them last (kept with the listing): publishing sends only what differs.
 */
import type { ItemDoc } from "../../protocol/api";

export interface StoreFields {
  title: string;
  description: string;
  priceCents: number;
  sku: string;
  quantity: number;
  photos: string[];
}

export function storeFieldsOf(item: Pick<ItemDoc, keyof StoreFields>): StoreFields {
  const { title, description, priceCents, sku, quantity, photos } = item;
  return { title, description, priceCents, sku, quantity, photos };
}

export function sameStoreFields(a: StoreFields, b: StoreFields): boolean {
  return JSON.stringify(storeFieldsOf(a)) === JSON.stringify(storeFieldsOf(b));
}

/** The listing's record of what the store has, or null when unknown (listings from before it was kept). */
export function parseSent(text: string): StoreFields | null {
  if (!text) return null;
  try {
    return storeFieldsOf(JSON.parse(text) as StoreFields);
  } catch {
    return null;
  }
}
