/** An item document as the catalogue publishes it, for tests of pure code: every field at its empty default. */
import type { ItemDoc } from "../../protocol/api";

export function itemDoc(fields: Partial<ItemDoc> = {}): ItemDoc {
  return {
    _id: "i1",
    title: "Lamp",
    description: "",
    sku: "",
    priceCents: 0,
    currency: "EUR",
    quantity: 0,
    status: "draft",
    location: "",
    tags: [],
    photos: [],
    storeProductId: "",
    createdBy: "",
    updatedBy: "",
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...fields,
  };
}
