/** The catalogue: an item's fields and its methods — add, edit, remove, photos, bulk changes, links, a phone's copy (docs/product.md §2). */
import * as v from "valibot";
import type { BulkEditResult, BulkSelectionResult } from "./bulk-edit";
import { bulkBeforeSchema, bulkChangeSchema } from "./bulk-edit";
import { ITEM_SORT_KEYS, ITEM_STATUSES } from "./catalogue";
import { takes } from "./contract";
import type { ItemCopyPage, QuantityMeanwhile } from "./docs";
import {
  barcodeSchema,
  currencySchema,
  locationReorderPointsSchema,
  optionalMoneySchema,
  priceSchema,
  printable,
  quantitySchema,
  reorderPointSchema,
  roomNameSchema,
  trimmed,
  weightGramsSchema,
  weightUnitSchema,
} from "./field-schemas";
import { idSchema } from "./id-schema";
import { LIMITS } from "./limits";

/** The items a change to many is for: at least one, at most LIMITS.BULK. */
const chosenItemsSchema = v.pipe(
  v.array(idSchema, "Item ids must be a list"),
  v.nonEmpty("Choose at least one item"),
  v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
);

/** A selection's items for a change the server makes as a job: at least one, at most LIMITS.SELECTION. */
const selectionSchema = v.pipe(
  v.array(idSchema, "Item ids must be a list"),
  v.nonEmpty("Choose at least one item"),
  v.maxLength(LIMITS.SELECTION, `At most ${LIMITS.SELECTION} items at once`),
);

/** The method names of items: the wire names both sides call them by. */
export const ITEM_METHOD = {
  ITEMS_ADD: "items.add",
  ITEMS_UPDATE: "items.update",
  ITEMS_REMOVE: "items.remove",
  /** Brings a removed item back with its id (the undo of a remove), from the fields it had. */
  ITEMS_RESTORE: "items.restore",
  /** Appends one of the room's photos to an item (uploads finishing while someone reorders lose nothing). */
  ITEMS_ADD_PHOTO: "items.addPhoto",
  /** Moves one photo of an item to a position, on the server's current order. */
  ITEMS_MOVE_PHOTO: "items.movePhoto",
  /** Sets one status on many items at once, all or none. */
  ITEMS_SET_STATUS: "items.setStatus",
  /** Public links (share page or store page) for items, e.g. for labels. */
  ITEMS_PUBLIC_LINKS: "items.publicLinks",
  /** A page of the catalogue's changes after a point (a phone's own copy, kept up to date incrementally). */
  ITEMS_COPY: "items.copy",
  /** One change to many items (price, stock with a reason, shelf, tags, status), all or none; answers how to undo it. */
  ITEMS_BULK_EDIT: "items.bulkEdit",
  /** `items.bulkEdit` of a whole selection (up to LIMITS.SELECTION), made by the server as a job. */
  ITEMS_EDIT_SELECTION: "items.editSelection",
  /** Puts back what one `items.bulkEdit` changed, in one step. */
  ITEMS_BULK_UNDO: "items.bulkUndo",
} as const;

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
    /** What one unit costs the shop; null: not known. */
    costCents: v.optional(optionalMoneySchema),
    /** Who the shop buys it from (a supplier's id; null for none), and that supplier's code for it. */
    supplierId: v.optional(v.nullable(idSchema)),
    supplierSku: v.optional(trimmed(LIMITS.SKU, "Supplier SKU")),
    /** The "was" price shown struck through; null for none. */
    compareAtCents: v.optional(optionalMoneySchema),
    weightGrams: v.optional(weightGramsSchema),
    weightUnit: v.optional(weightUnitSchema),
    vendor: v.optional(trimmed(LIMITS.PRODUCT_WORD, "Vendor")),
    productType: v.optional(trimmed(LIMITS.PRODUCT_WORD, "Product type")),
    seoTitle: v.optional(trimmed(LIMITS.SEO_TITLE, "SEO title")),
    seoDescription: v.optional(trimmed(LIMITS.SEO_DESCRIPTION, "SEO description")),
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

export { currencySchema, idSchema, roomNameSchema };

export const ITEM_METHODS = {
  [ITEM_METHOD.ITEMS_ADD]: takes(v.tuple([itemFieldsSchema])).answers<string>(),
  [ITEM_METHOD.ITEMS_UPDATE]: takes(v.tuple([idSchema, itemPatchSchema])).answers<QuantityMeanwhile | null>(),
  [ITEM_METHOD.ITEMS_REMOVE]: takes(v.tuple([idSchema])).answers(),
  [ITEM_METHOD.ITEMS_RESTORE]: takes(v.tuple([idSchema, itemFieldsSchema])).answers(),
  [ITEM_METHOD.ITEMS_ADD_PHOTO]: takes(v.tuple([idSchema, idSchema])).answers(),
  [ITEM_METHOD.ITEMS_MOVE_PHOTO]: takes(
    v.tuple([
      idSchema,
      idSchema,
      v.pipe(v.number("Position must be a number"), v.integer("Position must be a whole number"), v.minValue(0)),
    ]),
  ).answers(),
  // The job's id is the caller's, so its screen follows the job's progress (`bulkJobs`).
  [ITEM_METHOD.ITEMS_SET_STATUS]: takes(
    v.tuple([selectionSchema, v.picklist(ITEM_STATUSES, "Unknown status"), v.optional(idSchema)]),
  ).answers<number>(),
  [ITEM_METHOD.ITEMS_PUBLIC_LINKS]: takes(
    v.tuple([
      v.pipe(
        v.array(idSchema, "Item ids must be a list"),
        v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
      ),
    ]),
  ).answers<Record<string, string>>(),
  /** After which change (0: from the start), and at most how many items. */
  [ITEM_METHOD.ITEMS_COPY]: takes(
    v.tuple([
      v.pipe(v.number("A change number must be a number"), v.integer("A change number is whole"), v.minValue(0)),
      v.optional(
        v.pipe(v.number("limit must be a number"), v.integer(), v.minValue(1), v.maxValue(LIMITS.WINDOW)),
        LIMITS.WINDOW,
      ),
    ]),
  ).answers<ItemCopyPage>(),
  [ITEM_METHOD.ITEMS_BULK_EDIT]: takes(
    v.tuple([
      chosenItemsSchema,
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
  ).answers<BulkEditResult>(),
  [ITEM_METHOD.ITEMS_EDIT_SELECTION]: takes(
    v.tuple([
      v.pipe(
        v.array(idSchema, "Item ids must be a list"),
        v.nonEmpty("Choose at least one item"),
        v.maxLength(LIMITS.EDIT_SELECTION, `At most ${LIMITS.EDIT_SELECTION} items at once`),
      ),
      bulkChangeSchema,
      v.pipe(
        v.array(idSchema, "Variant ids must be a list"),
        v.maxLength(LIMITS.SELECTION, `At most ${LIMITS.SELECTION} variants at once`),
      ),
      // The job's id, the caller's: its screen follows the job's progress (`bulkJobs`).
      idSchema,
    ]),
  ).answers<BulkSelectionResult>(),
  [ITEM_METHOD.ITEMS_BULK_UNDO]: takes(
    v.tuple([
      v.strictObject({
        items: v.pipe(v.array(bulkBeforeSchema), v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`)),
        // One movement per item or chosen variant.
        movements: v.pipe(v.array(idSchema), v.maxLength(LIMITS.BULK * 2)),
      }),
    ]),
  ).answers<number>(),
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

/** The publications of items: their wire names. */
export const ITEM_PUBLICATION = {
  ITEMS: "items",
  /** One item (its page in a room too big to send whole). */
  ITEM: "item",
  /** A window of the catalogue (search, filter, sort and a limit), for rooms too big to send whole. */
  ITEMS_WINDOW: "items.window",
  /** One item's change history, newest first. */
  ITEM_HISTORY: "items.history",
  /** Bulk writes running in the room, and those that ended in the last minutes (`bulkJobs`): their progress. */
  BULK_JOBS: "bulkJobs",
  /** Photos a CSV import names by address, on their way in (`importPhotos`): a progress bar and the failures. */
  IMPORT_PHOTOS: "importPhotos",
} as const;

/** What each publication of items takes. */
export const ITEM_PUBLICATION_ARGS = {
  [ITEM_PUBLICATION.ITEMS]: v.tuple([]),
  [ITEM_PUBLICATION.ITEM]: v.tuple([idSchema]),
  [ITEM_PUBLICATION.ITEMS_WINDOW]: v.tuple([itemWindowSchema]),
  [ITEM_PUBLICATION.ITEM_HISTORY]: v.tuple([idSchema]),
  [ITEM_PUBLICATION.BULK_JOBS]: v.tuple([]),
  [ITEM_PUBLICATION.IMPORT_PHOTOS]: v.tuple([]),
} as const;
