/**
 * Names of the methods, publications and collections both sides use. The
 * client uses the same names so a typo is a type error, not a 404 at run
 * time; what each call takes is in args.ts. The shared rules live in their
 * own files (roles.ts, limits.ts, catalogue.ts, store.ts, stock.ts,
 * variants.ts, docs.ts) and are re-exported here, so one import serves.
 */

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

export * from "./catalogue";
/** The documents publications send and methods answer live in docs.ts. */
export * from "./docs";
export * from "./limits";
export * from "./roles";
/** Stock by location and the movement ledger. */
export * from "./stock";
export * from "./store";
export * from "./variants";
