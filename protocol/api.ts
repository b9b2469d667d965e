/**
 * Names of the methods, publications and collections both sides use, and the
 * rules they share (limits, roles). The client uses the same names so a typo
 * is a type error, not a 404 at run time; what each call takes is in
 * args.ts.
 */
import { ADJUST_REASONS, type AdjustReason } from "./stock";

export const ITEM_STATUSES = ["draft", "ready", "listed", "sold", "archived"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** What the catalogue sorts by. */
export const ITEM_SORT_KEYS = ["createdAt", "updatedAt", "title", "sku", "priceCents", "quantity", "status"] as const;
export type ItemSortKey = (typeof ITEM_SORT_KEYS)[number];

/**
 * One screen's view of a big room's catalogue (`items.window`): the first
 * `limit` items that match, in order. `text`: every word must appear in the
 * title, SKU, location, description or tags.
 */
export interface ItemWindowQuery {
  text: string;
  status: ItemStatus | "all";
  tag: string;
  /** Only items low on stock (at or below their reorder point). */
  low: boolean;
  sort: ItemSortKey;
  descending: boolean;
  limit: number;
}

/** The `itemCounts` document that says how many items match a window's query (its sort and limit aside). */
export function windowCountId(query: Pick<ItemWindowQuery, "text" | "status" | "tag" | "low">): string {
  return JSON.stringify([query.text.trim().toLowerCase(), query.status, query.tag, query.low]);
}

export const LIMITS = {
  ROOM_NAME: 80,
  ITEM_TITLE: 200,
  ITEM_TEXT: 5_000,
  SKU: 64,
  LOCATION: 200,
  TAG: 40,
  TAGS: 30,
  PHOTOS: 20,
  /** 1,000,000.00 in the smallest currency unit. */
  PRICE_CENTS: 100_000_000,
  QUANTITY: 1_000_000,
  /** Items one bulk call may change (the app sends bigger selections in steps of this). */
  BULK: 500,
  /** Rooms with more items than this get their catalogue in windows (items.window), not whole. */
  BIG_ROOM: 5_000,
  /** Items one `items.window` may show, and one `items.copy` page holds. */
  WINDOW: 1_000,
  /** The longest text a stocktake scan accepts: a label's link or a SKU. */
  SCAN: 500,
  /** The most locations one stocktake counts at. */
  STOCKTAKE_LOCATIONS: 50,
  /** History entries sent when an item page opens (newest first). */
  HISTORY: 100,
  /** Store domains, client IDs, secrets and access tokens. */
  STORE_CREDENTIAL: 500,
  LOCATION_NAME: 80,
  /** Locations a room may have, archived ones included. */
  LOCATIONS: 50,
  /** A movement's note and reference. */
  MOVEMENT_NOTE: 500,
  /** Movements one ledger read sends (newest first). */
  LEDGER: 500,
  /** Options a product may have (Size, Colour, Material), as Shopify allows. */
  OPTIONS: 3,
  /** Variants one product may have. */
  VARIANTS: 100,
  OPTION_NAME: 40,
  OPTION_VALUE: 60,
  /** Variants (CSV rows) one `items.import` call carries: a file is sent in parts of this. */
  IMPORT_PART: 500,
  /** The largest CSV file the import reads. */
  IMPORT_BYTES: 20 * 1024 * 1024,
} as const;

/**
 * Room roles, most powerful first (docs/stock.md, Roles and stock). A
 * cashier (the till) sells, receives and counts, and changes nothing else; a
 * counter (a helper) only takes part in stocktakes and receives stock; a
 * viewer only reads.
 */
export const ROOM_ROLES = ["owner", "admin", "member", "cashier", "counter", "viewer"] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];
/** Roles that can be given by invitation or role change (ownership is not handed out here). */
export const ASSIGNABLE_ROLES = ["admin", "member", "cashier", "counter", "viewer"] as const;

/** Roles a join link may give: never admin, which is given to a named person only. */
export const JOIN_ROLES = ["member", "cashier", "counter", "viewer"] as const;

/** Each role as people read it. */
export const ROLE_NAMES: Record<RoomRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  cashier: "Cashier (till)",
  counter: "Counter",
  viewer: "Viewer",
};

/** What each role may do, in a sentence ("you can …"). */
export const ROLE_CAN: Record<RoomRole, string> = {
  owner: "you own it and can do everything in it",
  admin: "you can change items, the team and the store connection",
  member: "you can add and change items",
  cashier: "you can sell, receive and count stock, but not change items or prices",
  counter: "you can count in stocktakes and receive stock, but not change items",
  viewer: "you can see everything but not change items",
};

/**
 * The most units one call may receive for a role below member (a cashier, a
 * counter): a delivery is received box by box, and a mistyped or scripted
 * 5,000 is refused in words rather than recorded.
 */
export const RECEIVE_LIMIT_BELOW_MEMBER = 100;
/** How long a join link works. */
export const JOIN_LINK_DAYS = 7;

/** What each role may do; the server enforces these, the app uses them to hide controls. */
export const can = {
  editItems: (role: RoomRole | null) => role === "owner" || role === "admin" || role === "member",
  manageMembers: (role: RoomRole | null) => role === "owner" || role === "admin",
  renameRoom: (role: RoomRole | null) => role === "owner" || role === "admin",
  deleteRoom: (role: RoomRole | null) => role === "owner",
  /** Connect, test and disconnect the room's online store. */
  manageStore: (role: RoomRole | null) => role === "owner" || role === "admin",
  /** Publish items to the connected store, unpublish them, and sync from it: whoever edits the catalogue. */
  useStore: (role: RoomRole | null) => role === "owner" || role === "admin" || role === "member",
  /** Download the whole room (its data and files): it holds customers' details. */
  exportRoom: (role: RoomRole | null) => role === "owner" || role === "admin",
  /** Put the whole room back as it was at an earlier time. */
  restoreRoom: (role: RoomRole | null) => role === "owner",
  /** Count in a stocktake under way (scan, take back one's own scans). */
  count: (role: RoomRole | null) => role !== null && role !== "viewer",
  /** Record stock received (a delivery). */
  receive: (role: RoomRole | null) => role !== null && role !== "viewer",
  /** Record sales and returns (the till), and take back one's own. */
  sell: (role: RoomRole | null) => role === "owner" || role === "admin" || role === "member" || role === "cashier",
  /** Add, rename and archive the room's locations. */
  manageLocations: (role: RoomRole | null) => role === "owner" || role === "admin",
};

/** What a till records: a cashier's every movement, and the only ones they may take back (their own). */
export const TILL_REASONS: readonly AdjustReason[] = ["received", "sold", "returned"];

/** The reasons of a stock change a role may record: every one, the till's, deliveries only, or none. */
export function reasonsFor(role: RoomRole | null): readonly AdjustReason[] {
  if (can.editItems(role)) return Object.keys(ADJUST_REASONS) as AdjustReason[];
  if (can.sell(role)) return TILL_REASONS;
  return can.receive(role) ? ["received"] : [];
}

export const METHOD = {
  ROOMS_CREATE: "rooms.create",
  ROOMS_RENAME: "rooms.rename",
  /** The room's currency (owners and admins): new items take it. */
  ROOMS_SET_CURRENCY: "rooms.setCurrency",
  ROOMS_DELETE: "rooms.delete",
  MEMBERS_INVITE: "members.invite",
  MEMBERS_SET_ROLE: "members.setRole",
  MEMBERS_REMOVE: "members.remove",
  MEMBERS_LEAVE: "members.leave",
  /** A link (shown as the invite QR code) that lets anyone signed in join with a role. */
  MEMBERS_CREATE_JOIN_LINK: "members.createJoinLink",
  MEMBERS_REVOKE_JOIN_LINKS: "members.revokeJoinLinks",
  MEMBERS_JOIN: "members.join",
  /** What a join link leads to (room name, role, who made it), for the join page; no sign-in needed. */
  MEMBERS_JOIN_LINK_INFO: "members.joinLinkInfo",
  /** The caller's own choice: an e-mail for each new store order in this room, or none. */
  MEMBERS_SET_ORDER_EMAILS: "members.setOrderEmails",
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
  /** One change to many items (price, stock with a reason, shelf, tags, status), all or none; answers how to undo it. */
  ITEMS_BULK_EDIT: "items.bulkEdit",
  /** Puts back what one `items.bulkEdit` changed, in one step. */
  ITEMS_BULK_UNDO: "items.bulkUndo",
  /** Sets a product's options (Size, Colour…) and its variants; stock stays with the variants kept. */
  ITEMS_SET_VARIANTS: "items.setVariants",
  /** Edits one variant (its values, SKU, barcode, price, reorder point; a count records a correction). */
  ITEMS_UPDATE_VARIANT: "items.updateVariant",
  /** One part of a CSV import (products with their variants): created or updated by handle and SKU in one transaction. */
  ITEMS_IMPORT: "items.import",
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
  /** Public links (share page or store page) for items, e.g. for labels. */
  ITEMS_PUBLIC_LINKS: "items.publicLinks",
  /** A page of the catalogue's changes after a point (a phone's own copy, kept up to date incrementally). */
  ITEMS_COPY: "items.copy",
  FILES_START: "files.start",
  FILES_WRITE: "files.write",
  FILES_STATUS: "files.status",
  FILES_FINISH: "files.finish",
  FILES_ABORT: "files.abort",
  FILES_REMOVE: "files.remove",
  FILES_LINK: "files.link",
  /** Connects the room to its Shopify store (replacing any earlier connection); answers `{shopName}`. */
  STORE_CONNECT: "store.connect",
  /** Asks the connected store for its name; answers `{shopName}`. */
  STORE_TEST: "store.test",
  STORE_DISCONNECT: "store.disconnect",
  /** Creates or updates the item's store product (title, description, price, SKU, inventory, images); answers `{storeProductId}`. */
  STORE_PUBLISH: "store.publish",
  /** Archives the item's store product (the link is kept, so publishing again brings the same product back). */
  STORE_UNPUBLISH: "store.unpublish",
  /** Starts a sync of products, orders and customers from the store; progress is the `sync` document of `store`. */
  STORE_SYNC: "store.sync",
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

export const PUBLICATION = {
  /** The caller's own user document (empty when logged out). */
  USER: "user",
  ROOMS_LIST: "rooms.list",
  ROOM: "room",
  MEMBERS: "members",
  ITEMS: "items",
  /** One item (its page in a room too big to send whole). */
  ITEM: "item",
  /** A window of the catalogue (search, filter, sort and a limit), for rooms too big to send whole. */
  ITEMS_WINDOW: "items.window",
  /** One item's change history, newest first. */
  ITEM_HISTORY: "items.history",
  /** The room's finished files (photos, logos). */
  FILES: "files",
  /** The room's live figures: one `summary` document in `dashboard`. */
  DASHBOARD: "dashboard",
  /** Who is in the room right now, one document per signed-in user with an open connection. */
  PRESENCE: "presence",
  /** Which OAuth services are configured (Meteor's name, so Meteor clients find it). */
  LOGIN_SERVICES: "meteor.loginServiceConfiguration",
  /** The room's store connection: one `connection` document in `store`, never a secret. */
  STORE: "store",
  /** The room's stocktake under way, if any (`stocktakes`). */
  STOCKTAKE: "stocktake",
  /** Every scan of one stocktake (`stocktakeScans`). */
  STOCKTAKE_SCANS: "stocktake.scans",
  /** What each item's printed label encodes (`stocktakeLabels`), so a phone with no line can count a scanned label. */
  STOCKTAKE_LABELS: "stocktake.labels",
  /** The room's past stocktakes, newest first (`pastStocktakes`): who took part, what was applied. */
  PAST_STOCKTAKES: "stocktakes.past",
  /** Bulk writes running in the room, and those that ended in the last minutes (`bulkJobs`): their progress. */
  BULK_JOBS: "bulkJobs",
  /** The room's locations, in order (`locations`). */
  LOCATIONS: "locations",
  /** The movement ledger, newest first, narrowed by a LedgerQuery (`movements`). */
  LEDGER: "stock.ledger",
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
  MOVEMENTS: "movements",
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

/**
 * The Admin API access scopes the store's app needs: products to publish and
 * sync (with their stock at a location), orders and customers for the
 * dashboard and order e-mails. The setup steps (StoreSetupGuide.tsx) and the
 * missing-permission error both list them.
 */
export const STORE_ACCESS_SCOPES = [
  "read_products",
  "write_products",
  "read_inventory",
  "write_inventory",
  "read_locations",
  "read_orders",
  "read_customers",
] as const;

/** Who an item's history names for changes that came from the online store (sync, webhooks). */
export const STORE_ACTOR = "store";

/** Item fields the server keeps itself; clients cannot write them. */
export const SERVER_ITEM_FIELDS = [
  "_id",
  "storeProductId",
  // Kept by the stock ledger: a client changes it through the quantity or stock.* (docs/architecture.md §9).
  "stock",
  // A product's options and variants change through items.setVariants and items.updateVariant (protocol/variants.ts).
  "options",
  "variants",
  // Set by a CSV import: a re-import finds the product by it.
  "handle",
  "createdBy",
  "updatedBy",
  "createdAt",
  "updatedAt",
] as const;

/** Room ids appear in URLs: keep them to a safe alphabet. */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** How a store connection authenticates (SPEC A5). */
export const STORE_AUTH_KINDS = ["client_credentials", "access_token"] as const;
export type StoreAuthKind = (typeof STORE_AUTH_KINDS)[number];

/** The documents publications send and methods answer live in docs.ts. */
export * from "./docs";
/** Stock by location and the movement ledger. */
export * from "./stock";
export * from "./variants";
