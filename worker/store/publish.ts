/**
 * Publishing (docs/product.md §5): one item at a time, its product made
 * or updated (product-write.ts: only what differs from what the store last
 * had is sent, stock never as a count), the listing and the variants'
 * links saved with the store's levels the room starts from.
 * Unpublishing archives the product and keeps the link, so publishing again
 * brings the same product back. An edit of a published item follows it to
 * the store by itself once the edits settle.
 */
import * as v from "valibot";
import { type ItemDoc, STORE_ACTOR } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { findItem, toItemDoc } from "../db/room/items-repo";
import { runTogether } from "../db/room/room-database";
import { findListing, markListingRemoved, saveListing, setListingState } from "../db/room/store-listings-repo";
import { findStoreConnection } from "../db/room/store-repo";
import { linkVariantsQueries } from "../db/room/store-stock-repo";
import { runBulkJob, runningJobOn } from "../inventory/bulk-jobs";
import { editItemNow } from "../inventory/items-service";
import type { RoomHost } from "../rooms/room-host";
import { createProduct, mutate, type Published, updateProduct } from "./product-write";
import { PRODUCT_ARCHIVE_MUTATION } from "./shopify-queries";
import { requireConnection, storeClientFor } from "./store-connection";
import { parseSent, sameStoreFields, storeFieldsOf } from "./store-fields";
import { storeRuntime } from "./store-runtime";
import { startingLevels } from "./store-stock";

/** How long an item must stay unedited before its edits go to the store (typing a title is many saves). */
export const FOLLOW_DELAY_MS = 1_500;

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
