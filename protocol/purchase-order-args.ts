/** What the purchase-order methods and publications take (protocol/purchase-orders.ts, docs/buying.md), checked on both sides. */
import * as v from "valibot";
import { takes } from "./contract";
import { costSchema } from "./field-schemas";
import { idSchema } from "./id-schema";
import { LIMITS } from "./limits";
import type { ChosenStatus } from "./purchase-orders";
import { scanCodeSchema } from "./stock-args";

/** The method names of purchase orders: the wire names both sides call them by. */
export const PURCHASE_ORDER_METHOD = {
  /** A new draft order for a supplier; answers its id. */
  PURCHASE_ORDERS_CREATE: "purchaseOrders.create",
  /** Changes an order's supplier (a draft's only), where it is received, its note. */
  PURCHASE_ORDERS_UPDATE: "purchaseOrders.update",
  /** Sets how many of a variant the order asks for, at what cost (adds the line, or changes it; 0 removes it). */
  PURCHASE_ORDERS_SET_LINE: "purchaseOrders.setLine",
  /** Moves an order by hand: ordered (without sending), back to a draft, closed, cancelled. */
  PURCHASE_ORDERS_MOVE: "purchaseOrders.move",
  /** E-mails the order to its supplier as a PDF, and orders a draft. */
  PURCHASE_ORDERS_SEND: "purchaseOrders.send",
  /** Drafts one order per supplier from the variants at or below their reorder point. */
  PURCHASE_ORDERS_REORDER_LOW: "purchaseOrders.reorderLowStock",
  /** Counts units arriving against an order (a scanned code, or a line's ±): into the shared tally, not yet stock. */
  PURCHASE_ORDERS_COUNT: "purchaseOrders.count",
  /** Accepts what the tally holds: "received" movements at a location, with their cost, the order named. */
  PURCHASE_ORDERS_ACCEPT: "purchaseOrders.accept",
} as const;

export const PURCHASE_ORDER_PUBLICATION = {
  /** The room's orders, newest first, at most PURCHASE_ORDER_LIMITS.LISTED (`purchaseOrders`). */
  PURCHASE_ORDERS: "purchaseOrders",
  /** One order with its lines and its history (`purchaseOrders`, `purchaseOrderLines`, `purchaseOrderEvents`). */
  PURCHASE_ORDER: "purchaseOrder",
} as const;

export const PURCHASE_ORDER_LIMITS = {
  /** Lines one order may have: a supplier's whole range, not a catalogue. */
  LINES: 500,
  NOTE: 2_000,
  MESSAGE: 2_000,
  /** Orders the list shows (the newest). */
  LISTED: 200,
  /** The most "Reorder low stock" may order up to: this many times a variant's reorder point. */
  TIMES: 10,
} as const;

const noteSchema = v.pipe(
  v.string("A note must be text"),
  v.trim(),
  v.maxLength(PURCHASE_ORDER_LIMITS.NOTE, `A note must be at most ${PURCHASE_ORDER_LIMITS.NOTE} characters`),
);

export const newPurchaseOrderSchema = v.strictObject({
  supplierId: idSchema,
  /** Where it is received (the room's first location when not given). */
  locationId: v.optional(idSchema),
  note: v.optional(noteSchema),
});
export type NewPurchaseOrder = v.InferOutput<typeof newPurchaseOrderSchema>;

export const purchaseOrderChangeSchema = v.strictObject({
  supplierId: v.optional(idSchema),
  locationId: v.optional(idSchema),
  note: v.optional(noteSchema),
});
export type PurchaseOrderChange = v.InferOutput<typeof purchaseOrderChangeSchema>;

export const purchaseOrderLineSchema = v.strictObject({
  itemId: idSchema,
  /** The variant (absent, or the item's id, for a product without options). */
  variantId: v.optional(idSchema),
  /** How many to order (0 takes the line off); absent: as the line has it (a cost changed alone). */
  quantity: v.optional(
    v.pipe(
      v.number("Quantity must be a number"),
      v.integer("Quantity must be a whole number"),
      v.minValue(0, "Quantity cannot be below 0"),
      v.maxValue(LIMITS.QUANTITY, "Quantity is too large"),
    ),
  ),
  /** What one costs on this order; absent: the variant's cost; null: not known. */
  unitCostCents: v.optional(costSchema),
});
export type PurchaseOrderLine = v.InferOutput<typeof purchaseOrderLineSchema>;

const chosenStatusSchema = v.picklist(
  ["draft", "ordered", "closed", "cancelled"] as const satisfies readonly ChosenStatus[],
  "Choose draft, ordered, closed or cancelled",
);

/** What "Reorder low stock" answers: the drafts it made, and the low variants it could not order. */
export interface ReorderResult {
  orders: string[];
  /** Variants low but with no supplier (set one to reorder them). */
  noSupplier: number;
  /** Variants ordered, over all the drafts. */
  variants: number;
}

/** Units one count may add or take back (a box of them, scanned once with a quantity). */
export const COUNT_LIMIT = 1_000;

/**
 * What one count is of: a scanned or typed code, a line of the order (its
 * + and − buttons), or a variant not on the order received anyway.
 */
export const receiveCountSchema = v.strictObject({
  code: v.optional(scanCodeSchema),
  lineId: v.optional(idSchema),
  /** Received though not on the order: its line is added (ordered 0) with the first count. */
  extra: v.optional(v.strictObject({ itemId: idSchema, variantId: v.optional(idSchema) })),
  units: v.optional(
    v.pipe(
      v.number("Units must be a number"),
      v.integer("Units must be a whole number"),
      v.minValue(-COUNT_LIMIT, `At most ${COUNT_LIMIT} at once`),
      v.maxValue(COUNT_LIMIT, `At most ${COUNT_LIMIT} at once`),
      v.check((units) => units !== 0, "Count at least 1"),
    ),
    1,
  ),
  damaged: v.optional(v.boolean("Damaged: true or false"), false),
});
export type ReceiveCount = v.InferOutput<typeof receiveCountSchema>;

/** What a count answers: the line, and its tally now. */
export interface ReceiveCounted {
  lineId: string;
  title: string;
  ordered: number;
  received: number;
  good: number;
  damaged: number;
}

/** What accepting answers: units taken into stock, damaged ones kept out, and the order's status now. */
export interface ReceiveAccepted {
  units: number;
  damaged: number;
  status: "received" | "partly_received";
}

/**
 * A count of a variant not on the order is refused (409, in words) with its
 * details under this key — `{itemId, variantId, title}` — so the phone can
 * ask whether to add it to the order, receive it anyway or set it aside.
 */
export const NOT_ON_ORDER = "notOnOrder";
export interface NotOnOrder {
  itemId: string;
  variantId: string;
  title: string;
}

export const PURCHASE_ORDER_METHODS = {
  [PURCHASE_ORDER_METHOD.PURCHASE_ORDERS_CREATE]: takes(v.tuple([newPurchaseOrderSchema])).answers<string>(),
  [PURCHASE_ORDER_METHOD.PURCHASE_ORDERS_UPDATE]: takes(v.tuple([idSchema, purchaseOrderChangeSchema])).answers<null>(),
  [PURCHASE_ORDER_METHOD.PURCHASE_ORDERS_SET_LINE]: takes(v.tuple([idSchema, purchaseOrderLineSchema])).answers<
    string | null
  >(),
  [PURCHASE_ORDER_METHOD.PURCHASE_ORDERS_MOVE]: takes(v.tuple([idSchema, chosenStatusSchema])).answers<null>(),
  [PURCHASE_ORDER_METHOD.PURCHASE_ORDERS_SEND]: takes(
    v.tuple([
      idSchema,
      v.optional(
        v.pipe(
          v.string("A message must be text"),
          v.trim(),
          v.maxLength(
            PURCHASE_ORDER_LIMITS.MESSAGE,
            `A message must be at most ${PURCHASE_ORDER_LIMITS.MESSAGE} characters`,
          ),
        ),
        "",
      ),
    ]),
  ).answers<null>(),
  [PURCHASE_ORDER_METHOD.PURCHASE_ORDERS_REORDER_LOW]: takes(
    v.tuple([
      v.strictObject({
        /** Order up to this many times each variant's reorder point (what it holds and has on order counted). */
        times: v.pipe(
          v.number("Choose how many times the reorder point"),
          v.integer("Choose a whole number of times"),
          v.minValue(1, "Order up to at least the reorder point"),
          v.maxValue(PURCHASE_ORDER_LIMITS.TIMES, `At most ${PURCHASE_ORDER_LIMITS.TIMES} times the reorder point`),
        ),
      }),
    ]),
  ).answers<ReorderResult>(),
  [PURCHASE_ORDER_METHOD.PURCHASE_ORDERS_COUNT]: takes(
    v.tuple([idSchema, receiveCountSchema]),
  ).answers<ReceiveCounted>(),
  [PURCHASE_ORDER_METHOD.PURCHASE_ORDERS_ACCEPT]: takes(
    v.tuple([idSchema, v.strictObject({ locationId: v.optional(idSchema) })]),
  ).answers<ReceiveAccepted>(),
} as const;

export const PURCHASE_ORDER_PUBLICATION_ARGS = {
  [PURCHASE_ORDER_PUBLICATION.PURCHASE_ORDERS]: v.tuple([]),
  [PURCHASE_ORDER_PUBLICATION.PURCHASE_ORDER]: v.tuple([idSchema]),
} as const;
