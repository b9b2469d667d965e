/**
 * Publishing (docs/product.md §5). A new product is made whole with one `productSet`
 * (title, description, price, SKU, stock at the store's first location,
 * images). After that, only what differs from what the store last had is
 * sent, each with the narrowest mutation — so the store keeps everything
 * else it holds (other variants, its own images, a formatted description):
 * - title, description, status and new photos: `productUpdate` (photos are
 *   added, never removed there);
 * - price and SKU: `productVariantsBulkUpdate` on the item's variant;
 * - stock never: after the product is made, each movement here goes to
 *   the store as an adjustment (store-push.ts), so a sale in the store is
 *   never overwritten.
 * A product sold in variants is made with all of them, each with its stock;
 * later its options, codes and prices go in one `productSet` with the
 * variants — those the store has named by their ids, their stock staying as
 * the store counts it; one added here since goes with its stock at each
 * mapped location (docs/stock.md, "Variants both ways").
 * Unpublishing archives the product and keeps the link, so publishing again
 * brings the same product back. An edit of a published item follows it to
 * the store by itself once the edits settle.
 */
import * as v from "valibot";
import { hasVariants, type ItemDoc, STORE_ACTOR, variantsOf } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { appUrl } from "../app-url";
import { findItem, toItemDoc } from "../db/room/items-repo";
import { runTogether } from "../db/room/room-database";
import type { StoreListingRow } from "../db/room/room-schema";
import { findListing, markListingRemoved, saveListing, setListingState } from "../db/room/store-listings-repo";
import { findStoreConnection } from "../db/room/store-repo";
import { linkVariantsQueries, listStoreLocations, variantLinksOfItem } from "../db/room/store-stock-repo";
import type { StoreVariantRow } from "../db/room/store-stock-tables";
import { runBulkJob, runningJobOn } from "../inventory/bulk-jobs";
import { editItemNow } from "../inventory/items-service";
import type { RoomHost } from "../rooms/room-host";
import { createdProduct, variantLinks } from "./created-product";
import {
  ALL_LOCATIONS,
  itemStockAt,
  money,
  oneVariantInput,
  type StockPlaces,
  stockAtPlaces,
  variantInput,
  variantsInput,
} from "./product-input";
import type { ShopifyClient } from "./shopify-client";
import {
  LOCATION_QUERY,
  PRODUCT_ARCHIVE_MUTATION,
  PRODUCT_SET_MUTATION,
  PRODUCT_UPDATE_MUTATION,
  VARIANTS_UPDATE_MUTATION,
} from "./shopify-queries";
import { conflictFields } from "./store-conflicts";
import { requireConnection, storeClientFor } from "./store-connection";
import { productDetailsInput } from "./store-details";
import { badAnswer } from "./store-errors";
import { parseSent, type StoreFields, sameStoreFields, storeFieldsOf } from "./store-fields";
import { textToHtml } from "./store-records";
import { storeRuntime } from "./store-runtime";
import { startingLevels } from "./store-stock";

/** How long an item must stay unedited before its edits go to the store (typing a title is many saves). */
export const FOLLOW_DELAY_MS = 1_500;

const userErrors = v.array(v.object({ message: v.string() }));

/** The store's own words when it refuses a change (e.g. a SKU it will not take). */
function refusedBy(errors: { message: string }[]): LiveError {
  const words = errors
    .map((error) => error.message)
    .join("; ")
    .slice(0, 300);
  return new LiveError(422, `The store refused this product: ${words}`);
}

/** The mutation's payload under `field`, its user errors turned into a LiveError. */
async function mutate<T extends v.GenericSchema>(
  client: ShopifyClient,
  mutation: string,
  variables: Record<string, unknown>,
  field: string,
  payload: T,
): Promise<v.InferOutput<T>> {
  const data = await client.request<Record<string, unknown> | null>(mutation, variables);
  const errors = v.safeParse(v.object({ userErrors }), data?.[field]);
  const parsed = v.safeParse(payload, data?.[field]);
  if (!errors.success || !parsed.success) {
    console.error(`store: ${field} answered an unexpected shape`);
    throw badAnswer();
  }
  if (errors.output.userErrors.length > 0) throw refusedBy(errors.output.userErrors);
  return parsed.output;
}

async function firstLocation(client: ShopifyClient): Promise<string> {
  const data = await client.request<{ locations?: { nodes?: { id?: unknown }[] } }>(LOCATION_QUERY);
  const id = data?.locations?.nodes?.[0]?.id;
  if (typeof id !== "string") throw new LiveError(409, "The store has no active location to keep stock at");
  return id;
}

/** Links the store can fetch each photo's web copy from (signed, for an hour: long enough to be copied). */
function imageSources(host: RoomHost, photoIds: string[]): Promise<string[]> {
  return host.extensions.photoLinks(host, photoIds, appUrl(host.env, { origin: storeRuntime(host).origin }));
}

/** What a publish leaves in the listing. */
type Published = Pick<StoreListingRow, "productId" | "variantId" | "inventoryItemId" | "handle"> & {
  sent: StoreFields;
  /** Each variant here and the store variant it became (a store sale of it moves its stock here). */
  links?: StoreVariantRow[];
  /** Where a new product's (or new variants') stock was put (the store's level there is then known). */
  places?: StockPlaces;
  /** The links whose stock went with them (all of a new product's); absent for all of `links`. */
  stocked?: StoreVariantRow[];
};

/**
 * Where a new product's stock goes: each store location mapped to one of
 * the room's, with the stock there; a room that has not read the store's
 * locations puts all its stock at the store's first.
 */
async function stockPlaces(host: RoomHost, client: ShopifyClient): Promise<StockPlaces> {
  const mapped = listStoreLocations(host.roomDb).filter((location) => location.active && location.locationId);
  if (mapped.length > 0) return mapped;
  const storeLocationId = await firstLocation(client);
  return [{ storeLocationId, locationId: ALL_LOCATIONS }];
}

/** A product made whole from the item (or, for an old link without a listing, set whole again). */
async function createProduct(host: RoomHost, client: ShopifyClient, item: ItemDoc): Promise<Published> {
  const files = (await imageSources(host, item.photos)).map((originalSource) => ({
    originalSource,
    alt: item.title,
    contentType: "IMAGE",
  }));
  const places = await stockPlaces(host, client);
  const input = {
    title: item.title,
    descriptionHtml: textToHtml(item.description),
    status: "ACTIVE",
    ...productDetailsInput(item),
    ...(hasVariants(item)
      ? variantsInput(item, { storeIdOf: () => undefined, stockOf: (variant) => stockAtPlaces(variant, places) })
      : oneVariantInput(item, itemStockAt(item, places))),
    files,
  };
  const identifier = item.storeProductId ? { identifier: { id: item.storeProductId } } : {};
  const { product } = await mutate(
    client,
    PRODUCT_SET_MUTATION,
    { input, ...identifier },
    "productSet",
    createdProduct,
  );
  if (!product) throw refusedBy([]);
  const variant = product.variants.nodes[0];
  return {
    productId: product.id,
    variantId: variant?.id ?? "",
    inventoryItemId: variant?.inventoryItem?.id ?? "",
    handle: product.handle,
    sent: storeFieldsOf(item),
    links: variantLinks(item, product),
    places,
  };
}

/**
 * Sends what differs from what the store last had. Each step that succeeds
 * is kept in `published.sent` (saved even when a later step fails), so a
 * retry sends only the rest.
 */
async function updateProduct(
  host: RoomHost,
  client: ShopifyClient,
  item: ItemDoc,
  listing: StoreListingRow,
  activate: boolean,
  published: Published,
): Promise<void> {
  const known = parseSent(listing.sent);
  // A field changed in both places waits for a person's choice (store-conflicts.ts): not sent meanwhile.
  const held = conflictFields(host, item._id);
  const now = { ...storeFieldsOf(item) };
  if (known) for (const field of held) Object.assign(now, { [field]: known[field as keyof StoreFields] });
  const sent = published.sent;
  const product: Record<string, unknown> = { id: listing.productId };
  if (activate) product.status = "ACTIVE";
  if (!known || now.title !== known.title) product.title = now.title;
  if (!known || now.description !== known.description) product.descriptionHtml = textToHtml(now.description);
  // Details the store's copy was never compared with (a listing from before they were kept) are not sent over
  // the store's: ours are taken as agreed, so the next sync brings in the store's where they differ.
  const detailsMoved = !known || (known.details !== undefined && now.details !== known.details);
  if (known && known.details === undefined) sent.details = now.details;
  if (detailsMoved) Object.assign(product, productDetailsInput(item));
  // Photos new since the store last heard: added beside the store's own images.
  const added = known ? now.photos.filter((photo) => !known.photos.includes(photo)) : [];
  const media = (await imageSources(host, added)).map((originalSource) => ({
    originalSource,
    alt: item.title,
    mediaContentType: "IMAGE",
  }));
  if (Object.keys(product).length > 1 || media.length > 0) {
    const answer = await mutate(
      client,
      PRODUCT_UPDATE_MUTATION,
      { product, ...(media.length > 0 ? { media } : {}) },
      "productUpdate",
      v.object({ product: v.nullable(v.object({ handle: v.optional(v.string(), "") })) }),
    );
    if (answer.product?.handle) published.handle = answer.product.handle;
    Object.assign(sent, { title: now.title, description: now.description, photos: now.photos });
  }
  if (hasVariants(item)) {
    // Options, values, codes and prices of every variant in one `productSet`: those the store has
    // keep their stock as the store counts it; a variant new since goes with its stock at each place.
    if (!known || now.variants !== known.variants || detailsMoved) {
      const links = new Map(variantLinksOfItem(host.roomDb, item._id).map((link) => [link.variantId, link]));
      const fresh = (item.variants ?? []).filter((variant) => !links.has(variant._id));
      const places = fresh.length > 0 ? await stockPlaces(host, client) : [];
      const { product } = await mutate(
        client,
        PRODUCT_SET_MUTATION,
        {
          input: variantsInput(item, {
            storeIdOf: (variant) => links.get(variant._id)?.storeVariantId,
            stockOf: (variant) => stockAtPlaces(variant, places),
          }),
          identifier: { id: listing.productId },
        },
        "productSet",
        createdProduct,
      );
      if (product) {
        published.links = variantLinks(item, product);
        // What the new variants hold at each place: the store's levels the room starts from.
        const freshIds = new Set(fresh.map((variant) => variant._id));
        published.stocked = published.links.filter((link) => freshIds.has(link.variantId));
        published.places = places;
      }
      Object.assign(sent, { variants: now.variants, priceCents: now.priceCents, sku: now.sku, quantity: now.quantity });
      if (detailsMoved) sent.details = now.details;
    }
    return;
  }
  const priceMoved = !known || now.priceCents !== known.priceCents || now.sku !== known.sku;
  if ((priceMoved || detailsMoved) && listing.variantId) {
    const [only] = variantsOf(item);
    const { price: _price, ...rest } = only ? variantInput({ ...only, priceCents: now.priceCents, sku: now.sku }) : {};
    await mutate(
      client,
      VARIANTS_UPDATE_MUTATION,
      {
        productId: listing.productId,
        variants: [{ id: listing.variantId, price: money(now.priceCents), ...rest }],
      },
      "productVariantsBulkUpdate",
      v.object({}),
    );
    Object.assign(sent, { priceCents: now.priceCents, sku: now.sku });
    if (detailsMoved) sent.details = now.details;
  } else if (detailsMoved) {
    sent.details = now.details;
  }
}

async function guarded<T>(host: RoomHost, itemId: string, work: () => Promise<T>): Promise<T> {
  const { publishing } = storeRuntime(host);
  if (publishing.has(itemId)) throw new LiveError(409, "This item is being sent to the store already");
  publishing.add(itemId);
  try {
    return await work();
  } finally {
    publishing.delete(itemId);
  }
}

/**
 * Creates or updates the item's store product; answers its id. `follow`
 * (an edit going to the store by itself) sends nothing for an item that is
 * not listed and on sale there.
 */
export function publishItem(
  host: RoomHost,
  actor: string,
  itemId: string,
  origin: string | null,
  mode: "publish" | "follow" = "publish",
): Promise<string> {
  if (origin) storeRuntime(host).origin = origin;
  return guarded(host, itemId, async () => {
    const connection = await requireConnection(host);
    // Just connected to another shop: its old links go first (store-unlink-job.ts).
    const unlinking = runningJobOn(host, "store-unlink", "");
    if (unlinking) await runBulkJob(host, unlinking.id);
    const row = await findItem(host.roomDb, host.roomId, itemId);
    if (!row) throw new LiveError(404, "Item not found");
    const item = toItemDoc(row);
    const listing = await findListing(host.roomDb, host.roomId, itemId);
    if (mode === "follow" && (item.status !== "listed" || listing?.state !== "active")) return item.storeProductId;
    const client = storeClientFor(host, connection);
    let published: Published;
    if (listing && listing.state !== "removed") {
      published = { ...listing, sent: parseSent(listing.sent) ?? storeFieldsOf(item) };
      try {
        const activate = mode === "publish" && listing.state !== "active";
        await updateProduct(host, client, item, listing, activate, published);
      } catch (error) {
        // What did reach the store is remembered, even when a later step failed (success saves it below).
        await saveListing(host.roomDb, { ...listing, handle: published.handle, sent: JSON.stringify(published.sent) });
        throw error;
      }
    } else {
      published = await createProduct(host, client, item);
    }
    await host.writes.run(async () => {
      if (published.links?.length) {
        runTogether(host.roomDb, [
          ...linkVariantsQueries(host.roomDb, published.links),
          // What the new product holds at each place: the store's level the room starts from.
          ...startingLevels(host, item, published.stocked ?? published.links, published.places ?? []),
        ]);
      }
      await saveListing(host.roomDb, {
        roomId: host.roomId,
        itemId,
        productId: published.productId,
        variantId: published.variantId,
        inventoryItemId: published.inventoryItemId,
        handle: published.handle,
        sent: JSON.stringify(published.sent),
        state: "active",
        publishedAt: listing?.publishedAt ?? host.now(),
      });
      const current = await findItem(host.roomDb, host.roomId, itemId);
      if (!current) return;
      const listed = current.status === "draft" || current.status === "ready" ? { status: "listed" as const } : {};
      await editItemNow(host, actor, itemId, mode === "publish" ? listed : {}, { storeProductId: published.productId });
      // Edited while this was on its way: send the rest.
      if (!sameStoreFields(storeFieldsOf(toItemDoc(current)), published.sent)) scheduleFollow(host, itemId);
    });
    return published.productId;
  });
}

/** Archives the item's store product; a listed item goes back to ready. */
export function unpublishItem(host: RoomHost, actor: string, itemId: string): Promise<void> {
  storeRuntime(host).cancelFollow(itemId);
  return guarded(host, itemId, async () => {
    const connection = await requireConnection(host);
    const row = await findItem(host.roomDb, host.roomId, itemId);
    if (!row) throw new LiveError(404, "Item not found");
    if (!row.storeProductId) throw new LiveError(409, "This item is not in the store");
    await mutate(
      storeClientFor(host, connection),
      PRODUCT_ARCHIVE_MUTATION,
      { product: { id: row.storeProductId, status: "ARCHIVED" } },
      "productUpdate",
      v.object({}),
    );
    await host.writes.run(async () => {
      await setListingState(host.roomDb, host.roomId, itemId, "archived");
      const current = await findItem(host.roomDb, host.roomId, itemId);
      if (current?.status === "listed") await editItemNow(host, actor, itemId, { status: "ready" });
    });
  });
}

/**
 * A published item was deleted here: its product leaves the store
 * (archived) and its listing stays as a marker, so no sync brings it back.
 */
export function archiveRemovedItem(host: RoomHost, item: ItemDoc): void {
  storeRuntime(host).cancelFollow(item._id);
  const work = async () => {
    const listing = await findListing(host.roomDb, host.roomId, item._id);
    await markListingRemoved(host.roomDb, host.roomId, item._id);
    const connection = await findStoreConnection(host.roomDb, host.roomId);
    if (!connection || listing?.state !== "active") return;
    await mutate(
      storeClientFor(host, connection),
      PRODUCT_ARCHIVE_MUTATION,
      { product: { id: listing.productId, status: "ARCHIVED" } },
      "productUpdate",
      v.object({}),
    );
  };
  work().catch((error) => console.error(`store: archiving the product of removed item ${item._id} failed`, error));
}

/** Sends the item's edits to the store once they have settled; failures are logged (the next edit or a Publish retries). */
function scheduleFollow(host: RoomHost, itemId: string): void {
  const { follows } = storeRuntime(host);
  clearTimeout(follows.get(itemId));
  follows.set(
    itemId,
    setTimeout(() => {
      follows.delete(itemId);
      publishItem(host, STORE_ACTOR, itemId, null, "follow").catch((error) => {
        // Being published right now: try again after it.
        if (error instanceof LiveError && error.error === 409 && storeRuntime(host).publishing.has(itemId)) {
          scheduleFollow(host, itemId);
          return;
        }
        if (!(error instanceof LiveError) || Number(error.error) >= 500)
          console.error(`store: follow-up publish of ${itemId} failed`, error);
      });
    }, FOLLOW_DELAY_MS),
  );
}

/**
 * An item changed here: if it is listed and linked and the change touched
 * what the store shows, send it along. Whether anything differs from what
 * the store has is decided when it is sent (an edit that came from the
 * store updated the listing first, so nothing goes back).
 */
export function followItemChange(host: RoomHost, item: ItemDoc, previous: ItemDoc | null): void {
  if (!item.storeProductId || item.status !== "listed") return;
  if (previous && sameStoreFields(storeFieldsOf(previous), storeFieldsOf(item))) return;
  scheduleFollow(host, item._id);
}
