/**
 * Store products → catalogue items, inside the room's write queue: a
 * product updates the item linked to it (or an unlinked item with its SKU,
 * which it then links); the sync also brings in products the catalogue does
 * not have yet. What came from the store is marked "in step", so it is not
 * sent straight back (publish.ts).
 */
import { type ItemStatus, STORE_ACTOR } from "../../protocol/api";
import { newId } from "../db/database";
import { findItemBySku, findItemByStoreProduct, toItemDoc } from "../db/items-repo";
import { deleteListingsOfProduct, findListing, saveListing } from "../db/store-listings-repo";
import { addItemNow, editItemNow } from "../rooms/items-service";
import type { RoomHost } from "../rooms/room-host";
import type { StoreProduct } from "./store-records";
import { storeFingerprint } from "./store-runtime";

const STATUS_OF: Record<StoreProduct["status"], ItemStatus> = {
  ACTIVE: "listed",
  UNLISTED: "ready",
  DRAFT: "draft",
  ARCHIVED: "archived",
};

export type ProductOutcome = "created" | "updated" | "skipped";

export async function applyStoreProductNow(
  host: RoomHost,
  product: StoreProduct,
  options: { create: boolean; currency: string },
): Promise<ProductOutcome> {
  let linked = await findItemByStoreProduct(host.db, host.roomId, product.productId);
  let sku = product.sku;
  if (sku) {
    const holder = await findItemBySku(host.db, host.roomId, sku);
    // An unlinked item with the product's SKU is the same thing: link it rather than make a twin.
    if (!linked && holder && !holder.storeProductId) linked = holder;
    // A SKU another item here already uses stays with that item.
    else if (holder && holder.id !== linked?.id) sku = "";
  }
  const fields = {
    title: product.title.trim() || "Untitled product",
    description: product.description,
    priceCents: product.priceCents,
    quantity: product.quantity,
    ...(sku || !product.sku ? { sku } : {}),
  };
  let itemId: string;
  let outcome: ProductOutcome;
  if (linked) {
    const item = toItemDoc(linked);
    itemId = item._id;
    host.store.inStep.set(itemId, storeFingerprint({ ...item, ...fields }));
    await editItemNow(host, STORE_ACTOR, itemId, fields, { storeProductId: product.productId });
    outcome = "updated";
  } else if (options.create) {
    itemId = newId();
    host.store.inStep.set(itemId, storeFingerprint({ ...fields, sku: fields.sku ?? "", photos: [] }));
    await addItemNow(
      host,
      STORE_ACTOR,
      { ...fields, currency: options.currency, status: STATUS_OF[product.status] },
      { storeProductId: product.productId },
      itemId,
    );
    outcome = "created";
  } else {
    return "skipped";
  }
  const listing = await findListing(host.db, host.roomId, itemId);
  await saveListing(host.db, {
    roomId: host.roomId,
    itemId,
    productId: product.productId,
    variantId: product.variantId,
    handle: product.handle || listing?.handle || "",
    // Photos added here later are sent on the next publish; the store's own images stay as they are.
    photos: listing?.photos ?? "[]",
    state: product.status === "ARCHIVED" ? "archived" : "active",
    publishedAt: listing?.publishedAt ?? host.now(),
  });
  return outcome;
}

/** The product was deleted in the store: its item stays here, unlinked (and no longer listed). */
export async function forgetStoreProductNow(host: RoomHost, productId: string): Promise<boolean> {
  const linked = await findItemByStoreProduct(host.db, host.roomId, productId);
  await deleteListingsOfProduct(host.db, host.roomId, productId);
  if (!linked) return false;
  host.store.inStep.delete(linked.id);
  await editItemNow(host, STORE_ACTOR, linked.id, linked.status === "listed" ? { status: "ready" } : {}, {
    storeProductId: "",
  });
  return true;
}
