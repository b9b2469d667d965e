/**
 * Purchase orders (docs/buying.md): what the shop orders from one supplier,
 * line by line, and how far it has come. An order moves through its
 * statuses only by the transitions below — by a person (order it, close
 * it, cancel it) or by receiving (partly received, received) — and the
 * server and the app read the same table, so a button the app shows is a
 * move the server takes.
 */

export const PURCHASE_ORDER_STATUSES = [
  "draft",
  "ordered",
  "partly_received",
  "received",
  "closed",
  "cancelled",
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** What a person may move an order to by hand (receiving moves it to partly received and received). */
export type ChosenStatus = Extract<PurchaseOrderStatus, "draft" | "ordered" | "closed" | "cancelled">;

/**
 * Every move an order may make, and what makes it. `person`: chosen on
 * the order (sent or marked ordered, closed, cancelled, taken back to a
 * draft); `receiving`: what receipts against it do.
 */
export const PURCHASE_ORDER_TRANSITIONS: {
  readonly [From in PurchaseOrderStatus]: { readonly [To in PurchaseOrderStatus]?: "person" | "receiving" };
} = {
  draft: { ordered: "person", cancelled: "person" },
  // Not sent after all: back to a draft, while nothing has come.
  ordered: { draft: "person", partly_received: "receiving", received: "receiving", cancelled: "person" },
  // The rest will not come: closed with what came.
  partly_received: { received: "receiving", closed: "person" },
  received: { closed: "person" },
  closed: {},
  cancelled: {},
};

/** Whether an order may go from `from` to `to`, by `who`. */
export function canMove(from: PurchaseOrderStatus, to: PurchaseOrderStatus, who: "person" | "receiving"): boolean {
  return PURCHASE_ORDER_TRANSITIONS[from][to] === who;
}

/** The status receiving leaves an order in: received once every line has all it ordered, else partly. */
export function statusAfterReceiving(
  lines: readonly Pick<PurchaseOrderLineDoc, "quantity" | "received">[],
): "received" | "partly_received" {
  return lines.every((line) => line.received >= line.quantity) ? "received" : "partly_received";
}

/** Whether its lines may still change: until it is closed or cancelled (a change after ordering is in its history). */
export function linesEditable(status: PurchaseOrderStatus): boolean {
  return status === "draft" || status === "ordered" || status === "partly_received";
}

export const PURCHASE_ORDER_STATUS_NAMES: Record<PurchaseOrderStatus, string> = {
  draft: "Draft",
  ordered: "Ordered",
  partly_received: "Partly received",
  received: "Received",
  closed: "Closed",
  cancelled: "Cancelled",
};

/** An order's number as people say it: "PO-0042". */
export const orderNumberText = (number: number) => `PO-${String(number).padStart(4, "0")}`;

/** One order, as the list and its page show it; its lines are documents of their own. */
export interface PurchaseOrderDoc {
  _id: string;
  /** The room's running number (PO-0001, PO-0002…). */
  number: number;
  supplierId: string;
  status: PurchaseOrderStatus;
  /** Where its stock is received. */
  locationId: string;
  note: string;
  currency: string;
  /** Its lines' count, units ordered and received, and what it costs in all (units × unit cost). */
  lines: number;
  units: number;
  receivedUnits: number;
  totalCents: number;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  /** When it was ordered (sent, or marked ordered), and when it is expected (ordered + the supplier's lead time). */
  orderedAt: Date | null;
  expectedAt: Date | null;
  /** The address it was last sent to, and when ("" / null: never sent). */
  sentTo: string;
  sentAt: Date | null;
}

/** One line of an order: a variant, how many, at what cost, and how many have come. */
export interface PurchaseOrderLineDoc {
  _id: string;
  orderId: string;
  itemId: string;
  variantId: string;
  /** What it is, as ordered (kept as it was, like the order sent). */
  title: string;
  variantName: string;
  sku: string;
  supplierSku: string;
  quantity: number;
  unitCostCents: number | null;
  /** Units accepted into stock against it, and units that came damaged (accepted, kept out of stock). */
  received: number;
  damaged: number;
  /** Received though not ordered ("receive anyway"): ordered 0. */
  extra: boolean;
  position: number;
}

/**
 * What the phones receiving an order have counted of a line and not yet
 * accepted (one document per line, `_id` the line's): good units and
 * damaged ones, everyone's together, so two phones receive one delivery.
 */
export interface PurchaseOrderTallyDoc {
  _id: string;
  orderId: string;
  good: number;
  damaged: number;
}

/** Whether an order is receiving: sent, and not closed or cancelled. */
export function receivable(status: PurchaseOrderStatus): boolean {
  return status === "ordered" || status === "partly_received" || status === "received";
}

/** How a line stands once what is counted is accepted: short of what was ordered, complete, or over. */
export function lineStanding(line: Pick<PurchaseOrderLineDoc, "quantity" | "received">, counted = 0) {
  const come = line.received + counted;
  return come < line.quantity ? "short" : come > line.quantity ? "over" : "complete";
}

/** What happened to an order, by whom: its history, kept for every change once it was first ordered. */
export interface PurchaseOrderEventDoc {
  _id: string;
  orderId: string;
  userId: string;
  at: Date;
  /** The change in words: "Ordered 12 more of Mug (24 in all)", "Sent to orders@acme.example". */
  text: string;
}

/** The default level "Reorder low stock" orders up to: twice each variant's reorder point. */
export const REORDER_TIMES_DEFAULT = 2;

/** What decides a variant's reorder: its stock, in all and by location, and its points. */
interface ReorderFigures {
  quantity: number;
  stock: Readonly<Record<string, number>>;
  reorderPoint: number | null;
  locationReorderPoints?: Readonly<Record<string, number>>;
}

/**
 * How many of a variant "Reorder low stock" orders: up to `times` its
 * reorder point (at least one more than the point, so a point of 0 orders
 * one), in all and at each location low on its own point — whichever asks
 * more — less what is on order already. 0 when it is not low.
 */
export function reorderQuantity(variant: ReorderFigures, onOrder: number, times: number): number {
  const upTo = (point: number) => Math.max(point * times, point + 1);
  const point = variant.reorderPoint;
  const inAll = point !== null && variant.quantity <= point ? upTo(point) - variant.quantity : 0;
  let byPlace = 0;
  for (const [locationId, own] of Object.entries(variant.locationReorderPoints ?? {})) {
    const held = variant.stock[locationId] ?? 0;
    if (held <= own) byPlace += upTo(own) - held;
  }
  return Math.max(0, Math.max(inAll, byPlace) - onOrder);
}
