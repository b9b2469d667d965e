/** Stocktakes: starting one, counting, taking a count back, applying or cancelling (docs/stock.md). */
import * as v from "valibot";
import { LIMITS, METHOD } from "./api";
import { takes } from "./contract";
import type { ScanCounted } from "./docs";
import { idSchema } from "./id-schema";

export const STOCKTAKE_METHODS = {
  // The locations it counts (the room's first when none are given).
  [METHOD.STOCKTAKE_START]: takes(
    v.tuple([
      v.optional(
        v.pipe(
          v.array(idSchema, "Locations must be a list"),
          v.maxLength(LIMITS.STOCKTAKE_LOCATIONS, `At most ${LIMITS.STOCKTAKE_LOCATIONS} locations`),
        ),
      ),
    ]),
  ).answers<string>(),
  [METHOD.STOCKTAKE_SCAN]: takes(
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
  [METHOD.STOCKTAKE_APPLY]: takes(
    v.tuple([
      idSchema,
      v.optional(v.strictObject({ unseenToZero: v.optional(v.boolean("unseenToZero must be true or false")) })),
    ]),
  ).answers<{ changed: number }>(),
  [METHOD.STOCKTAKE_APPLY_LATE]: takes(v.tuple([idSchema])).answers<{ changed: number }>(),
  [METHOD.STOCKTAKE_DISCARD_LATE]: takes(v.tuple([idSchema])).answers<{ discarded: number }>(),
  [METHOD.STOCKTAKE_CANCEL]: takes(v.tuple([idSchema])).answers(),
  [METHOD.STOCKTAKE_UNSCAN]: takes(v.tuple([idSchema, idSchema])).answers(),
} as const;
