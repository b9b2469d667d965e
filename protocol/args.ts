/**
 * Every method and publication both sides know: each feature declares its
 * methods — what each takes (the valibot schema the server checks every
 * call against, and the stubs and forms check before sending, so both sides
 * refuse the same input in the same words) and what it answers — in its own
 * file (room-, item-, stocktake-, store-, stock-, variant-, file- and
 * account-args.ts, with protocol/contract.ts); this gathers them, and
 * declares what each publication takes.
 */
import * as v from "valibot";
import { ACCOUNT_METHODS } from "./account-args";
import { ITEM_SORT_KEYS, ITEM_STATUSES, LIMITS, PUBLICATION } from "./api";
import { argsOf } from "./contract";
import { printable } from "./field-schemas";
import { FILE_METHODS } from "./file-args";
import { idSchema } from "./id-schema";
import { ITEM_METHODS } from "./item-args";
import { ROOM_METHODS } from "./room-args";
import { STOCK_METHODS, STOCK_PUBLICATION_ARGS } from "./stock-args";
import { STOCKTAKE_METHODS } from "./stocktake-args";
import { STORE_METHODS } from "./store-args";
import { VARIANT_METHODS } from "./variant-args";

// The shared schemas, so forms and stubs import them from one place.
export * from "./item-args";
export * from "./store-args";

/** Every method of the room's features and the accounts, by name. */
export const METHODS = {
  ...ROOM_METHODS,
  ...ITEM_METHODS,
  ...STOCKTAKE_METHODS,
  ...STORE_METHODS,
  ...STOCK_METHODS,
  ...VARIANT_METHODS,
  ...FILE_METHODS,
  ...ACCOUNT_METHODS,
} as const;

/** What each method takes, by name: what the server checks every call against. */
export const METHOD_ARGS = argsOf(METHODS);

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
export type MethodName = keyof typeof METHODS & string;
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
