/**
 * Names of the methods, publications and collections both sides use. The
 * client uses the same names so a typo is a type error, not a 404 at run
 * time. Each feature declares its own methods — their names, what each
 * takes and what it answers — in its protocol file (room-, item-, variant-,
 * stocktake-, file-, store-, stock- and account-args.ts); `METHOD` only
 * gathers the names. The shared rules live in their own files (roles.ts,
 * limits.ts, catalogue.ts, store.ts, stock.ts, variants.ts, docs.ts) and are
 * re-exported here, so one import serves.
 */
import { ACCOUNT_PUBLICATION } from "./account-args";
import { FILE_METHOD, FILE_PUBLICATION } from "./file-args";
import { ITEM_METHOD, ITEM_PUBLICATION } from "./item-args";
import { PRINT_METHOD, PRINT_PUBLICATION } from "./print-args";
import { PURCHASE_ORDER_METHOD, PURCHASE_ORDER_PUBLICATION } from "./purchase-order-args";
import { REPORT_METHOD } from "./report-args";
import { ROOM_METHOD, ROOM_PUBLICATION } from "./room-args";
import { STOCK_METHOD, STOCK_PUBLICATION } from "./stock-args";
import { STOCKTAKE_METHOD, STOCKTAKE_PUBLICATION } from "./stocktake-args";
import { STORE_METHOD, STORE_PUBLICATION } from "./store-args";
import { SUPPLIER_METHOD, SUPPLIER_PUBLICATION } from "./supplier-args";
import { VARIANT_METHOD } from "./variant-args";

/** Every method name of the room's features, gathered from the feature that declares it. */
export const METHOD = {
  ...ROOM_METHOD,
  ...ITEM_METHOD,
  ...VARIANT_METHOD,
  ...STOCKTAKE_METHOD,
  ...FILE_METHOD,
  ...STORE_METHOD,
  ...STOCK_METHOD,
  ...SUPPLIER_METHOD,
  ...PURCHASE_ORDER_METHOD,
  ...PRINT_METHOD,
  ...REPORT_METHOD,
} as const;

/** Every publication name, gathered from the feature that declares it. */
export const PUBLICATION = {
  ...ROOM_PUBLICATION,
  ...ITEM_PUBLICATION,
  ...STOCKTAKE_PUBLICATION,
  ...FILE_PUBLICATION,
  ...STORE_PUBLICATION,
  ...STOCK_PUBLICATION,
  ...SUPPLIER_PUBLICATION,
  ...PURCHASE_ORDER_PUBLICATION,
  ...PRINT_PUBLICATION,
  ...ACCOUNT_PUBLICATION,
  /** The room's live figures: one `summary` document in `dashboard` (the dashboard has no methods). */
  DASHBOARD: "dashboard",
} as const;

export const COLLECTION = {
  USERS: "users",
  ROOMS: "rooms",
  MEMBERS: "members",
  ITEMS: "items",
  ITEM_HISTORY: "itemHistory",
  LOGIN_SERVICES: "meteor_accounts_loginServiceConfiguration",
  FILES: "files",
  /** Store orders; server-side only (the dashboard counts them). */
  ORDERS: "orders",
  DASHBOARD: "dashboard",
  PRESENCE: "presence",
  STORE: "store",
  STOCKTAKES: "stocktakes",
  STOCKTAKE_SCANS: "stocktakeScans",
  /** What a stocktake's scans add up to (`stocktake.tally`): per variant at each place, and per person. */
  STOCKTAKE_TALLY: "stocktakeTally",
  STOCKTAKE_LABELS: "stocktakeLabels",
  PAST_STOCKTAKES: "pastStocktakes",
  /** Told to the connections of a room as it ends for them (deleted, or they were removed). */
  ROOM_ENDINGS: "roomEndings",
  /** A room still moving its rows in: one document while it lasts (RoomOpeningDoc). */
  ROOM_OPENING: "roomOpening",
  BULK_JOBS: "bulkJobs",
  /** How many items match an `items.window` query: one `window` document. */
  ITEM_COUNTS: "itemCounts",
  LOCATIONS: "locations",
  SUPPLIERS: "suppliers",
  PURCHASE_ORDERS: "purchaseOrders",
  PURCHASE_ORDER_LINES: "purchaseOrderLines",
  PURCHASE_ORDER_EVENTS: "purchaseOrderEvents",
  /** What the phones receiving an order have counted and not accepted, by line (PurchaseOrderTallyDoc). */
  PURCHASE_ORDER_TALLY: "purchaseOrderTally",
  MOVEMENTS: "movements",
  /** The print queue's jobs (PrintJobDoc), and the print station's one document (PrintStationDoc). */
  PRINT_JOBS: "printJobs",
  PRINT_STATION: "printStation",
  /** Photos a CSV import names by address, on their way in: one `photos` document (ImportPhotosDoc). */
  IMPORT_PHOTOS: "importPhotos",
} as const;

export const OAUTH_SERVICES = ["google", "facebook"] as const;
export type OAuthService = (typeof OAUTH_SERVICES)[number];

/** A configured OAuth service as published: never the secret. */
export interface LoginServiceDoc {
  _id: string;
  service: OAuthService;
  clientId: string;
  loginStyle: "popup" | "redirect";
}

/**
 * How the page that ends a provider sign-in hands the one-time credential
 * to the app: the popup writes it to localStorage (and a BroadcastChannel)
 * for the opener; the redirect style leaves it in sessionStorage for the
 * next page load.
 */
export const OAUTH_HANDOFF = {
  POPUP_KEY_PREFIX: "stockroom.oauth.credential.",
  CHANNEL: "stockroom-oauth",
  REDIRECT_KEY: "stockroom.oauth.pending",
} as const;

/** What the hand-off carries: a credential to log in with, or why there is none. */
export type OAuthHandoff =
  | { credentialToken: string; credentialSecret: string }
  | { credentialToken: string; error: string };

/** Item fields the server keeps itself; clients cannot write them. */
export const SERVER_ITEM_FIELDS = [
  "_id",
  "storeProductId",
  // Made when its label is first printed (items.publicLinks), never changed.
  "shareCode",
  // Kept by the stock ledger: a client changes it through the quantity or stock.* (docs/architecture.md §9).
  "stock",
  // A product's options and variants change through items.setVariants and items.updateVariant (protocol/variants.ts).
  "options",
  "variants",
  // Set by a CSV import: a re-import finds the product by it.
  "handle",
  // Kept by receipts at a cost (protocol/costs.ts): a cost set by hand clears it.
  "avgCostCents",
  "createdBy",
  "updatedBy",
  "createdAt",
  "updatedAt",
] as const;

/** Room ids appear in URLs: keep them to a safe alphabet. */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export * from "./catalogue";
/** What stock is worth at cost: last and average costs. */
export * from "./costs";
/** The documents publications send and methods answer live in docs.ts. */
export * from "./docs";
export * from "./limits";
export * from "./purchase-orders";
export * from "./roles";
/** Stock by location and the movement ledger. */
export * from "./stock";
export * from "./store";
export type { SupplierDoc } from "./supplier-args";
export * from "./variants";
