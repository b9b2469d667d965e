/**
 * Bringing the store's catalogue in (docs/product.md §5, "Bringing the store in"):
 * a store product is matched to an item here by its link, then its SKU,
 * then its barcode (store-products.ts); one that only its title matches,
 * or whose SKU an item linked to another store product has, is not made
 * twice nor linked by a guess — it is held here for a person to decide:
 * link it to an item, import it as new, or ignore it (an ignored product
 * is not brought in again). The `review` document of `store` lists them.
 */
import { count, eq, sql } from "drizzle-orm";
import { COLLECTION } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import type { ReviewChoice } from "../../protocol/store-args";
import type { StoreReviewDoc } from "../../protocol/store-docs";
import { runTogether } from "../db/room/room-database";
import { items } from "../db/room/room-schema";
import { type StoreReviewRow, storeReview } from "../db/room/store-review-table";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import type { StoreProduct } from "./store-product-record";

/** The open reviews the document lists (the rest are counted). */
const LISTED = 200;

export function findReview(host: RoomHost, productId: string): StoreReviewRow | null {
  return host.roomDb.select().from(storeReview).where(eq(storeReview.productId, productId)).get() ?? null;
}

/** An item here with this title (any case) not linked to a store product: what a title-only match looks like. */
export function unlinkedItemTitled(host: RoomHost, title: string): { id: string; title: string } | null {
  if (!title) return null;
  return (
    host.roomDb
      .select({ id: items.id, title: items.title })
      .from(items)
      // Written out so SQLite uses the partial index on lower(title) (room/migrations/0019).
      .where(sql`lower(${items.title}) = lower(${title}) AND ${items.storeProductId} = ''`)
      .limit(1)
      .get() ?? null
  );
}

export function reviewDoc(host: RoomHost): StoreReviewDoc {
  const rows = host.roomDb
    .select({
      productId: storeReview.productId,
      title: storeReview.title,
      sku: storeReview.sku,
      reason: storeReview.reason,
      candidateItemId: storeReview.candidateItemId,
      candidateTitle: sql<string>`coalesce((SELECT title FROM items WHERE id = ${storeReview.candidateItemId}), '')`,
    })
    .from(storeReview)
    .where(eq(storeReview.state, "open"))
    .orderBy(storeReview.at, storeReview.productId)
    .limit(LISTED)
    .all();
  const totals = host.roomDb
    .select({ state: storeReview.state, n: count() })
    .from(storeReview)
    .groupBy(storeReview.state)
    .all();
  const of = (state: StoreReviewRow["state"]) => totals.find((each) => each.state === state)?.n ?? 0;
  return { _id: "review", open: rows, total: of("open"), ignored: of("ignored") };
}

function announce(host: RoomHost, previous: StoreReviewDoc): void {
  const doc = reviewDoc(host);
  if (JSON.stringify(doc) === JSON.stringify(previous)) return;
  host.emit({ collection: COLLECTION.STORE, id: doc._id, doc: asDoc(doc), previous: asDoc(previous) });
}

/**
 * Holds a store product for review, or keeps it held with what the store
 * says of it now (the caller holds host.writes). Answers false for one a
 * person ignored: it is passed over.
 */
export function holdForReview(
  host: RoomHost,
  product: StoreProduct,
  reason: StoreReviewRow["reason"],
  candidateItemId: string,
): boolean {
  const previous = reviewDoc(host);
  const held = findReview(host, product.productId);
  if (held?.state === "ignored") return false;
  const row = {
    productId: product.productId,
    title: product.title || "Untitled product",
    sku: product.sku,
    reason,
    candidateItemId,
    product: JSON.stringify(product),
    state: "open" as const,
    at: held?.at ?? host.now(),
  };
  runTogether(host.roomDb, [
    host.roomDb
      .insert(storeReview)
      .values(row)
      .onConflictDoUpdate({ target: storeReview.productId, set: { ...row, at: row.at } }),
  ]);
  announce(host, previous);
  return true;
}

/** Whether the store product was ignored in review (it is not brought in). */
export function reviewIgnored(host: RoomHost, productId: string): boolean {
  return findReview(host, productId)?.state === "ignored";
}

/**
 * A person's decision (the caller holds host.writes): `apply` brings the
 * product in as linked to the chosen item or as new; ignore keeps it out.
 * Answers the item it became (null when ignored).
 */
export async function decideReview(
  host: RoomHost,
  productId: string,
  choice: ReviewChoice,
  apply: (product: StoreProduct, decided: { linkTo?: string; asNew?: boolean }) => Promise<string | null>,
): Promise<string | null> {
  const held = findReview(host, productId);
  if (held?.state !== "open") throw new LiveError(404, "That store product is no longer waiting for review");
  const previous = reviewDoc(host);
  let itemId: string | null = null;
  if (choice.choice === "ignore") {
    runTogether(host.roomDb, [
      host.roomDb.update(storeReview).set({ state: "ignored" }).where(eq(storeReview.productId, productId)),
    ]);
  } else {
    const product = JSON.parse(held.product) as StoreProduct;
    itemId = await apply(product, choice.choice === "link" ? { linkTo: choice.itemId } : { asNew: true });
    runTogether(host.roomDb, [host.roomDb.delete(storeReview).where(eq(storeReview.productId, productId))]);
  }
  announce(host, previous);
  return itemId;
}

/** The room's store is gone or another: what was held for its products goes too. */
export function forgetReviewsQuery(host: RoomHost) {
  return host.roomDb.delete(storeReview);
}
