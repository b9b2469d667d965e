/**
 * What each method and publication takes: the argument schemas (valibot)
 * the server validates every call against, and the method stubs and forms
 * check before sending, so both sides refuse the same input in the same
 * words.
 */
import * as v from "valibot";
import { ACCOUNT_METHOD_ARGS } from "./account-args";
import { ASSIGNABLE_ROLES, ITEM_SORT_KEYS, ITEM_STATUSES, JOIN_ROLES, LIMITS, METHOD, PUBLICATION } from "./api";
import { bulkBeforeSchema, bulkChangeSchema } from "./bulk-edit";
import {
  barcodeSchema,
  currencySchema,
  locationReorderPointsSchema,
  priceSchema,
  printable,
  quantitySchema,
  reorderPointSchema,
  roomNameSchema,
  trimmed,
} from "./field-schemas";
import { FILE_METHOD_ARGS } from "./file-args";
import { idSchema } from "./id-schema";
import { STOCK_METHOD_ARGS, STOCK_PUBLICATION_ARGS } from "./stock-args";
import { VARIANT_METHOD_ARGS } from "./variant-args";

/** Fields a client may set on an item. */
export const itemFieldsSchema = v.strictObject(
  {
    title: v.pipe(trimmed(LIMITS.ITEM_TITLE, "Title"), v.nonEmpty("Title is required")),
    description: v.optional(trimmed(LIMITS.ITEM_TEXT, "Description")),
    sku: v.optional(trimmed(LIMITS.SKU, "SKU")),
    priceCents: v.optional(priceSchema),
    currency: v.optional(currencySchema),
    quantity: v.optional(quantitySchema),
    status: v.optional(v.picklist(ITEM_STATUSES, "Unknown status")),
    location: v.optional(trimmed(LIMITS.LOCATION, "Shelf")),
    /** A product barcode, check digit right (protocol/barcodes.ts); "" for none. */
    barcode: v.optional(barcodeSchema),
    /** Low on stock at or below this many units; null for never. */
    reorderPoint: v.optional(v.nullable(reorderPointSchema)),
    /** Low, too, at a location holding at or below its own point (docs/architecture.md §9). */
    locationReorderPoints: v.optional(locationReorderPointsSchema),
    tags: v.optional(
      v.pipe(
        v.array(v.pipe(trimmed(LIMITS.TAG, "Tag"), v.nonEmpty("Tags cannot be empty"))),
        v.maxLength(LIMITS.TAGS, `At most ${LIMITS.TAGS} tags`),
      ),
    ),
    /** File ids in the room's itemPhotos collection, in display order. */
    photos: v.optional(
      v.pipe(
        v.array(v.pipe(v.string("Photo id must be text"), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "Malformed photo id"))),
        v.maxLength(LIMITS.PHOTOS, `At most ${LIMITS.PHOTOS} photos`),
      ),
    ),
  },
  "Unknown item field",
);
export type ItemFields = v.InferOutput<typeof itemFieldsSchema>;

/**
 * A change of an item's fields. A quantity typed comes with `quantityWas`,
 * the total the person saw: if it changed meanwhile, the difference from
 * what they saw is recorded, not their total (docs/stock.md).
 */
export const itemPatchSchema = v.strictObject({
  ...v.partial(itemFieldsSchema).entries,
  quantityWas: v.optional(quantitySchema),
});
export type ItemPatch = v.InferOutput<typeof itemPatchSchema>;

/** What saving a typed total says when the total had changed meanwhile (someone else's change). */
export interface QuantityMeanwhile {
  /** The total the person saw, and the one they typed. */
  was: number;
  typed: number;
  /** What it was when their change arrived (`found`), who made it so, and what it is now. */
  found: number;
  by: string;
  now: number;
}

export { currencySchema, idSchema, roomNameSchema };

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

/** A join link's token, as its address carries it. */
const joinTokenSchema = v.pipe(
  v.string("This join link is not valid"),
  v.regex(/^[A-Za-z0-9_-]{43}$/, "This join link is not valid"),
);

/** Argument tuples, by method name. */
export const METHOD_ARGS = {
  [METHOD.ROOMS_CREATE]: v.tuple([roomNameSchema, v.optional(currencySchema)]),
  [METHOD.ROOMS_RENAME]: v.tuple([roomNameSchema]),
  [METHOD.ROOMS_SET_CURRENCY]: v.tuple([currencySchema]),
  [METHOD.ROOMS_DELETE]: v.tuple([]),
  [METHOD.MEMBERS_INVITE]: v.tuple([
    v.pipe(
      v.string("E-mail must be text"),
      v.trim(),
      v.maxLength(254, "E-mail address is too long"),
      v.email("Invalid e-mail address"),
    ),
    v.picklist(ASSIGNABLE_ROLES, "Unknown role"),
  ]),
  [METHOD.MEMBERS_SET_ROLE]: v.tuple([idSchema, v.picklist(ASSIGNABLE_ROLES, "Unknown role")]),
  [METHOD.MEMBERS_REMOVE]: v.tuple([idSchema]),
  [METHOD.MEMBERS_LEAVE]: v.tuple([]),
  [METHOD.MEMBERS_CREATE_JOIN_LINK]: v.tuple([v.picklist(JOIN_ROLES, "A join link gives the member or viewer role")]),
  [METHOD.MEMBERS_REVOKE_JOIN_LINKS]: v.tuple([]),
  [METHOD.MEMBERS_JOIN]: v.tuple([joinTokenSchema]),
  [METHOD.MEMBERS_JOIN_LINK_INFO]: v.tuple([joinTokenSchema]),
  [METHOD.ITEMS_ADD]: v.tuple([itemFieldsSchema]),
  [METHOD.ITEMS_UPDATE]: v.tuple([idSchema, itemPatchSchema]),
  [METHOD.ITEMS_REMOVE]: v.tuple([idSchema]),
  [METHOD.ITEMS_RESTORE]: v.tuple([idSchema, itemFieldsSchema]),
  [METHOD.ITEMS_ADD_PHOTO]: v.tuple([idSchema, idSchema]),
  [METHOD.ITEMS_MOVE_PHOTO]: v.tuple([
    idSchema,
    idSchema,
    v.pipe(v.number("Position must be a number"), v.integer("Position must be a whole number"), v.minValue(0)),
  ]),
  // The locations it counts (the room's first when none are given).
  [METHOD.STOCKTAKE_START]: v.tuple([
    v.optional(
      v.pipe(
        v.array(idSchema, "Locations must be a list"),
        v.maxLength(LIMITS.STOCKTAKE_LOCATIONS, `At most ${LIMITS.STOCKTAKE_LOCATIONS} locations`),
      ),
    ),
  ]),
  [METHOD.STOCKTAKE_SCAN]: v.tuple([
    idSchema,
    v.pipe(
      v.string("Scan a label or type a SKU"),
      v.trim(),
      v.nonEmpty("Scan a label or type a SKU"),
      v.maxLength(LIMITS.SCAN, "That is not a label or SKU of this room"),
    ),
    // Where it was counted (the stocktake's first location when not given), and when, by the phone's clock.
    v.optional(
      v.strictObject({
        locationId: v.optional(idSchema),
        at: v.optional(v.pipe(v.number("A time must be a number"), v.integer(), v.minValue(0))),
      }),
    ),
  ]),
  [METHOD.STOCKTAKE_APPLY]: v.tuple([
    idSchema,
    v.optional(v.strictObject({ unseenToZero: v.optional(v.boolean("unseenToZero must be true or false")) })),
  ]),
  [METHOD.STOCKTAKE_APPLY_LATE]: v.tuple([idSchema]),
  [METHOD.STOCKTAKE_DISCARD_LATE]: v.tuple([idSchema]),
  [METHOD.STOCKTAKE_CANCEL]: v.tuple([idSchema]),
  [METHOD.STOCKTAKE_UNSCAN]: v.tuple([idSchema, idSchema]),
  [METHOD.ITEMS_SET_STATUS]: v.tuple([
    v.pipe(
      v.array(idSchema, "Item ids must be a list"),
      v.nonEmpty("Choose at least one item"),
      v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
    ),
    v.picklist(ITEM_STATUSES, "Unknown status"),
  ]),
  [METHOD.ITEMS_PUBLIC_LINKS]: v.tuple([
    v.pipe(
      v.array(idSchema, "Item ids must be a list"),
      v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
    ),
  ]),
  [METHOD.STORE_CONNECT]: v.tuple([storeConnectSchema]),
  [METHOD.STORE_TEST]: v.tuple([]),
  [METHOD.STORE_DISCONNECT]: v.tuple([]),
  [METHOD.STORE_PUBLISH]: v.tuple([idSchema]),
  [METHOD.STORE_UNPUBLISH]: v.tuple([idSchema]),
  [METHOD.STORE_SYNC]: v.tuple([
    v.optional(
      v.strictObject({
        /** Everything again, not only what changed since the last sync. */
        full: v.optional(v.boolean("full must be true or false")),
      }),
    ),
  ]),
  [METHOD.MEMBERS_SET_ORDER_EMAILS]: v.tuple([v.boolean("Choose on or off")]),
  /** After which change (0: from the start), and at most how many items. */
  [METHOD.ITEMS_COPY]: v.tuple([
    v.pipe(v.number("A change number must be a number"), v.integer("A change number is whole"), v.minValue(0)),
    v.optional(
      v.pipe(v.number("limit must be a number"), v.integer(), v.minValue(1), v.maxValue(LIMITS.WINDOW)),
      LIMITS.WINDOW,
    ),
  ]),
  [METHOD.ITEMS_BULK_EDIT]: v.tuple([
    v.pipe(
      v.array(idSchema, "Item ids must be a list"),
      v.nonEmpty("Choose at least one item"),
      v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
    ),
    bulkChangeSchema,
    /** Variants of the products among them that the price and stock change is for (all of each product's when none). */
    v.optional(
      v.pipe(
        v.array(idSchema, "Variant ids must be a list"),
        v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} variants at once`),
      ),
      [],
    ),
  ]),
  [METHOD.ITEMS_BULK_UNDO]: v.tuple([
    v.strictObject({
      items: v.pipe(v.array(bulkBeforeSchema), v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`)),
      // One movement per item or chosen variant.
      movements: v.pipe(v.array(idSchema), v.maxLength(LIMITS.BULK * 2)),
    }),
  ]),
  ...STOCK_METHOD_ARGS,
  ...VARIANT_METHOD_ARGS,
  ...FILE_METHOD_ARGS,
  ...ACCOUNT_METHOD_ARGS,
} as const;

/** An `items.window` query: every part has a default, so `{}` is the newest items first. */
export const itemWindowSchema = v.strictObject({
  text: v.optional(
    v.pipe(v.string("Search text must be text"), v.transform(printable), v.maxLength(200, "Search text is too long")),
    "",
  ),
  status: v.optional(v.picklist([...ITEM_STATUSES, "all"] as const, "Unknown status"), "all"),
  tag: v.optional(v.pipe(v.string("A tag must be text"), v.maxLength(LIMITS.TAG, "Tag is too long")), ""),
  /** Only items at or below their reorder point. */
  low: v.optional(v.boolean("low must be true or false"), false),
  sort: v.optional(v.picklist(ITEM_SORT_KEYS, "Unknown sort"), "createdAt"),
  descending: v.optional(v.boolean("descending must be true or false"), true),
  limit: v.optional(
    v.pipe(
      v.number("limit must be a number"),
      v.integer("limit must be a whole number"),
      v.minValue(1, "limit must be at least 1"),
      v.maxValue(LIMITS.WINDOW, `limit must be at most ${LIMITS.WINDOW}`),
    ),
    100,
  ),
});

/** A method both sides know by name (the account methods are Meteor's, checked by the accounts feature). */
export type MethodName = keyof typeof METHOD_ARGS;
/** A publication both sides know by name. */
export type PublicationName = keyof typeof PUBLICATION_ARGS;

export const PUBLICATION_ARGS = {
  [PUBLICATION.ITEMS_WINDOW]: v.tuple([itemWindowSchema]),
  [PUBLICATION.ITEM]: v.tuple([idSchema]),
  [PUBLICATION.ROOMS_LIST]: v.tuple([]),
  [PUBLICATION.ROOM]: v.tuple([]),
  [PUBLICATION.MEMBERS]: v.tuple([]),
  [PUBLICATION.ITEMS]: v.tuple([]),
  [PUBLICATION.ITEM_HISTORY]: v.tuple([idSchema]),
  [PUBLICATION.STOCKTAKE]: v.tuple([]),
  [PUBLICATION.STOCKTAKE_SCANS]: v.tuple([idSchema]),
  [PUBLICATION.STOCKTAKE_LABELS]: v.tuple([]),
  [PUBLICATION.PAST_STOCKTAKES]: v.tuple([]),
  [PUBLICATION.BULK_JOBS]: v.tuple([]),
  [PUBLICATION.DASHBOARD]: v.tuple([]),
  [PUBLICATION.PRESENCE]: v.tuple([]),
  [PUBLICATION.STORE]: v.tuple([]),
  [PUBLICATION.FILES]: v.tuple([]),
  [PUBLICATION.USER]: v.tuple([]),
  [PUBLICATION.LOGIN_SERVICES]: v.tuple([]),
  ...STOCK_PUBLICATION_ARGS,
} as const;
