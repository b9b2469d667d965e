/** Stocktakes: starting one, counting, taking a count back, applying or cancelling (docs/stock.md). */
import * as v from "valibot";
import { takes } from "./contract";
import type { ScanCounted } from "./docs";
import { idSchema } from "./id-schema";
import { LIMITS } from "./limits";

/** The method names of stocktakes: the wire names both sides call them by. */
export const STOCKTAKE_METHOD = {
  /** Starts the room's stocktake at some locations, or joins the one under way: answers its id. */
  STOCKTAKE_START: "stocktake.start",
  /** Counts one of a variant at a location, found by its label's link, its barcode, its SKU or its id. */
  STOCKTAKE_SCAN: "stocktake.scan",
  /**
   * Sets each counted variant at each location to its count plus what moved
   * there since it was counted (owners and admins), and ends the stocktake.
   */
  STOCKTAKE_APPLY: "stocktake.apply",
  /** Applies the scans that arrived after the stocktake was applied (owners and admins). */
  STOCKTAKE_APPLY_LATE: "stocktake.applyLate",
  /** Sets aside the scans that arrived after the stocktake was applied (owners and admins). */
  STOCKTAKE_DISCARD_LATE: "stocktake.discardLate",
  /** Ends the stocktake without changing anything (owners and admins). */
  STOCKTAKE_CANCEL: "stocktake.cancel",
  /** Takes back one scan (a mis-scan): the person who made it, or an owner or admin. */
  STOCKTAKE_UNSCAN: "stocktake.unscan",
} as const;

export const STOCKTAKE_METHODS = {
  // The locations it counts (the room's first when none are given).
  [STOCKTAKE_METHOD.STOCKTAKE_START]: takes(
    v.tuple([
      v.optional(
        v.pipe(
          v.array(idSchema, "Locations must be a list"),
          v.maxLength(LIMITS.STOCKTAKE_LOCATIONS, `At most ${LIMITS.STOCKTAKE_LOCATIONS} locations`),
        ),
      ),
    ]),
  ).answers<string>(),
  [STOCKTAKE_METHOD.STOCKTAKE_SCAN]: takes(
    v.tuple([
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
  ).answers<ScanCounted>(),
  [STOCKTAKE_METHOD.STOCKTAKE_APPLY]: takes(
    v.tuple([
      idSchema,
      v.optional(v.strictObject({ unseenToZero: v.optional(v.boolean("unseenToZero must be true or false")) })),
    ]),
  ).answers<{ changed: number }>(),
  [STOCKTAKE_METHOD.STOCKTAKE_APPLY_LATE]: takes(v.tuple([idSchema])).answers<{ changed: number }>(),
  [STOCKTAKE_METHOD.STOCKTAKE_DISCARD_LATE]: takes(v.tuple([idSchema])).answers<{ discarded: number }>(),
  [STOCKTAKE_METHOD.STOCKTAKE_CANCEL]: takes(v.tuple([idSchema])).answers(),
  [STOCKTAKE_METHOD.STOCKTAKE_UNSCAN]: takes(v.tuple([idSchema, idSchema])).answers(),
} as const;

/** The tally document of one variant counted at one place (`stocktake.tally`): the server's and a scan's stub alike. */
export const tallyCountId = (stocktakeId: string, variantId: string, locationId: string) =>
  `${stocktakeId}|${variantId}@${locationId}`;
/** The tally document of one person's scans. */
export const tallyPersonId = (stocktakeId: string, userId: string) => `${stocktakeId}|person|${userId}`;

/** A person's latest scans `stocktake.scans` sends them (each can be taken back). */
export const STOCKTAKE_SCANS_SHOWN = 20;

/** The publications of stocktakes: their wire names. */
export const STOCKTAKE_PUBLICATION = {
  /** The room's stocktake under way, if any (`stocktakes`). */
  STOCKTAKE: "stocktake",
  /** The caller's own latest scans of one stocktake (`stocktakeScans`), at most STOCKTAKE_SCANS_SHOWN. */
  STOCKTAKE_SCANS: "stocktake.scans",
  /**
   * What one stocktake's scans add up to (`stocktakeTally`): a document per
   * variant counted at each place, and one per person counting — however
   * many scans there are.
   */
  STOCKTAKE_TALLY: "stocktake.tally",
  /** What each item's printed label encodes (`stocktakeLabels`), so a phone with no line can count a scanned label. */
  STOCKTAKE_LABELS: "stocktake.labels",
  /** The room's past stocktakes, newest first (`pastStocktakes`): who took part, what was applied. */
  PAST_STOCKTAKES: "stocktakes.past",
} as const;

/** What each publication of stocktakes takes. */
export const STOCKTAKE_PUBLICATION_ARGS = {
  [STOCKTAKE_PUBLICATION.STOCKTAKE]: v.tuple([]),
  [STOCKTAKE_PUBLICATION.STOCKTAKE_SCANS]: v.tuple([idSchema]),
  [STOCKTAKE_PUBLICATION.STOCKTAKE_TALLY]: v.tuple([idSchema]),
  [STOCKTAKE_PUBLICATION.STOCKTAKE_LABELS]: v.tuple([]),
  [STOCKTAKE_PUBLICATION.PAST_STOCKTAKES]: v.tuple([]),
} as const;
