/** The online store: connecting, testing, publishing, unpublishing and syncing (docs/product.md §5). */
import * as v from "valibot";
import { takes } from "./contract";
import { idSchema } from "./id-schema";
import { LIMITS } from "./limits";
import { STORE_CONFLICT_FIELDS } from "./store";
import type { StoreConnected, StoreFailedDelivery, StoreItemCounts } from "./store-docs";

/** The method names of the store (Shopify): the wire names both sides call them by. */
export const STORE_METHOD = {
  /** Connects the room to its Shopify store (replacing any earlier connection); answers `{shopName}`. */
  STORE_CONNECT: "store.connect",
  /** Asks the connected store for its name; answers `{shopName}`. */
  STORE_TEST: "store.test",
  STORE_DISCONNECT: "store.disconnect",
  /** Creates or updates the item's store product (title, description, price, SKU, inventory, images); answers `{storeProductId}`. */
  STORE_PUBLISH: "store.publish",
  /** Archives the item's store product (the link is kept, so publishing again brings the same product back). */
  STORE_UNPUBLISH: "store.unpublish",
  /** Starts a sync of products, orders and customers from the store; progress is the `sync` document of `store`. */
  STORE_SYNC: "store.sync",
  /** Says which room location a store location's stock is ("" for none); owners and admins. */
  STORE_MAP_LOCATION: "store.mapLocation",
  /** Sends an item's movements the store refused again (after the cause was fixed there); answers how many. */
  STORE_RETRY_ITEM: "store.retryItem",
  /** Store webhook deliveries that could not be applied (newest 100, and how many); owners and admins. */
  STORE_FAILED_DELIVERIES: "store.failedDeliveries",
  /** Applies a failed delivery now; answers its outcome ("applied", "duplicate", "ignored"). */
  STORE_REPLAY_DELIVERY: "store.replayDelivery",
  /** Drops a failed delivery without applying it. */
  STORE_DISMISS_DELIVERY: "store.dismissDelivery",
  /** Compares every linked variant's stock at every mapped location with the store's; progress and outcome are the `drift` document of `store`. */
  STORE_CHECK_DRIFT: "store.checkDrift",
  /** Takes the store's count of one variant at one location (a correction here); answers the change. */
  STORE_TAKE_COUNT: "store.takeStoreCount",
  /** Sends our count of one variant at one location to the store (an adjustment there); answers the change. */
  STORE_SEND_COUNT: "store.sendOurCount",
  /** The store's available, committed and on-hand counts of an item's variants at each location kept here. */
  STORE_ITEM_COUNTS: "store.itemCounts",
  /** Chooses for a field changed in both places: keep ours (sent to the store) or take the store's. */
  STORE_RESOLVE_CONFLICT: "store.resolveConflict",
  /**
   * Decides for a store product held for review when the store's catalogue
   * came in: link it to an item here, import it as a new item, or ignore it.
   */
  STORE_REVIEW_PRODUCT: "store.reviewProduct",
} as const;

/** What a person decides for a store product held for review. */
export const reviewChoiceSchema = v.variant("choice", [
  v.strictObject({ choice: v.literal("link"), itemId: idSchema }),
  v.strictObject({ choice: v.literal("new") }),
  v.strictObject({ choice: v.literal("ignore") }),
]);
export type ReviewChoice = v.InferOutput<typeof reviewChoiceSchema>;

/** A failed delivery's number, as `store.failedDeliveries` lists it. */
const deliveryIdSchema = v.pipe(
  v.number("A delivery is named by its number"),
  v.integer("A delivery is named by its number"),
  v.minValue(1, "A delivery is named by its number"),
);

/** One line of the drift check: a variant at a location. */
const driftLineSchema = v.strictObject({ itemId: idSchema, variantId: idSchema, locationId: idSchema });

const storeText = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(LIMITS.STORE_CREDENTIAL, `${label} is too long`),
  );

/**
 * What `store.connect` takes: the store's domain and either the client ID
 * and secret of the merchant's own app (client-credentials grant) or an
 * Admin API access token from an older custom app. The server checks the
 * domain's shape itself (it also accepts a pasted store URL).
 */
export const storeConnectSchema = v.union(
  [
    v.strictObject({
      domain: storeText("Store domain"),
      clientId: storeText("Client ID"),
      clientSecret: storeText("Client secret"),
    }),
    v.strictObject({ domain: storeText("Store domain"), accessToken: storeText("Access token") }),
  ],
  "Give the store domain and either a client ID and secret or an access token",
);
export type StoreConnectArgs = v.InferOutput<typeof storeConnectSchema>;

export const STORE_METHODS = {
  [STORE_METHOD.STORE_CONNECT]: takes(v.tuple([storeConnectSchema])).answers<StoreConnected>(),
  [STORE_METHOD.STORE_TEST]: takes(v.tuple([])).answers<{ shopName: string }>(),
  [STORE_METHOD.STORE_DISCONNECT]: takes(v.tuple([])).answers(),
  [STORE_METHOD.STORE_PUBLISH]: takes(v.tuple([idSchema])).answers<{ storeProductId: string }>(),
  [STORE_METHOD.STORE_UNPUBLISH]: takes(v.tuple([idSchema])).answers<null>(),
  [STORE_METHOD.STORE_SYNC]: takes(
    v.tuple([
      v.optional(
        v.strictObject({
          /** Everything again, not only what changed since the last sync. */
          full: v.optional(v.boolean("full must be true or false")),
        }),
      ),
    ]),
  ).answers<{ started: boolean }>(),
  [STORE_METHOD.STORE_MAP_LOCATION]: takes(
    v.tuple([
      v.pipe(v.string("The store location must be text"), v.nonEmpty("Choose a store location"), v.maxLength(128)),
      v.pipe(v.string("The room location must be text"), v.maxLength(64)),
    ]),
  ).answers<null>(),
  [STORE_METHOD.STORE_RETRY_ITEM]: takes(v.tuple([idSchema])).answers<number>(),
  [STORE_METHOD.STORE_FAILED_DELIVERIES]: takes(v.tuple([])).answers<{
    deliveries: StoreFailedDelivery[];
    total: number;
  }>(),
  [STORE_METHOD.STORE_REPLAY_DELIVERY]: takes(v.tuple([deliveryIdSchema])).answers<
    "applied" | "duplicate" | "ignored"
  >(),
  [STORE_METHOD.STORE_DISMISS_DELIVERY]: takes(v.tuple([deliveryIdSchema])).answers<null>(),
  [STORE_METHOD.STORE_CHECK_DRIFT]: takes(v.tuple([])).answers<{ started: boolean }>(),
  [STORE_METHOD.STORE_TAKE_COUNT]: takes(v.tuple([driftLineSchema])).answers<number>(),
  [STORE_METHOD.STORE_SEND_COUNT]: takes(v.tuple([driftLineSchema])).answers<number>(),
  [STORE_METHOD.STORE_ITEM_COUNTS]: takes(v.tuple([idSchema])).answers<StoreItemCounts[]>(),
  [STORE_METHOD.STORE_RESOLVE_CONFLICT]: takes(
    v.tuple([
      idSchema,
      v.picklist(STORE_CONFLICT_FIELDS, "Choose a field changed in both places"),
      v.picklist(["ours", "theirs"], "Keep ours or take the store's"),
    ]),
  ).answers<null>(),
  [STORE_METHOD.STORE_REVIEW_PRODUCT]: takes(
    v.tuple([
      v.pipe(v.string("A store product is named by its id"), v.startsWith("gid://shopify/Product/"), v.maxLength(128)),
      reviewChoiceSchema,
    ]),
  ).answers<{ itemId: string | null }>(),
} as const;

/** The publications of the store (Shopify): their wire names. */
export const STORE_PUBLICATION = {
  /** The room's store connection: one `connection` document in `store`, never a secret. */
  STORE: "store",
  /** How one item's movements stand with the store: its `item:<id>` document in `store`. */
  STORE_ITEM: "store.item",
} as const;

/** What each publication of the store (Shopify) takes. */
export const STORE_PUBLICATION_ARGS = {
  [STORE_PUBLICATION.STORE]: v.tuple([]),
  [STORE_PUBLICATION.STORE_ITEM]: v.tuple([idSchema]),
} as const;
