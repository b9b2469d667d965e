/**
 * One change to many items at once (`items.bulkEdit`, docs/architecture.md §4 and §9):
 * each part is optional, at least one is given. Shared by the app's stub and
 * the server, which applies it to up to LIMITS.BULK items in one transaction.
 */
import * as v from "valibot";
import { ITEM_STATUSES } from "./catalogue";
import { idSchema } from "./id-schema";
import { LIMITS } from "./limits";
import { ADJUST_REASONS } from "./stock";

const tagSchema = v.pipe(
  v.string("A tag must be text"),
  v.trim(),
  v.nonEmpty("Tags cannot be empty"),
  v.maxLength(LIMITS.TAG, `A tag must be at most ${LIMITS.TAG} characters`),
);

export const bulkChangeSchema = v.pipe(
  v.strictObject(
    {
      /** A new price for every item, or each price changed by a percentage (−90 to +1,000). */
      price: v.optional(
        v.union([
          v.strictObject({
            set: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.PRICE_CENTS, "Price is too large")),
          }),
          v.strictObject({
            percent: v.pipe(
              v.number("Enter a percentage"),
              v.minValue(-90, "Prices can go down by at most 90%"),
              v.maxValue(1_000, "Prices can go up by at most 1,000%"),
              v.check((percent) => percent !== 0, "Enter a percentage other than 0"),
            ),
          }),
        ]),
      ),
      /** The same stock change for every item, with its reason, at one location. */
      stock: v.optional(
        v.strictObject({
          quantity: v.pipe(
            v.number("Quantity must be a number"),
            v.integer("Quantity must be a whole number"),
            v.minValue(-LIMITS.QUANTITY),
            v.maxValue(LIMITS.QUANTITY),
            v.check((units) => units !== 0, "Enter a quantity other than 0"),
          ),
          reason: v.picklist(
            Object.keys(ADJUST_REASONS) as (keyof typeof ADJUST_REASONS)[],
            "Choose why the stock changed",
          ),
          locationId: idSchema,
        }),
      ),
      /** A shelf for every item. */
      location: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.maxLength(LIMITS.LOCATION, `Shelf must be at most ${LIMITS.LOCATION} characters`),
        ),
      ),
      addTags: v.optional(v.pipe(v.array(tagSchema), v.maxLength(LIMITS.TAGS))),
      removeTags: v.optional(v.pipe(v.array(tagSchema), v.maxLength(LIMITS.TAGS))),
      status: v.optional(v.picklist(ITEM_STATUSES, "Unknown status")),
    },
    "Unknown change",
  ),
  v.check((change) => Object.keys(change).length > 0, "Choose something to change"),
);
export type BulkChange = v.InferOutput<typeof bulkChangeSchema>;

/** What an item was before a bulk edit: enough to put it back (`items.bulkUndo`). */
export const bulkBeforeSchema = v.strictObject({
  id: idSchema,
  priceCents: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.PRICE_CENTS)),
  location: v.pipe(v.string(), v.maxLength(LIMITS.LOCATION)),
  tags: v.pipe(v.array(tagSchema), v.maxLength(LIMITS.TAGS)),
  status: v.picklist(ITEM_STATUSES),
  /** Each variant's price, for a product sold in variants (protocol/variants.ts). */
  variantPrices: v.optional(
    v.record(idSchema, v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.PRICE_CENTS))),
  ),
});
export type BulkBefore = v.InferOutput<typeof bulkBeforeSchema>;

/** What `items.bulkEdit` answers: how many items changed, and how to undo it all in one step. */
export interface BulkEditResult {
  changed: number;
  undo: { items: BulkBefore[]; movements: string[] };
}

/**
 * What `items.editSelection` answers: how many items changed, and how to
 * undo it — one `items.bulkUndo` per chunk of LIMITS.BULK items. A refusal
 * part-way carries the same for the chunks made before it (its `details`).
 */
export interface BulkSelectionResult {
  changed: number;
  undo: BulkEditResult["undo"][];
}

/** A price after a bulk change (rounded to the cent). */
export function bulkPrice(priceCents: number, price: BulkChange["price"]): number {
  if (!price) return priceCents;
  if ("set" in price) return price.set;
  return Math.max(0, Math.round(priceCents * (1 + price.percent / 100)));
}

/** Tags after a bulk change: the removed ones gone, the added ones after the rest (once each). */
export function bulkTags(tags: readonly string[], change: Pick<BulkChange, "addTags" | "removeTags">): string[] {
  const removed = new Set(change.removeTags ?? []);
  const kept = tags.filter((tag) => !removed.has(tag));
  for (const tag of change.addTags ?? []) if (!kept.includes(tag)) kept.push(tag);
  return kept.slice(0, LIMITS.TAGS);
}
