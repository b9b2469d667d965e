/**
 * Names and argument schemas of the methods and publications both sides use.
 * The server validates every call against these; the client uses the same
 * names so a typo is a type error, not a 404 at run time.
 */
import * as v from "valibot";

export const ITEM_STATUSES = ["draft", "ready", "listed", "sold", "archived"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

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
  /** The longest text a stocktake scan accepts: a label's link or a SKU. */
  SCAN: 500,
  /** History entries sent when an item page opens (newest first). */
  HISTORY: 100,
  /** Store domains, client IDs, secrets and access tokens. */
  STORE_CREDENTIAL: 500,
} as const;

/** Room roles, most powerful first (SPEC A1). */
export const ROOM_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];
/** Roles that can be given by invitation or role change (ownership is not handed out here). */
export const ASSIGNABLE_ROLES = ["admin", "member", "viewer"] as const;

/** Roles a join link may give: never admin, which is given to a named person only. */
export const JOIN_ROLES = ["member", "viewer"] as const;
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
};

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
  /** Starts the room's stocktake, or joins the one under way: answers its id. */
  STOCKTAKE_START: "stocktake.start",
  /** Counts one of an item, found by its label's link, its SKU or its id. */
  STOCKTAKE_SCAN: "stocktake.scan",
  /** Sets each counted item's quantity to its count (owners and admins), and ends the stocktake. */
  STOCKTAKE_APPLY: "stocktake.apply",
  /** Ends the stocktake without changing anything (owners and admins). */
  STOCKTAKE_CANCEL: "stocktake.cancel",
  /** Takes back one scan (a mis-scan): the person who made it, or an owner or admin. */
  STOCKTAKE_UNSCAN: "stocktake.unscan",
  /** Public links (share page or store page) for items, e.g. for labels. */
  ITEMS_PUBLIC_LINKS: "items.publicLinks",
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
} as const;

export const PUBLICATION = {
  /** The caller's own user document (empty when logged out). */
  USER: "user",
  ROOMS_LIST: "rooms.list",
  ROOM: "room",
  MEMBERS: "members",
  ITEMS: "items",
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

const trimmed = (max: number, label: string) =>
  v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`));

/** ISO 4217 three-letter code. */
export const currencySchema = v.pipe(
  v.string("Currency must be text"),
  v.regex(/^[A-Z]{3}$/, "Currency must be a three-letter code, like EUR"),
);

export const roomNameSchema = v.pipe(trimmed(LIMITS.ROOM_NAME, "Room name"), v.nonEmpty("Room name is required"));

const priceSchema = v.pipe(
  v.number("Price must be a number"),
  v.integer("Price must be a whole number of cents"),
  v.minValue(0, "Price cannot be negative"),
  v.maxValue(LIMITS.PRICE_CENTS, "Price is too large"),
);
const quantitySchema = v.pipe(
  v.number("Quantity must be a number"),
  v.integer("Quantity must be a whole number"),
  v.minValue(0, "Quantity cannot be negative"),
  v.maxValue(LIMITS.QUANTITY, "Quantity is too large"),
);

/** Fields a client may set on an item. */
export const itemFieldsSchema = v.strictObject(
  {
    title: v.pipe(trimmed(LIMITS.ITEM_TITLE, "Title"), v.nonEmpty("Title is required")),
    description: v.optional(trimmed(LIMITS.ITEM_TEXT, "Description")),
    sku: v.optional(trimmed(LIMITS.SKU, "SKU")),
    priceCents: v.optional(priceSchema),
    currency: v.optional(currencySchema),
    quantity: v.optional(quantitySchema),
    status: v.optional(v.picklist(ITEM_STATUSES, "Unknown status")),
    location: v.optional(trimmed(LIMITS.LOCATION, "Location")),
    tags: v.optional(
      v.pipe(
        v.array(v.pipe(trimmed(LIMITS.TAG, "Tag"), v.nonEmpty("Tags cannot be empty"))),
        v.maxLength(LIMITS.TAGS, `At most ${LIMITS.TAGS} tags`),
      ),
    ),
    /** File ids in the room's itemPhotos collection, in display order. */
    photos: v.optional(
      v.pipe(
        v.array(v.pipe(v.string("Photo id must be text"), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "Malformed photo id"))),
        v.maxLength(LIMITS.PHOTOS, `At most ${LIMITS.PHOTOS} photos`),
      ),
    ),
  },
  "Unknown item field",
);
export type ItemFields = v.InferOutput<typeof itemFieldsSchema>;

export const itemPatchSchema = v.partial(itemFieldsSchema);
export type ItemPatch = v.InferOutput<typeof itemPatchSchema>;

export const idSchema = v.pipe(v.string("Id must be text"), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "Malformed id"));

const storeText = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(LIMITS.STORE_CREDENTIAL, `${label} is too long`),
  );

/**
 * What `store.connect` takes: the store's domain and either the client ID
 * and secret of the merchant's own app (client-credentials grant) or an
 * Admin API access token from an older custom app. The server checks the
 * domain's shape itself (it also accepts a pasted store URL).
 */
export const storeConnectSchema = v.union(
  [
    v.strictObject({
      domain: storeText("Store domain"),
      clientId: storeText("Client ID"),
      clientSecret: storeText("Client secret"),
    }),
    v.strictObject({ domain: storeText("Store domain"), accessToken: storeText("Access token") }),
  ],
  "Give the store domain and either a client ID and secret or an access token",
);
export type StoreConnectArgs = v.InferOutput<typeof storeConnectSchema>;

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

/** Argument tuples, by method name. */
export const METHOD_ARGS = {
  [METHOD.ROOMS_CREATE]: v.tuple([roomNameSchema, v.optional(currencySchema)]),
  [METHOD.ROOMS_RENAME]: v.tuple([roomNameSchema]),
  [METHOD.ROOMS_SET_CURRENCY]: v.tuple([currencySchema]),
  [METHOD.ROOMS_DELETE]: v.tuple([]),
  [METHOD.MEMBERS_INVITE]: v.tuple([
    v.pipe(
      v.string("E-mail must be text"),
      v.trim(),
      v.maxLength(254, "E-mail address is too long"),
      v.email("Invalid e-mail address"),
    ),
    v.picklist(ASSIGNABLE_ROLES, "Unknown role"),
  ]),
  [METHOD.MEMBERS_SET_ROLE]: v.tuple([idSchema, v.picklist(ASSIGNABLE_ROLES, "Unknown role")]),
  [METHOD.MEMBERS_REMOVE]: v.tuple([idSchema]),
  [METHOD.MEMBERS_LEAVE]: v.tuple([]),
  [METHOD.MEMBERS_CREATE_JOIN_LINK]: v.tuple([v.picklist(JOIN_ROLES, "A join link gives the member or viewer role")]),
  [METHOD.MEMBERS_REVOKE_JOIN_LINKS]: v.tuple([]),
  [METHOD.MEMBERS_JOIN]: v.tuple([
    v.pipe(v.string("This join link is not valid"), v.regex(/^[A-Za-z0-9_-]{43}$/, "This join link is not valid")),
  ]),
  [METHOD.ITEMS_ADD]: v.tuple([itemFieldsSchema]),
  [METHOD.ITEMS_UPDATE]: v.tuple([idSchema, itemPatchSchema]),
  [METHOD.ITEMS_REMOVE]: v.tuple([idSchema]),
  [METHOD.ITEMS_RESTORE]: v.tuple([idSchema, itemFieldsSchema]),
  [METHOD.ITEMS_ADD_PHOTO]: v.tuple([idSchema, idSchema]),
  [METHOD.ITEMS_MOVE_PHOTO]: v.tuple([
    idSchema,
    idSchema,
    v.pipe(v.number("Position must be a number"), v.integer("Position must be a whole number"), v.minValue(0)),
  ]),
  [METHOD.STOCKTAKE_START]: v.tuple([]),
  [METHOD.STOCKTAKE_SCAN]: v.tuple([
    idSchema,
    v.pipe(
      v.string("Scan a label or type a SKU"),
      v.trim(),
      v.nonEmpty("Scan a label or type a SKU"),
      v.maxLength(LIMITS.SCAN, "That is not a label or SKU of this room"),
    ),
  ]),
  [METHOD.STOCKTAKE_APPLY]: v.tuple([
    idSchema,
    v.optional(v.strictObject({ unseenToZero: v.optional(v.boolean("unseenToZero must be true or false")) })),
  ]),
  [METHOD.STOCKTAKE_CANCEL]: v.tuple([idSchema]),
  [METHOD.STOCKTAKE_UNSCAN]: v.tuple([idSchema, idSchema]),
  [METHOD.ITEMS_SET_STATUS]: v.tuple([
    v.pipe(
      v.array(idSchema, "Item ids must be a list"),
      v.nonEmpty("Choose at least one item"),
      v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
    ),
    v.picklist(ITEM_STATUSES, "Unknown status"),
  ]),
  [METHOD.ITEMS_PUBLIC_LINKS]: v.tuple([
    v.pipe(
      v.array(idSchema, "Item ids must be a list"),
      v.maxLength(LIMITS.BULK, `At most ${LIMITS.BULK} items at once`),
    ),
  ]),
  [METHOD.STORE_CONNECT]: v.tuple([storeConnectSchema]),
  [METHOD.STORE_TEST]: v.tuple([]),
  [METHOD.STORE_DISCONNECT]: v.tuple([]),
  [METHOD.STORE_PUBLISH]: v.tuple([idSchema]),
  [METHOD.STORE_UNPUBLISH]: v.tuple([idSchema]),
  [METHOD.STORE_SYNC]: v.tuple([
    v.optional(
      v.strictObject({
        /** Everything again, not only what changed since the last sync. */
        full: v.optional(v.boolean("full must be true or false")),
      }),
    ),
  ]),
  [METHOD.MEMBERS_SET_ORDER_EMAILS]: v.tuple([v.boolean("Choose on or off")]),
} as const;

export const PUBLICATION_ARGS = {
  [PUBLICATION.ROOMS_LIST]: v.tuple([]),
  [PUBLICATION.ROOM]: v.tuple([]),
  [PUBLICATION.MEMBERS]: v.tuple([]),
  [PUBLICATION.ITEMS]: v.tuple([]),
  [PUBLICATION.ITEM_HISTORY]: v.tuple([idSchema]),
  [PUBLICATION.STOCKTAKE]: v.tuple([]),
  [PUBLICATION.STOCKTAKE_SCANS]: v.tuple([idSchema]),
  [PUBLICATION.STOCKTAKE_LABELS]: v.tuple([]),
  [PUBLICATION.PAST_STOCKTAKES]: v.tuple([]),
  [PUBLICATION.DASHBOARD]: v.tuple([]),
  [PUBLICATION.PRESENCE]: v.tuple([]),
  [PUBLICATION.STORE]: v.tuple([]),
} as const;

/** Who an item's history names for changes that came from the online store (sync, webhooks). */
export const STORE_ACTOR = "store";

/** Item fields the server keeps itself; clients cannot write them. */
export const SERVER_ITEM_FIELDS = [
  "_id",
  "storeProductId",
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
