/**
 * The shapes of what the server sends: publications' documents and some
 * methods' answers. Names, limits and argument schemas are in api.ts.
 */
import type { ItemStatus } from "./catalogue";
import type { ASSIGNABLE_ROLES, JOIN_ROLES, RoomRole } from "./roles";
import type { VariantDoc, WeightUnit } from "./variants";

/** What the client sees of a room. */
export interface RoomDoc {
  _id: string;
  name: string;
  /** ISO 4217: new items are priced in it. */
  currency: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A member of a room, as its other members see it (`_id` is the user id). */
export interface MemberDoc {
  _id: string;
  role: RoomRole;
  email: string;
  /** The name they chose for others to see ("" until they set one: show the e-mail). */
  name: string;
  /** False until the invited person has set a password. */
  joined: boolean;
  /** The member gets an e-mail for each new store order. */
  orderEmails: boolean;
  /** The member gets a daily e-mail listing what is low on stock. */
  lowStockEmails: boolean;
}

/** What the client sees of an item. */
export interface ItemDoc {
  _id: string;
  title: string;
  description: string;
  sku: string;
  priceCents: number;
  currency: string;
  quantity: number;
  status: ItemStatus;
  location: string;
  tags: string[];
  photos: string[];
  /** The linked store product ("" until published). */
  storeProductId: string;
  /** Its short share code, what its label's link ends in (`/s/<code>`); absent until a label is printed. */
  shareCode?: string;
  /**
   * Units at each location holding any (location id → units); `quantity` is
   * their sum. Absent from copies kept before rooms had locations: read it
   * through `stockOfItem`.
   */
  stock?: Record<string, number>;
  /** Its product barcode ("" for none; absent from copies kept before items had one). */
  barcode?: string;
  /** Low on stock at or below this many units; null (or absent) for never. */
  reorderPoint?: number | null;
  /** Low, too, when a location holds at or below its own point here (location id → units; absent for none). */
  locationReorderPoints?: Record<string, number>;
  /** Its options' names (Size, Colour…): [] (or absent) for a product that is its own only variant. */
  options?: string[];
  /** Its variants when it has options (protocol/variants.ts): [] (or absent) otherwise. */
  variants?: VariantDoc[];
  /** The handle a CSV import knows it by ("" for none; absent from copies kept before imports). */
  handle?: string;
  /**
   * What one unit costs the shop, in the smallest currency unit (null: not
   * known); for a product in variants, each variant's own. Absent from
   * copies kept before items had it, as are the fields below.
   */
  costCents?: number | null;
  /** What a unit of its stock is worth: the weighted average cost of its receipts (null: its cost; docs/buying.md). */
  avgCostCents?: number | null;
  /** Who the shop buys it from (a supplier's id, null for none) and their code for it; each variant's own too. */
  supplierId?: string | null;
  supplierSku?: string;
  /** The "was" price shown struck through beside the price (null for none). */
  compareAtCents?: number | null;
  /** Shipping weight in grams (null: not known), and the unit it is shown in ("" for grams). */
  weightGrams?: number | null;
  weightUnit?: WeightUnit;
  /** Who makes it and what kind of product it is, as the store groups them. */
  vendor?: string;
  productType?: string;
  /** The title and description search engines show for its store page ("" for the product's own). */
  seoTitle?: string;
  seoDescription?: string;
  /** The user who created the item ("" when unknown). */
  createdBy: string;
  /** Who made the latest change: a user id, "store" for the store sync, "" when unknown. */
  updatedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** How many items match an `items.window` query (`itemCounts`, id: windowCountId): `more` past 10,000. */
export interface ItemCountDoc {
  _id: string;
  total: number;
  more: boolean;
}

/** An `items.copy` page: items changed after the asked-for point, items removed, and the point reached. */
export interface ItemCopyPage {
  items: ItemDoc[];
  removed: string[];
  seq: number;
  more: boolean;
}

/**
 * A bulk write in a room (a stocktake applied, a status set on many items):
 * it runs a chunk at a time, each chunk in one transaction, and goes on
 * after a restart. `subject` is what it works on (the stocktake's id).
 */
export interface BulkJobDoc {
  _id: string;
  kind:
    | "stocktake-apply"
    | "set-status"
    | "bulk-edit"
    | "store-unlink"
    | "import"
    | "import-check"
    | "share-codes-copy"
    | "item-tags"
    | "item-words";
  subject: string;
  /** Units done so far, of `total` (items looked at). */
  done: number;
  total: number;
  status: "running" | "done" | "failed";
  startedBy: string;
  startedAt: Date;
  finishedAt: Date | null;
}

/**
 * Photos a CSV import names by address, on their way into the room
 * (`importPhotos`, one `photos` document): how many wait, are in and
 * failed, and the failures by the file's row, in words.
 */
export interface ImportPhotosDoc {
  _id: "photos";
  waiting: number;
  done: number;
  failed: number;
  failures: { row: number; url: string; error: string }[];
}

/**
 * A room filling itself before it serves: one made by the previous release
 * copying its rows into its own storage on its first wake
 * (docs/architecture.md §2), or a new room restoring a backup file
 * (docs/operations.md §7). One document, `_id` the room's, while it lasts;
 * its calls and subscriptions wait meanwhile. A restore that could not be
 * made stays as `failed` (the room is left empty) until another begins.
 */
export interface RoomOpeningDoc {
  _id: string;
  /** Work done so far, of `total`: rows copied; for a restore, bytes of the backup's records read, then photos copied. */
  copied: number;
  total: number;
  /** What the room is doing: absent while it moves in from the previous release. */
  what?: "restore";
  /** A restore's step: its records, then its photos. */
  step?: "records" | "photos";
  /** Why a restore stopped, in words for its owner. */
  failed?: string;
}

/**
 * A room ending for someone with it open (sent just before their connection
 * is closed): deleted (to everyone) or they were removed. Names are as
 * people see them (a chosen name, else an address).
 */
export interface RoomEndingDoc {
  _id: string;
  kind: "deleted" | "removed";
  roomName: string;
  /** Who did it, as people see them, and their id (so their own other tabs can say "You"). */
  by: string;
  byUserId: string;
  at: Date;
}

/** One entry of an item's history. `changes` holds each changed field's value before and after. */
export interface ItemHistoryDoc {
  _id: string;
  itemId: string;
  userId: string;
  action: "created" | "updated" | "removed" | "restored";
  changes: Record<string, { from: unknown; to: unknown }>;
  at: Date;
  /** What the change came from when not a plain edit: `stocktake:<id>`. */
  via?: string;
}

/** One line of a store order. `productKey` is the store product id, else the SKU, else the title. */
export interface OrderLine {
  productKey: string;
  title: string;
  quantity: number;
  priceCents: number;
}

/** A store order as the dashboard counts it (filled by the store sync). */
export interface OrderDoc {
  _id: string;
  storeOrderId: string;
  name: string;
  customerKey: string;
  customerName: string;
  currency: string;
  totalCents: number;
  lineItems: OrderLine[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The `summary` document of the `dashboard` publication (docs/product.md §3). Items
 * added and orders placed come by the quarter hour (`at`: its UTC start,
 * `YYYY-MM-DDTHH:MM`), so each screen puts them in its own local days —
 * every time zone's midnight falls on a quarter hour. They cover the last
 * DASHBOARD_DAYS days and one more (the day a zone ahead of UTC is in).
 */
export interface DashboardDoc {
  _id: "summary";
  byStatus: { status: ItemStatus; count: number }[];
  /** Stock value (price × quantity) by status and currency. */
  stockValue: { status: ItemStatus; currency: string; valueCents: number }[];
  itemsAdded: { at: string; count: number }[];
  ordersPlaced: { at: string; currency: string; orders: number; revenueCents: number }[];
  topProducts: { productKey: string; title: string; currency: string; quantity: number; revenueCents: number }[];
  topCustomers: { customerKey: string; name: string; currency: string; orders: number; revenueCents: number }[];
  /** Items at or below their reorder point: how many, and the furthest below it (absent before rooms had them). */
  lowStock?: { count: number; items: { itemId: string; title: string; quantity: number; reorderPoint: number }[] };
  /**
   * Variants that hold less than nothing at a location — a sale recorded
   * with none left there (docs/stock.md) — which need a count: how many,
   * and the furthest below first.
   */
  belowZero?: {
    count: number;
    items: { itemId: string; variantId: string; locationId: string; title: string; units: number }[];
  };
  /** What stock is worth, per currency (docs/buying.md); absent before rooms had costs. */
  worth?: StockWorth[];
}

/** What a share of stock is worth: its units, at cost and at sale price. */
export interface WorthFigures {
  units: number;
  /** At cost: each unit at its variant's average cost, else its cost. */
  costCents: number;
  /** At sale price: each unit at its variant's price. */
  retailCents: number;
  /** The sale price of the units whose cost is known (what the margin compares the cost with). */
  costedRetailCents: number;
  /** Units with no cost known (not in `costCents`). */
  uncostedUnits: number;
}

/** Stock worth in one currency: in all, by location and by supplier ("" for none). */
export interface StockWorth extends WorthFigures {
  currency: string;
  byLocation: (WorthFigures & { locationId: string })[];
  bySupplier: (WorthFigures & { supplierId: string })[];
}

/** How many days of history and how many top entries the dashboard shows. */
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TOP = 5;

/** One person in the room right now (`_id` is the user id); gone when their last connection closes. */
export interface PresenceDoc {
  _id: string;
  /** What to show: the member's e-mail address (or name, when there is one). */
  label: string;
  /** How many connections (tabs, devices) the person has open. */
  connections: number;
  /** When the first of those connections joined. */
  since: Date;
}

/**
 * What an item's share page shows to anyone with its public link: title,
 * price, description, photos and the shop's name and logo, nothing else (no
 * SKU, status, location, stock count or history).
 */
export interface SharedItem {
  title: string;
  description: string;
  priceCents: number;
  currency: string;
  /** Marked sold, or none left (of an item on offer): the page says it is sold. */
  sold: boolean;
  /** Signed, expiring links to web-sized copies (never an original, whose tags may hold a location). */
  photos: { url: string; thumbnailUrl: string | null }[];
  /** Whose item it is: the room's name and its logo (a signed, expiring link), so a customer knows the shop. */
  shop: { name: string; logoUrl: string | null };
  /** A product sold in variants: its options' names ([] otherwise). */
  options: string[];
  /** …and each variant's values, price and whether any is left (never its count or codes). */
  variants: { values: string[]; priceCents: number; soldOut: boolean }[];
}

/** A join link as its creator gets it; the token travels in the URL's fragment, never to a server log. */
export interface JoinLink {
  url: string;
  role: (typeof JOIN_ROLES)[number];
  expiresAt: Date;
}

/** What an e-mailed account link is for (`accounts.linkInfo`), shown before it is used. */
export interface AccountLinkInfo {
  kind: "reset" | "enroll" | "verify";
  email: string;
  /** For an invitation: the room it opens. */
  room: { id: string; name: string } | null;
  invitedBy: string | null;
}

/** What a room's join link leads to (`members.joinLinkInfo`), shown before joining. */
export interface JoinLinkInfo {
  roomName: string;
  role: (typeof ASSIGNABLE_ROLES)[number];
  invitedBy: string | null;
}

/** What saving a typed total says when the total had changed meanwhile (someone else's change). */
export interface QuantityMeanwhile {
  /** The total the person saw, and the one they typed. */
  was: number;
  typed: number;
  /** What it was when their change arrived (`found`), who made it so, and what it is now. */
  found: number;
  by: string;
  now: number;
}

/** A stocktake scan counted (`stocktake.scan`). */
export interface ScanCounted {
  scanId: string;
  itemId: string;
  variantId: string;
  /** The product's title, and its variant's name if it has one. */
  title: string;
  /** Counted after the stocktake was applied: kept until an owner or admin applies it. */
  late: boolean;
}

/** Stock received by a scanned code (`stock.receive`). */
export interface ReceivedByCode {
  itemId: string;
  variantId: string;
  title: string;
  /** What the variant holds at that location now. */
  held: number;
}

/** A method that answers nothing (`null` on the wire); its run may return nothing. */
// biome-ignore lint/suspicious/noConfusingVoidType: a run that returns nothing answers this.
export type Nothing = void;

export * from "./stocktake-docs";
export * from "./store-docs";
