/**
 * Store products → catalogue items, inside the room's write queue: a
 * product updates the item linked to it (or an unlinked item with its SKU,
 * which it then links); the sync also brings in products the catalogue does
 * not have yet. What came from the store is marked "in step", so it is not
 * sent straight back (publish.ts).
 */
import { type ItemStatus, STORE_ACTOR } from "../../protocol/api";
import { newId } from "../db/directory/database";
import { findItemBySku, findItemByStoreProduct, toItemDoc } from "../db/room/items-repo";
import { runTogether } from "../db/room/room-database";
import { findListing, listingRemoved, saveListing } from "../db/room/store-listings-repo";
import { linkVariantsQueries } from "../db/room/store-stock-repo";
import { addItemNow, editItemNow } from "../inventory/items-service";
import type { RoomHost } from "../rooms/room-host";
import { announceItemSync } from "./item-sync-doc";
import { holdConflicts } from "./store-conflicts";
import { storeFieldsOf } from "./store-fields";
import type { StoreProduct } from "./store-records";
import { storeReportsLevels } from "./store-stock";

const STATUS_OF: Record<StoreProduct["status"], ItemStatus> = {
  ACTIVE: "listed",
  UNLISTED: "ready",
  DRAFT: "draft",
  ARCHIVED: "archived",
};

export type ProductOutcome = "created" | "updated" | "skipped";

/** How the product's status in the store moves its item's status (sold and archived items keep theirs). */
function statusFor(product: StoreProduct, current: ItemStatus | null): ItemStatus | undefined {
  if (current === null) return STATUS_OF[product.status];
  if (product.status === "ACTIVE" && (current === "draft" || current === "ready")) return "listed";
  if (product.status !== "ACTIVE" && current === "listed") return "ready";
  return undefined;
}

export async function applyStoreProductNow(
  host: RoomHost,
  product: StoreProduct,
  options: { create: boolean; currency: string },
): Promise<ProductOutcome> {
  // An item deleted here stays deleted: its product is not brought back.
  if (await listingRemoved(host.roomDb, host.roomId, product.productId)) return "skipped";
  let linked = await findItemByStoreProduct(host.roomDb, host.roomId, product.productId);
  let sku = product.sku;
  if (sku) {
    const holder = await findItemBySku(host.roomDb, host.roomId, sku);
    // An unlinked item with the product's SKU is the same thing: link it rather than make a twin.
    if (!linked && holder && !holder.storeProductId) linked = holder;
    // A SKU another item here already uses stays with that item.
    else if (holder && holder.id !== linked?.id) sku = "";
  }
  if (!linked && !options.create) return "skipped";
  // Once the store reports this variant's levels, its stock moves here by movements (store-stock.ts), never set.
  const byMovements = linked !== null && storeReportsLevels(host, product.inventoryItemId);
  const theirs = {
    title: product.title || "Untitled product",
    description: product.description,
    priceCents: product.priceCents,
    ...(sku || !product.sku ? { sku } : {}),
  };
  const before = linked ? toItemDoc(linked) : null;
  const itemId = before?._id ?? newId();
  const listing = await findListing(host.roomDb, host.roomId, itemId);
  // A field changed here too since the two last agreed is held, not written over (store-conflicts.ts).
  const { apply, held } =
    linked && listing
      ? holdConflicts(host, linked, listing.sent, { sku: linked.sku, ...theirs })
      : { apply: theirs, held: {} };
  const fields = { ...apply, ...(byMovements ? {} : { quantity: product.quantity }) };
  // What the store has now, written before the item changes: the edit it causes is then in step, and not sent back.
  // A held field keeps what the store had before: ours still differs from it, so keeping ours sends it.
  const sent = storeFieldsOf({
    title: before?.title ?? theirs.title,
    description: before?.description ?? theirs.description,
    priceCents: before?.priceCents ?? theirs.priceCents,
    sku: before?.sku ?? "",
    photos: before?.photos ?? [],
    quantity: before?.quantity ?? 0,
    ...fields,
    ...held,
  });
  await saveListing(host.roomDb, {
    roomId: host.roomId,
    itemId,
    productId: product.productId,
    variantId: product.variantId,
    inventoryItemId: product.inventoryItemId || listing?.inventoryItemId || "",
    handle: product.handle || listing?.handle || "",
    sent: JSON.stringify(sent),
    state: product.status === "ACTIVE" ? "active" : "archived",
    publishedAt: listing?.publishedAt ?? host.now(),
  });
  if (product.variantId && (before?.variants?.length ?? 0) === 0) {
    // A product of one variant: a sale of it in the store is a sale of this item.
    const link = {
      storeVariantId: product.variantId,
      inventoryItemId: product.inventoryItemId,
      productId: product.productId,
    };
    runTogether(host.roomDb, linkVariantsQueries(host.roomDb, [{ ...link, itemId, variantId: itemId }]));
  }
  const status = statusFor(product, before?.status ?? null);
  const change = { ...fields, ...(status ? { status } : {}) };
  if (before) {
    await editItemNow(host, STORE_ACTOR, itemId, change, { storeProductId: product.productId });
    if (Object.keys(held).length > 0 || listing) announceItemSync(host, itemId);
    return "updated";
  }
  await addItemNow(
    host,
    STORE_ACTOR,
    { ...change, currency: options.currency },
    { storeProductId: product.productId },
    itemId,
  );
  return "created";
}
