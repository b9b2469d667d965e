/**
 * Who may do what in a room: the roles, and one check per action. The server calls these before
 * every room method and publication (worker/rooms/access.ts); the app uses the same ones to hide
 * what a role cannot do (docs/architecture.md §12).
 */
import { ADJUST_REASONS, type AdjustReason } from "./stock";

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
  /**
   * Make an item's share page (the link its label encodes): that publishes
   * it, so whoever edits the catalogue; everyone else prints links made already.
   */
  shareItems: (role: RoomRole | null) => role === "owner" || role === "admin" || role === "member",
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
  /** Keep the list of suppliers (docs/buying.md): buying is a member's chore as much as an owner's. */
  manageSuppliers: (role: RoomRole | null) => role === "owner" || role === "admin" || role === "member",
  /** Draft, send, close and cancel purchase orders (docs/buying.md); everyone in the room sees them. */
  buy: (role: RoomRole | null) => role === "owner" || role === "admin" || role === "member",
};

/** What a till records: a cashier's every movement, and the only ones they may take back (their own). */
export const TILL_REASONS: readonly AdjustReason[] = ["received", "sold", "returned"];

/** The reasons of a stock change a role may record: every one, the till's, deliveries only, or none. */
export function reasonsFor(role: RoomRole | null): readonly AdjustReason[] {
  if (can.editItems(role)) return Object.keys(ADJUST_REASONS) as AdjustReason[];
  if (can.sell(role)) return TILL_REASONS;
  return can.receive(role) ? ["received"] : [];
}
