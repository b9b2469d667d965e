/**
 * Making and updating a store product from an item (publish.ts decides
 * when; docs/product.md §5). A new product is made whole with one
 * `productSet`: title, description, details, price, codes, stock at each
 * mapped store location, images. After that only what differs from what
 * the store last had is sent, each with the narrowest mutation, so the
 * store keeps everything else it holds:
 * - title, description, details, status and new photos: `productUpdate`
 *   (photos are added, never removed there);
 * - price, SKU and a variant's details: `productVariantsBulkUpdate`;
 * - a product in variants: one `productSet` with its variants, those the
 *   store has named by id with their stock as the store counts it, one
 *   added here since with its stock at each mapped location;
 * - stock never as a count: each movement goes as an adjustment (store-push.ts).
 */
import * as v from "valibot";
import { hasVariants, type ItemDoc, variantsOf } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { appUrl } from "../app-url";
import type { StoreListingRow } from "../db/room/room-schema";
import { listStoreLocations, variantLinksOfItem } from "../db/room/store-stock-repo";
import type { StoreVariantRow } from "../db/room/store-stock-tables";
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
  PRODUCT_SET_MUTATION,
  PRODUCT_UPDATE_MUTATION,
  VARIANTS_UPDATE_MUTATION,
} from "./shopify-queries";
import { conflictFields } from "./store-conflicts";
import { productDetailsInput } from "./store-details";
import { badAnswer } from "./store-errors";
import { parseSent, type StoreFields, storeFieldsOf } from "./store-fields";
import { textToHtml } from "./store-records";
import { storeRuntime } from "./store-runtime";

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
export async function mutate<T extends v.GenericSchema>(
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
export type Published = Pick<StoreListingRow, "productId" | "variantId" | "inventoryItemId" | "handle"> & {
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
export async function createProduct(host: RoomHost, client: ShopifyClient, item: ItemDoc): Promise<Published> {
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
export async function updateProduct(
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
