/**
 * Store products → catalogue items, inside the room's write queue: a
 * product updates the item linked to it (or an unlinked item with its SKU,
 * which it then links); the sync also brings in products the catalogue does
 * not have yet. A product sold in variants brings them all (store-variants.ts). What came from the store is marked "in step", so it is not
 * sent straight back (publish.ts).
 */
import { type ItemDoc, type ItemStatus, STORE_ACTOR } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import { findItemRow } from "../db/room/item-statements";
import {
  findItem,
  findItemByBarcode,
  findItemBySku,
  findItemByStoreProduct,
  findVariantByCode,
  toItemDoc,
} from "../db/room/items-repo";
import { runTogether } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import { findListing, listingRemoved, saveListing } from "../db/room/store-listings-repo";
import { linkVariantsQueries } from "../db/room/store-stock-repo";
import { addItemNow, editItemNow } from "../inventory/items-service";
import type { RoomHost } from "../rooms/room-host";
import { announceItemSync } from "./item-sync-doc";
import { holdConflicts } from "./store-conflicts";
import { type DetailSource, detailsText } from "./store-details";
import { parseSent, storeFieldsOf } from "./store-fields";
import type { StoreProduct } from "./store-product-record";
import { holdForReview, reviewIgnored, unlinkedItemTitled } from "./store-review";
import { storeReportsLevels } from "./store-stock";
import { applyStoreVariantsNow } from "./store-variants";

const STATUS_OF: Record<StoreProduct["status"], ItemStatus> = {
  ACTIVE: "listed",
  UNLISTED: "ready",
  DRAFT: "draft",
  ARCHIVED: "archived",
};

export type ProductOutcome = "created" | "updated" | "skipped" | "held";

/** How the product's status in the store moves its item's status (sold and archived items keep theirs). */
function statusFor(product: StoreProduct, current: ItemStatus | null): ItemStatus | undefined {
  if (current === null) return STATUS_OF[product.status];
  if (product.status === "ACTIVE" && (current === "draft" || current === "ready")) return "listed";
  if (product.status !== "ACTIVE" && current === "listed") return "ready";
  return undefined;
}

/** The unlinked product here one of whose variants has a store variant's SKU, else its barcode. */
function findProductByVariantCode(host: RoomHost, product: StoreProduct): ItemRow | null {
  for (const field of ["sku", "barcode"] as const) {
    for (const variant of product.variants) {
      const found = variant[field] ? findVariantByCode(host.roomDb, variant[field]) : null;
      const item = found ? findItemRow(host.roomDb, host.roomId, found.itemId) : null;
      if (item && !item.storeProductId) return item;
    }
  }
  return null;
}

/** The details the store gives, and whether they changed there since the two last agreed. */
function storeDetails(
  product: StoreProduct,
  before: ItemDoc | null,
  sentText: string | undefined,
  inVariants: boolean,
): { details: DetailSource; storeChanged: boolean } {
  const [first] = product.variants;
  const said: DetailSource = {
    vendor: product.vendor,
    productType: product.productType,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    ...(inVariants
      ? {}
      : {
          compareAtCents: first?.compareAtCents,
          costCents: first?.costCents,
          weightGrams: first?.weightGrams,
          weightUnit: first?.weightUnit,
        }),
  };
  const details = Object.fromEntries(Object.entries(said).filter(([, value]) => value !== undefined)) as DetailSource;
  const known = sentText ? parseSent(sentText)?.details : undefined;
  const theirs = detailsText({ ...(before ?? {}), ...details });
  return { details, storeChanged: known === undefined || known !== theirs };
}

export interface ApplyOptions {
  /** Whether a product the catalogue does not have may become an item (the sync; not a webhook). */
  create: boolean;
  currency: string;
  /** A person's decision in review (store-review.ts): link it to this item, or import it as new. */
  decided?: { linkTo?: string; asNew?: boolean };
  /**
   * The store's levels at each mapped location are brought in after
   * (store-levels-in.ts): its stock is not set from its total here.
   */
  levelsAfter?: boolean;
}

/** The item a person chose to link a store product to: one here, not linked to another store product. */
function chosenItem(host: RoomHost, itemId: string): ItemRow {
  const item = findItemRow(host.roomDb, host.roomId, itemId);
  if (!item) throw new LiveError(404, "Item not found");
  if (item.storeProductId) throw new LiveError(409, `“${item.title}” is linked to another store product already`);
  return item;
}

export async function applyStoreProductNow(
  host: RoomHost,
  product: StoreProduct,
  options: ApplyOptions,
): Promise<ProductOutcome> {
  // An item deleted here stays deleted: its product is not brought back.
  if (await listingRemoved(host.roomDb, host.roomId, product.productId)) return "skipped";
  let linked = await findItemByStoreProduct(host.roomDb, host.roomId, product.productId);
  if (!linked && options.decided?.linkTo) linked = chosenItem(host, options.decided.linkTo);
  // A product sold in variants (here or there): codes, prices and stock are its variants' (store-variants.ts).
  const inVariants = product.options.length > 0 || (linked?.variants ?? "[]") !== "[]";
  let sku = inVariants ? "" : product.sku;
  /** An item linked to another store product that has this product's SKU. */
  let skuTakenBy: ItemRow | null = null;
  if (sku) {
    const holder = findItemBySku(host.roomDb, host.roomId, sku);
    // An unlinked item with the product's SKU is the same thing: link it rather than make a twin.
    if (!linked && holder && !holder.storeProductId) linked = holder;
    // A SKU another item here already uses stays with that item.
    else if (holder && holder.id !== linked?.id) {
      sku = "";
      skuTakenBy = holder;
    }
  }
  // An unlinked product of ours with a variant of the store's SKU (then barcode) is the same product.
  if (inVariants && !linked) linked = findProductByVariantCode(host, product);
  // Then by barcode: an unlinked item with the store product's barcode.
  const barcode = product.variants[0]?.barcode ?? "";
  if (!inVariants && !linked && barcode) {
    const holder = findItemByBarcode(host.roomDb, host.roomId, barcode);
    if (holder && !holder.storeProductId) linked = holder;
  }
  if (!linked && !options.create) return "skipped";
  if (!linked && !options.decided) {
    // Not made twice, nor linked by a guess: a title like an item's here, or a SKU on an item linked to another
    // store product, waits for a person (store-review.ts); one they ignored is passed over.
    if (reviewIgnored(host, product.productId)) return "skipped";
    const lookalike = unlinkedItemTitled(host, product.title);
    if (skuTakenBy) return holdForReview(host, product, "sku", skuTakenBy.id) ? "held" : "skipped";
    if (lookalike) return holdForReview(host, product, "title", lookalike.id) ? "held" : "skipped";
  }
  // Once the store reports this variant's levels, its stock moves here by movements (store-stock.ts), never set.
  const byMovements =
    inVariants ||
    options.levelsAfter === true ||
    (linked !== null && storeReportsLevels(host, product.inventoryItemId));
  const title = product.title || "Untitled product";
  const theirs = inVariants
    ? { title, description: product.description, priceCents: linked?.priceCents ?? 0, sku: linked?.sku ?? "" }
    : {
        title,
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
  // A product in variants takes only its own words here; its variants bring the rest.
  const own = inVariants ? { title: apply.title, description: apply.description } : apply;
  // Its vendor, type, SEO (and a product of one variant's "was" price, cost and weight): the store's, when they
  // changed there since the two last agreed (store-details.ts); else ours stay, and go to the store.
  const { details, storeChanged } = storeDetails(product, before, listing?.sent, inVariants);
  const fields = Object.fromEntries(
    Object.entries({
      ...own,
      ...(byMovements ? {} : { quantity: product.quantity }),
      ...(storeChanged ? details : {}),
    }).filter(([, value]) => value !== undefined),
  );
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
  const known = listing ? parseSent(listing.sent)?.details : undefined;
  if (storeChanged) sent.details = detailsText({ ...(before ?? {}), ...fields });
  else if (known !== undefined) sent.details = known;
  const listingRow = {
    roomId: host.roomId,
    itemId,
    productId: product.productId,
    variantId: product.variantId,
    inventoryItemId: product.inventoryItemId || listing?.inventoryItemId || "",
    handle: product.handle || listing?.handle || "",
    sent: JSON.stringify(sent),
    state: product.status === "ACTIVE" ? ("active" as const) : ("archived" as const),
    publishedAt: listing?.publishedAt ?? host.now(),
  };
  await saveListing(host.roomDb, listingRow);
  if (!inVariants && product.variantId) {
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
  } else {
    await addItemNow(
      host,
      STORE_ACTOR,
      { ...change, ...(options.currency ? { currency: options.currency } : {}) },
      { storeProductId: product.productId },
      itemId,
    );
  }
  if (
    inVariants &&
    product.options.length > 0 &&
    (await applyStoreVariantsNow(host, itemId, product, { counted: !options.levelsAfter }))
  ) {
    // The variants as the store has them now: in step, not sent back (a held field stays as it was).
    const now = await findItem(host.roomDb, host.roomId, itemId);
    if (now) {
      const ours = storeFieldsOf(toItemDoc(now));
      const { variants, priceCents, sku, quantity } = ours;
      const inStep = {
        ...sent,
        ...(variants ? { variants } : {}),
        priceCents,
        sku,
        quantity,
        ...(storeChanged ? { details: ours.details } : {}),
      };
      await saveListing(host.roomDb, { ...listingRow, sent: JSON.stringify(inStep) });
    }
  }
  if (before && (Object.keys(held).length > 0 || listing)) announceItemSync(host, itemId);
  return before ? "updated" : "created";
}
