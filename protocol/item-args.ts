/** The catalogue: an item's fields and its methods — add, edit, remove, photos, bulk changes, links, a phone's copy (docs/product.md §2). */
import * as v from "valibot";
import { ITEM_STATUSES, LIMITS, METHOD } from "./api";
import type { BulkEditResult } from "./bulk-edit";
import { bulkBeforeSchema, bulkChangeSchema } from "./bulk-edit";
import { takes } from "./contract";
import type { ItemCopyPage, QuantityMeanwhile } from "./docs";
import {
  barcodeSchema,
  currencySchema,
  locationReorderPointsSchema,
  priceSchema,
  quantitySchema,
  reorderPointSchema,
  roomNameSchema,
  trimmed,
} from "./field-schemas";
import { idSchema } from "./id-schema";

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

export { currencySchema, idSchema, roomNameSchema };

export const ITEM_METHODS = {
  [METHOD.ITEMS_ADD]: takes(v.tuple([itemFieldsSchema])).answers<string>(),
  [METHOD.ITEMS_UPDATE]: takes(v.tuple([idSchema, itemPatchSchema])).answers<QuantityMeanwhile | null>(),
  [METHOD.ITEMS_REMOVE]: takes(v.tuple([idSchema])).answers(),
  [METHOD.ITEMS_RESTORE]: takes(v.tuple([idSchema, itemFieldsSchema])).answers(),
  [METHOD.ITEMS_ADD_PHOTO]: takes(v.tuple([idSchema, idSchema])).answers(),
  [METHOD.ITEMS_MOVE_PHOTO]: takes(
    v.tuple([
      idSchema,
      idSchema,
      v.pipe(v.number("Position must be a number"), v.integer("Position must be a whole number"), v.minValue(0)),
    ]),
  ).answers(),
  [METHOD.ITEMS_SET_STATUS]: takes(
    v.tuple([
      v.pipe(
        v.array(idSchema, "Item ids must be a list"),
        v.nonEmpty("Choose at least one item"),
        v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
      ),
      v.picklist(ITEM_STATUSES, "Unknown status"),
    ]),
  ).answers<number>(),
  [METHOD.ITEMS_PUBLIC_LINKS]: takes(
    v.tuple([
      v.pipe(
        v.array(idSchema, "Item ids must be a list"),
        v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
      ),
    ]),
  ).answers<Record<string, string>>(),
  /** After which change (0: from the start), and at most how many items. */
  [METHOD.ITEMS_COPY]: takes(
    v.tuple([
      v.pipe(v.number("A change number must be a number"), v.integer("A change number is whole"), v.minValue(0)),
      v.optional(
        v.pipe(v.number("limit must be a number"), v.integer(), v.minValue(1), v.maxValue(LIMITS.WINDOW)),
        LIMITS.WINDOW,
      ),
    ]),
  ).answers<ItemCopyPage>(),
  [METHOD.ITEMS_BULK_EDIT]: takes(
    v.tuple([
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
  ).answers<BulkEditResult>(),
  [METHOD.ITEMS_BULK_UNDO]: takes(
    v.tuple([
      v.strictObject({
        items: v.pipe(v.array(bulkBeforeSchema), v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`)),
        // One movement per item or chosen variant.
        movements: v.pipe(v.array(idSchema), v.maxLength(LIMITS.BULK * 2)),
      }),
    ]),
  ).answers<number>(),
} as const;
