/**
 * What the server sends about the room's online store (docs/product.md,
 * the online store): the `store` publication's documents and some store
 * methods' answers. Re-exported by docs.ts.
 */
import type { StoreAuthKind } from "./store";

/** The one document of the `store` publication: what anyone in the room may know, never a secret or token. */
export interface StoreConnectionDoc {
  _id: "connection";
  connected: boolean;
  /** e.g. `your-shop.myshopify.com` ("" when not connected). */
  domain: string;
  authKind: StoreAuthKind | null;
  /** The shop's name as the store last reported it ("" when not connected). */
  shopName: string;
  connectedAt: Date | null;
}

/** What `store.connect` answers. */
export interface StoreConnected {
  shopName: string;
  /** How many of the store's webhook topics now reach this room, and why not all ("" when all). */
  webhooks: { registered: number; note: string };
}

/** One of the store's locations and the room location its stock is (docs/stock.md, "Stock from the store"). */
export interface StoreLocationMapping {
  storeLocationId: string;
  name: string;
  /** The room location ("" for none: the store's stock there stays the store's). */
  locationId: string;
}

/** The `locations` document of the `store` publication: the store's active locations, in its order. */
export interface StoreLocationsDoc {
  _id: "locations";
  locations: StoreLocationMapping[];
}

/**
 * The `item:<id>` document of the `store` collection (publication
 * `store.item`): how the item's movements stand with the store.
 */
export interface StoreItemSyncDoc {
  _id: `item:${string}`;
  itemId: string;
  /** Movements still to reach the store. */
  waiting: number;
  /** The store's refusal of one of them, in its words ("" for none): it waits for a person. */
  refused: string;
  /** Why the last try of those waiting failed ("" for none): they are tried again by themselves. */
  lastError: string;
  /** Fields changed both here and in the store since they last agreed: both values, for a person to choose. */
  conflicts: {
    field: "title" | "description" | "priceCents" | "sku";
    ours: string | number;
    theirs: string | number;
  }[];
}

/** A store webhook delivery that could not be applied, as `store.failedDeliveries` lists it. */
export interface StoreFailedDelivery {
  id: number;
  /** e.g. `orders/create`. */
  topic: string;
  deliveryId: string;
  /** Why it was not applied, in words. */
  error: string;
  failedAt: Date;
}

/** One variant at one location whose stock here and in the store differ (the drift check). */
export interface StoreDriftLine {
  itemId: string;
  variantId: string;
  /** "Tee — M / Red". */
  title: string;
  locationId: string;
  storeLocationId: string;
  /** Stock here, less what is still on its way to the store. */
  here: number;
  store: number;
}

/**
 * The `drift` document of the `store` publication: the last comparison of
 * every linked variant's stock at every mapped location with the store's
 * (docs/stock.md, "The drift check"), or the one running.
 */
export interface StoreDriftDoc {
  _id: "drift";
  running: boolean;
  /** Variants compared so far, and how many there are. */
  checked: number;
  total: number;
  /** The differences found (the first 200), and how many there are. */
  lines: StoreDriftLine[];
  differences: number;
  checkedAt: Date | null;
  /** Why the last check stopped short ("" when it completed). */
  error: string;
}

/**
 * One variant's counts in the store at one store location kept here, by
 * Shopify's names (docs/stock.md, "Which number is which"): what `store.itemCounts` answers.
 */
export interface StoreItemCounts {
  variantId: string;
  /** "M / Red"; "" for a product's only variant. */
  variantName: string;
  locationId: string;
  /** Can be sold: on hand, less what is committed. The catalogue's quantity is this one. */
  available: number;
  /** Ordered and not yet sent. */
  committed: number;
  /** On the shelf, whoever it is for. */
  onHand: number;
}

/** What a store sync is doing: "products", then "orders", then "customers". */
export type StoreSyncPhase = "products" | "orders" | "customers";

/**
 * The `sync` document of the `store` publication: the sync running now (its
 * phase and how many of that phase's records are in, of how many the store
 * reported) or how the last one ended.
 */
export interface StoreSyncDoc {
  _id: "sync";
  running: boolean;
  /** Incremental (what changed since the last sync) or full. */
  full: boolean;
  phase: StoreSyncPhase | null;
  /** Records of the current phase stored so far, and the store's count of them (0 when unknown). */
  done: number;
  total: number;
  /** Records stored by the running (or last) sync, by kind. */
  counts: Record<StoreSyncPhase, number>;
  /** Store products that could not become items (e.g. their SKU is another item's here); the rest is synced. */
  skipped: number;
  startedAt: Date | null;
  /** When the last sync ended (null while the first one runs, or before any). */
  finishedAt: Date | null;
  /** Why the last sync stopped short ("" when it completed): what it stored stays, the next sync resumes. */
  error: string;
}

/**
 * Store products held for review when the store's catalogue came in (the
 * `review` document of `store`): one that only its title matched here, or
 * whose SKU an item linked to another store product has. A person links,
 * imports as new or ignores each.
 */
export interface StoreReviewDoc {
  _id: "review";
  open: StoreReviewLine[];
  /** How many are open in all (the list holds the first 200). */
  total: number;
  /** Store products ignored (they are not brought in again). */
  ignored: number;
}

export interface StoreReviewLine {
  productId: string;
  title: string;
  sku: string;
  /** Why it waits: a title like an item's here, or its SKU on an item linked elsewhere. */
  reason: "title" | "sku";
  /** The item here it looks like. */
  candidateItemId: string;
  candidateTitle: string;
}
