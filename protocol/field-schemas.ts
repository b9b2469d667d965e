/**
 * The schemas of single fields (a price, a quantity, a barcode…) that
 * several methods' arguments share (args.ts, variant-args.ts), so each
 * field is refused in the same words wherever it is typed.
 */
import * as v from "valibot";
import { parseBarcode } from "./barcodes";
import { idSchema } from "./id-schema";
import { LIMITS } from "./limits";
import { WEIGHT_UNITS } from "./variants";

/**
 * Characters no text of ours keeps: control characters (a NUL breaks a
 * search and a CSV; tabs and line breaks stay) and the bidirectional
 * embeddings, overrides and isolates that make a title print reversed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are taken out.
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/** Text with what no text of ours keeps taken out (see UNPRINTABLE). */
export const printable = (text: string) => text.replace(UNPRINTABLE, "");

export const trimmed = (max: number, label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.transform(printable),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** ISO 4217 three-letter code. */
export const currencySchema = v.pipe(
  v.string("Currency must be text"),
  v.regex(/^[A-Z]{3}$/, "Currency must be a three-letter code, like EUR"),
);

export const roomNameSchema = v.pipe(trimmed(LIMITS.ROOM_NAME, "Room name"), v.nonEmpty("Room name is required"));

export const priceSchema = v.pipe(
  v.number("Price must be a number"),
  v.integer("Price must be a whole number of cents"),
  v.minValue(0, "Price cannot be negative"),
  v.maxValue(LIMITS.PRICE_CENTS, "Price is too large"),
);
export const quantitySchema = v.pipe(
  v.number("Quantity must be a number"),
  v.integer("Quantity must be a whole number"),
  v.minValue(0, "Quantity cannot be negative"),
  v.maxValue(LIMITS.QUANTITY, "Quantity is too large"),
);

/** A barcode as typed or scanned: trimmed; empty, or one `parseBarcode` accepts (its message when not). */
export const barcodeSchema = v.pipe(
  v.string("Barcode must be text"),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value === "") return;
    const check = parseBarcode(dataset.value);
    if (!check.ok) addIssue({ message: check.message });
  }),
);

/** Low on stock at or below this many units. */
export const reorderPointSchema = v.pipe(
  v.number("Reorder point must be a number"),
  v.integer("Reorder point must be a whole number"),
  v.minValue(0, "Reorder point cannot be negative"),
  v.maxValue(LIMITS.QUANTITY, "Reorder point is too large"),
);

/** A reorder point per location (location id → units), beside the one in all; {} for none. */
export const locationReorderPointsSchema = v.pipe(
  v.record(idSchema, reorderPointSchema),
  v.check(
    (points) => Object.keys(points).length <= LIMITS.LOCATIONS,
    `At most ${LIMITS.LOCATIONS} locations have a reorder point`,
  ),
);

/** An amount the shop knows or leaves open (a cost, a "was" price): null for none. */
export const optionalMoneySchema = v.nullable(priceSchema);

/** What one unit cost the shop (a receipt's, an order line's), in words of its own; null: not known. */
export const costSchema = v.nullable(
  v.pipe(
    v.number("Cost must be a number"),
    v.integer("Cost must be a whole number of cents"),
    v.minValue(0, "Cost cannot be negative"),
    v.maxValue(LIMITS.PRICE_CENTS, "Cost is too large"),
  ),
);

/** A weight in grams, up to a tonne; null: not known. */
export const weightGramsSchema = v.nullable(
  v.pipe(
    v.number("Weight must be a number"),
    v.integer("Weight is whole grams"),
    v.minValue(0, "Weight cannot be negative"),
    v.maxValue(1_000_000, "Weight is more than a tonne"),
  ),
);

export const weightUnitSchema = v.picklist(WEIGHT_UNITS, "Weight unit is one of g, kg, lb or oz");
