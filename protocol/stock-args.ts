/** What the stock methods and the ledger take (docs/architecture.md §9), checked on both sides. */
import * as v from "valibot";
import { takes } from "./contract";
import type { ReceivedByCode } from "./docs";
import { costSchema } from "./field-schemas";
import { idSchema } from "./id-schema";
import { LIMITS } from "./limits";
import { ADJUST_REASONS, MOVEMENT_REASONS } from "./stock";
import { isTimeZone } from "./time-zones";

/** The method names of stock, locations and stock e-mails: the wire names both sides call them by. */
export const STOCK_METHOD = {
  /** Records one change of an item's stock at a location, with its reason (received, sold, damaged…). */
  STOCK_ADJUST: "stock.adjust",
  /** Moves units of an item from one location to another: two movements in one step. */
  STOCK_TRANSFER: "stock.transfer",
  /** Takes a movement back (a transfer as its pair) with compensating movements, once. */
  STOCK_UNDO: "stock.undo",
  /** Records units received of the item a scanned or typed code names (a label, a barcode, a SKU) at a location. */
  STOCK_RECEIVE: "stock.receive",
  LOCATIONS_ADD: "locations.add",
  LOCATIONS_RENAME: "locations.rename",
  /** Archives a location that holds no stock, or brings an archived one back. */
  LOCATIONS_ARCHIVE: "locations.archive",
  /** The caller's own choice: a daily e-mail listing what is low on stock in this room, or none. */
  MEMBERS_SET_LOW_STOCK_EMAILS: "members.setLowStockEmails",
} as const;

/** The stock feature's publications. */
export const STOCK_PUBLICATION = {
  /** The room's locations, in order (`locations`). */
  LOCATIONS: "locations",
  /** The movement ledger, newest first, narrowed by a LedgerQuery (`movements`). */
  LEDGER: "stock.ledger",
} as const;

const noteSchema = v.pipe(
  v.string("A note must be text"),
  v.trim(),
  v.maxLength(LIMITS.MOVEMENT_NOTE, `A note must be at most ${LIMITS.MOVEMENT_NOTE} characters`),
);

const unitsSchema = v.pipe(
  v.number("Quantity must be a number"),
  v.integer("Quantity must be a whole number"),
  v.minValue(-LIMITS.QUANTITY, "Quantity is too large"),
  v.maxValue(LIMITS.QUANTITY, "Quantity is too large"),
  v.check((units) => units !== 0, "Enter a quantity other than 0"),
);

export const locationNameSchema = v.pipe(
  v.string("A location's name must be text"),
  v.trim(),
  v.nonEmpty("Give the location a name"),
  v.maxLength(LIMITS.LOCATION_NAME, `A location's name must be at most ${LIMITS.LOCATION_NAME} characters`),
);

/** A code scanned or typed to name a variant: a label's link, a barcode, a SKU. */
export const scanCodeSchema = v.pipe(
  v.string("Scan a label or barcode, or type a SKU"),
  v.trim(),
  v.nonEmpty("Scan a label or barcode, or type a SKU"),
  v.maxLength(LIMITS.SCAN, "That code is too long"),
);

/** One change of stock a person records: + in, − out (the reason says which way it may go). */
export const stockAdjustSchema = v.strictObject({
  itemId: idSchema,
  /** Which of the product's variants (its own id, or absent, for a product without options). */
  variantId: v.optional(idSchema),
  locationId: idSchema,
  quantity: unitsSchema,
  reason: v.picklist(Object.keys(ADJUST_REASONS) as (keyof typeof ADJUST_REASONS)[], "Choose why the stock changed"),
  note: v.optional(noteSchema, ""),
  reference: v.optional(noteSchema, ""),
  /** What each unit sold (or was returned) for: only with a sale or a return. */
  priceCents: v.optional(
    v.nullable(
      v.pipe(
        v.number("Price must be a number"),
        v.integer("Price must be a whole number of cents"),
        v.minValue(0, "Price cannot be negative"),
        v.maxValue(LIMITS.PRICE_CENTS, "Price is too large"),
      ),
    ),
    null,
  ),
  /** What each unit received cost the shop: only with stock received (absent: the variant's cost). */
  costCents: v.optional(costSchema, null),
});
export type StockAdjust = v.InferOutput<typeof stockAdjustSchema>;

export const stockTransferSchema = v.strictObject({
  itemId: idSchema,
  variantId: v.optional(idSchema),
  from: idSchema,
  to: idSchema,
  quantity: v.pipe(unitsSchema, v.minValue(1, "Move at least 1")),
  note: v.optional(noteSchema, ""),
});
export type StockTransfer = v.InferOutput<typeof stockTransferSchema>;

const timeSchema = v.pipe(v.number("A time must be a number"), v.integer(), v.minValue(0));

/** The ledger's filter: every part has a default, so `{}` is the newest movements of the room. */
export const ledgerQuerySchema = v.strictObject({
  itemId: v.optional(v.union([v.literal(""), idSchema]), ""),
  variantId: v.optional(v.union([v.literal(""), idSchema]), ""),
  reason: v.optional(v.picklist([...MOVEMENT_REASONS, ""] as const, "Unknown reason"), ""),
  locationId: v.optional(v.union([v.literal(""), idSchema]), ""),
  userId: v.optional(v.union([v.literal(""), idSchema]), ""),
  from: v.optional(timeSchema, 0),
  to: v.optional(timeSchema, 0),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIMITS.LEDGER)), 100),
});

export const STOCK_METHODS = {
  [STOCK_METHOD.STOCK_ADJUST]: takes(v.tuple([stockAdjustSchema])).answers<string>(),
  [STOCK_METHOD.STOCK_TRANSFER]: takes(v.tuple([stockTransferSchema])).answers<string>(),
  [STOCK_METHOD.STOCK_UNDO]: takes(v.tuple([idSchema])).answers<string[]>(),
  [STOCK_METHOD.STOCK_RECEIVE]: takes(
    v.tuple([
      scanCodeSchema,
      idSchema,
      v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, "Receive at least 1"), v.maxValue(LIMITS.QUANTITY)), 1),
    ]),
  ).answers<ReceivedByCode>(),
  [STOCK_METHOD.LOCATIONS_ADD]: takes(v.tuple([locationNameSchema])).answers<string>(),
  [STOCK_METHOD.LOCATIONS_RENAME]: takes(v.tuple([idSchema, locationNameSchema])).answers(),
  [STOCK_METHOD.LOCATIONS_ARCHIVE]: takes(v.tuple([idSchema, v.boolean("Archive: true or false")])).answers(),
  // The time zone (the browser's) whose 07:00 the daily e-mail goes at; UTC when not given.
  [STOCK_METHOD.MEMBERS_SET_LOW_STOCK_EMAILS]: takes(
    v.tuple([
      v.boolean("Choose on or off"),
      v.optional(v.pipe(v.string("A time zone must be text"), v.check(isTimeZone, "That is not a time zone"))),
    ]),
  ).answers<null>(),
} as const;

export const STOCK_PUBLICATION_ARGS = {
  [STOCK_PUBLICATION.LOCATIONS]: v.tuple([]),
  [STOCK_PUBLICATION.LEDGER]: v.tuple([ledgerQuerySchema]),
} as const;
