/**
 * Every method and publication both sides know: each feature declares its
 * methods and publications — their names, what each takes (the valibot schema the server checks every
 * call against, and the stubs and forms check before sending, so both sides
 * refuse the same input in the same words) and what it answers — in its own
 * file (room-, item-, stocktake-, store-, stock-, variant-, file- and
 * account-args.ts, with protocol/contract.ts); this only gathers them.
 */
import * as v from "valibot";
import { ACCOUNT_METHODS, ACCOUNT_PUBLICATION_ARGS } from "./account-args";
import { PUBLICATION } from "./api";
import { argsOf } from "./contract";
import { FILE_METHODS, FILE_PUBLICATION_ARGS } from "./file-args";
import { ITEM_METHODS, ITEM_PUBLICATION_ARGS } from "./item-args";
import { PRINT_METHODS, PRINT_PUBLICATION_ARGS } from "./print-args";
import { PURCHASE_ORDER_METHODS, PURCHASE_ORDER_PUBLICATION_ARGS } from "./purchase-order-args";
import { REPORT_METHODS } from "./report-args";
import { ROOM_METHODS, ROOM_PUBLICATION_ARGS } from "./room-args";
import { STOCK_METHODS, STOCK_PUBLICATION_ARGS } from "./stock-args";
import { STOCKTAKE_METHODS, STOCKTAKE_PUBLICATION_ARGS } from "./stocktake-args";
import { STORE_METHODS, STORE_PUBLICATION_ARGS } from "./store-args";
import { SUPPLIER_METHODS, SUPPLIER_PUBLICATION_ARGS } from "./supplier-args";
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
  ...SUPPLIER_METHODS,
  ...PURCHASE_ORDER_METHODS,
  ...PRINT_METHODS,
  ...REPORT_METHODS,
  ...FILE_METHODS,
  ...ACCOUNT_METHODS,
} as const;

/** What each method takes, by name: what the server checks every call against. */
export const METHOD_ARGS = argsOf(METHODS);

/** A method both sides know by name (the account methods are Meteor's, checked by the accounts feature). */
export type MethodName = keyof typeof METHODS & string;
/** A publication both sides know by name. */
export type PublicationName = keyof typeof PUBLICATION_ARGS;

/** What each publication takes, by name, gathered from the feature that declares it. */
export const PUBLICATION_ARGS = {
  ...ROOM_PUBLICATION_ARGS,
  ...ITEM_PUBLICATION_ARGS,
  ...STOCKTAKE_PUBLICATION_ARGS,
  ...FILE_PUBLICATION_ARGS,
  ...STORE_PUBLICATION_ARGS,
  ...STOCK_PUBLICATION_ARGS,
  ...SUPPLIER_PUBLICATION_ARGS,
  ...PURCHASE_ORDER_PUBLICATION_ARGS,
  ...PRINT_PUBLICATION_ARGS,
  ...ACCOUNT_PUBLICATION_ARGS,
  [PUBLICATION.DASHBOARD]: v.tuple([]),
} as const;
