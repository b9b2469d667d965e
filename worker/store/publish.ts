/**
 * Publishing (SPEC A5): an item becomes a store product — title,
 * description, price, SKU, inventory at the store's first location, images —
 * through one `productSet`; publishing again updates the same product, and
 * an edit of a published item follows it to the store by itself.
 * Unpublishing archives the product and keeps the link, so publishing again
 * brings the same product back rather than making a second one.
 */
import * as v from "valibot";
import { type ItemDoc, STORE_ACTOR } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { appUrl } from "../app-url";
import { findRoomFile, toFileDoc, versionsOf } from "../db/files-repo";
import { findItem, toItemDoc } from "../db/items-repo";
import { findListing, saveListing, setListingState } from "../db/store-listings-repo";
import { shareableVersion } from "../files/shareable-version";
import { signFileLink } from "../files/signed-links";
import { editItemNow } from "../rooms/items-service";
import type { RoomHost } from "../rooms/room-host";
import type { ShopifyClient } from "./shopify-client";
import { LOCATION_QUERY, PRODUCT_ARCHIVE_MUTATION, PRODUCT_SET_MUTATION } from "./shopify-queries";
import { requireConnection, storeClientFor } from "./store-connection";
import { badAnswer } from "./store-errors";
import { textToHtml } from "./store-records";
import { storeFingerprint } from "./store-runtime";

/** How long an item must stay unedited before its edits go to the store (typing a title is many saves). */
export const FOLLOW_DELAY_MS = 1_500;

const DEFAULT_OPTION = { optionName: "Title", name: "Default Title" };

const money = (cents: number) => (cents / 100).toFixed(2);

const userErrors = v.array(v.object({ message: v.string() }));

/** The store's own words when it refuses a product (e.g. a SKU it will not take). */
function refusedBy(errors: { message: string }[]): LiveError {
  return new LiveError(
    422,
    `The store refused this product: ${errors
      .map((error) => error.message)
      .join("; ")
      .slice(0, 300)}`,
  );
}

async function firstLocation(client: ShopifyClient): Promise<string> {
  const data = await client.request<{ locations?: { nodes?: { id?: unknown }[] } }>(LOCATION_QUERY);
  const id = data?.locations?.nodes?.[0]?.id;
  if (typeof id !== "string") throw new LiveError(409, "The store has no active location to keep stock at");
  return id;
}

/** Links the store can fetch each photo's web copy from (signed, for an hour: long enough to be copied). */
async function imageSources(
  host: RoomHost,
  item: ItemDoc,
  origin: string,
): Promise<{ originalSource: string; alt: string; contentType: "IMAGE" }[]> {
  const now = host.now();
  const sources = [];
  for (const photoId of item.photos) {
    const file = await findRoomFile(host.db, host.roomId, photoId);
    if (!file) continue;
    const versions = versionsOf(file);
    const version = shareableVersion(file, versions, "web");
    if (!version || !(version in versions)) continue;
    const path = toFileDoc(file).versions[version]?.path;
    if (!path) continue;
    const token = await signFileLink(host.env, file.id, version, now);
    sources.push({ originalSource: `${origin}${path}?token=${token}`, alt: item.title, contentType: "IMAGE" as const });
  }
  return sources;
}

function productInput(item: ItemDoc, locationId: string, variantId: string, files: unknown[] | undefined) {
  return {
    title: item.title,
    descriptionHtml: textToHtml(item.description),
    status: "ACTIVE",
    productOptions: [{ name: DEFAULT_OPTION.optionName, values: [{ name: DEFAULT_OPTION.name }] }],
    variants: [
      {
        ...(variantId ? { id: variantId } : {}),
        optionValues: [DEFAULT_OPTION],
        price: money(item.priceCents),
        inventoryItem: { sku: item.sku, tracked: true },
        inventoryQuantities: [{ locationId, name: "available", quantity: item.quantity }],
      },
    ],
    // Left out when the photos are as last sent: the store keeps its copies instead of fetching them again.
    ...(files ? { files } : {}),
  };
}

const productSetAnswer = v.object({
  productSet: v.object({
    product: v.nullable(
      v.object({
        id: v.string(),
        handle: v.optional(v.string(), ""),
        variants: v.object({ nodes: v.array(v.object({ id: v.string() })) }),
      }),
    ),
    userErrors,
  }),
});

async function guarded<T>(host: RoomHost, itemId: string, work: () => Promise<T>): Promise<T> {
  const { publishing } = host.store;
  if (publishing.has(itemId)) throw new LiveError(409, "This item is being sent to the store already");
  publishing.add(itemId);
  try {
    return await work();
  } finally {
    publishing.delete(itemId);
  }
}

/** Creates or updates the item's store product; answers its id. */
export function publishItem(host: RoomHost, actor: string, itemId: string, origin: string | null): Promise<string> {
  if (origin) host.store.origin = origin;
  return guarded(host, itemId, async () => {
    const connection = await requireConnection(host);
    const row = await findItem(host.db, host.roomId, itemId);
    if (!row) throw new LiveError(404, "Item not found");
    const item = toItemDoc(row);
    const listing = await findListing(host.db, host.roomId, itemId);
    const productId = listing?.productId || item.storeProductId;
    const photos = JSON.stringify(item.photos);
    const client = storeClientFor(host, connection);
    const files =
      !listing || listing.photos !== photos
        ? await imageSources(host, item, appUrl(host.env, { origin: host.store.origin }))
        : undefined;
    const input = productInput(item, await firstLocation(client), listing?.variantId ?? "", files);
    const data = await client.request(PRODUCT_SET_MUTATION, {
      input,
      ...(productId ? { identifier: { id: productId } } : {}),
    });
    const parsed = v.safeParse(productSetAnswer, data);
    if (!parsed.success) {
      console.error("store: productSet answered an unexpected shape", parsed.issues[0]?.message);
      throw badAnswer();
    }
    const { product, userErrors: errors } = parsed.output.productSet;
    if (errors.length > 0 || !product) throw refusedBy(errors);
    host.store.inStep.set(itemId, storeFingerprint(item));
    await host.writes.run(async () => {
      await saveListing(host.db, {
        roomId: host.roomId,
        itemId,
        productId: product.id,
        variantId: product.variants.nodes[0]?.id ?? "",
        handle: product.handle,
        photos,
        state: "active",
        publishedAt: host.now(),
      });
      const current = await findItem(host.db, host.roomId, itemId);
      if (!current) return;
      const listed = current.status === "draft" || current.status === "ready" ? { status: "listed" as const } : {};
      await editItemNow(host, actor, itemId, listed, { storeProductId: product.id });
    });
    return product.id;
  });
}

/** Archives the item's store product; a listed item goes back to ready. */
export function unpublishItem(host: RoomHost, actor: string, itemId: string): Promise<void> {
  return guarded(host, itemId, async () => {
    const connection = await requireConnection(host);
    const row = await findItem(host.db, host.roomId, itemId);
    if (!row) throw new LiveError(404, "Item not found");
    if (!row.storeProductId) throw new LiveError(409, "This item is not in the store");
    const data = await storeClientFor(host, connection).request(PRODUCT_ARCHIVE_MUTATION, {
      product: { id: row.storeProductId, status: "ARCHIVED" },
    });
    const parsed = v.safeParse(v.object({ productUpdate: v.object({ userErrors }) }), data);
    if (!parsed.success) throw badAnswer();
    if (parsed.output.productUpdate.userErrors.length > 0) throw refusedBy(parsed.output.productUpdate.userErrors);
    await host.writes.run(async () => {
      await setListingState(host.db, host.roomId, itemId, "archived");
      const current = await findItem(host.db, host.roomId, itemId);
      if (current?.status === "listed") await editItemNow(host, actor, itemId, { status: "ready" });
    });
  });
}

/**
 * An item changed here: if it is in the store, the change touched what the
 * store shows, and the item no longer matches what the store has (an edit
 * that came from the store does), send it again once the edits have
 * settled. Failures are logged; the next edit or a "Publish" tries again.
 */
export function followItemChange(host: RoomHost, item: ItemDoc, previous: ItemDoc | null): void {
  if (!item.storeProductId || item.status !== "listed") return;
  const fingerprint = storeFingerprint(item);
  if (previous && storeFingerprint(previous) === fingerprint) return;
  const { inStep, follows } = host.store;
  if (inStep.get(item._id) === fingerprint) return;
  clearTimeout(follows.get(item._id));
  follows.set(
    item._id,
    setTimeout(() => {
      follows.delete(item._id);
      publishItem(host, STORE_ACTOR, item._id, null).catch((error) => {
        if (!(error instanceof LiveError) || Number(error.error) >= 500)
          console.error(`store: follow-up publish of ${item._id} failed`, error);
      });
    }, FOLLOW_DELAY_MS),
  );
}
