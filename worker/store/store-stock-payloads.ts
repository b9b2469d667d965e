/**
 * What moves stock in a store webhook (REST JSON, as Shopify sends it):
 * an order's lines, a refund's restocked lines, an inventory level.
 * Numeric ids become the GraphQL ids the rest of the room keys on.
 */
import * as v from "valibot";
import { cents } from "./store-records";

const numericId = v.union([v.pipe(v.number(), v.integer(), v.minValue(1)), v.pipe(v.string(), v.regex(/^\d{1,20}$/))]);
const optionalId = v.optional(v.nullable(numericId));
const toGid = (kind: string, id: string | number) => `gid://shopify/${kind}/${id}`;
const time = (value: string | undefined, fallback: number) => {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? fallback : ms;
};

/** One line of a sale: what sold, how many, for how much each. */
export interface StoreSaleLine {
  /** The event's key: each line moves stock once, whichever delivery brings it. */
  key: string;
  storeVariantId: string | null;
  sku: string;
  title: string;
  quantity: number;
  priceCents: number;
}

export interface StoreSale {
  orderId: string;
  name: string;
  /** Where Shopify POS sold it; null for an online order (taken from the store's first location). */
  storeLocationId: string | null;
  pos: boolean;
  createdAt: number;
  lines: StoreSaleLine[];
}

/** A refunded or cancelled line put back on the shelf. */
export interface StoreRestock {
  key: string;
  orderId: string;
  storeVariantId: string | null;
  sku: string;
  title: string;
  quantity: number;
  storeLocationId: string | null;
  /** "return" (a customer's return) or "cancel" (an order cancelled before it went). */
  kind: "return" | "cancel";
  at: number;
}

export interface StoreLevelReport {
  inventoryItemId: string;
  storeLocationId: string;
  /** Null for an item the store does not track stock of: nothing to move. */
  available: number | null;
  reportedAt: number;
}

const line = v.looseObject({
  /** Always sent by Shopify; a line without one is keyed by its order and place. */
  id: optionalId,
  variant_id: optionalId,
  sku: v.optional(v.nullable(v.string()), ""),
  title: v.optional(v.nullable(v.string()), ""),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
  price: v.optional(cents, 0),
});

const refund = v.looseObject({
  id: numericId,
  created_at: v.optional(v.string()),
  refund_line_items: v.optional(
    v.array(
      v.looseObject({
        id: numericId,
        line_item_id: optionalId,
        quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
        restock_type: v.optional(v.nullable(v.string()), "no_restock"),
        location_id: optionalId,
        line_item: v.optional(v.nullable(line)),
      }),
    ),
    [],
  ),
});

const order = v.looseObject({
  id: numericId,
  admin_graphql_api_id: v.optional(v.string()),
  name: v.optional(v.nullable(v.string()), ""),
  created_at: v.string(),
  location_id: optionalId,
  source_name: v.optional(v.nullable(v.string()), ""),
  line_items: v.optional(v.array(line), []),
  refunds: v.optional(v.array(refund), []),
});

/** Lines past this are not read (an order's lines are capped like the dashboard's). */
const MOST_LINES = 500;

/** The sale an order webhook (orders/create, orders/updated, orders/cancelled) records, or null when unreadable. */
export function saleFromOrder(payload: unknown): StoreSale | null {
  const parsed = v.safeParse(order, payload);
  if (!parsed.success) return null;
  const { output } = parsed;
  const createdAt = Date.parse(output.created_at);
  if (Number.isNaN(createdAt)) return null;
  const orderId = output.admin_graphql_api_id ?? toGid("Order", output.id);
  return {
    orderId,
    name: (output.name ?? "").slice(0, 100),
    storeLocationId: output.location_id ? toGid("Location", output.location_id) : null,
    pos: output.source_name === "pos",
    createdAt,
    lines: output.line_items.slice(0, MOST_LINES).map((each, index) => ({
      key: each.id ? `sold:${toGid("LineItem", each.id)}` : `sold:${orderId}#${index}`,
      storeVariantId: each.variant_id ? toGid("ProductVariant", each.variant_id) : null,
      sku: (each.sku ?? "").trim(),
      title: (each.title ?? "").slice(0, 300),
      quantity: each.quantity,
      priceCents: each.price,
    })),
  };
}

function restocksOf(orderId: string, refunds: v.InferOutput<typeof refund>[], fallbackAt: number): StoreRestock[] {
  return refunds.flatMap((each) =>
    each.refund_line_items.flatMap((refundLine): StoreRestock[] => {
      const kind =
        refundLine.restock_type === "cancel"
          ? "cancel"
          : refundLine.restock_type === "return" || refundLine.restock_type === "legacy_restock"
            ? "return"
            : null;
      if (!kind || refundLine.quantity === 0) return [];
      const item = refundLine.line_item;
      return [
        {
          key: `restocked:${toGid("RefundLineItem", refundLine.id)}`,
          orderId,
          storeVariantId: item?.variant_id ? toGid("ProductVariant", item.variant_id) : null,
          sku: (item?.sku ?? "").trim(),
          title: (item?.title ?? "").slice(0, 300),
          quantity: refundLine.quantity,
          storeLocationId: refundLine.location_id ? toGid("Location", refundLine.location_id) : null,
          kind,
          at: time(each.created_at, fallbackAt),
        },
      ];
    }),
  );
}

/** The lines a refunds/create webhook puts back on the shelf, or null when unreadable. */
export function restocksFromRefund(payload: unknown, receivedAt: number): StoreRestock[] | null {
  const parsed = v.safeParse(v.looseObject({ order_id: numericId, ...refund.entries }), payload);
  if (!parsed.success) return null;
  return restocksOf(toGid("Order", parsed.output.order_id), [parsed.output], receivedAt);
}

/** What an order webhook's refunds put back (a cancellation with restock is one), or null when unreadable. */
export function restocksFromOrder(payload: unknown, receivedAt: number): StoreRestock[] | null {
  const parsed = v.safeParse(order, payload);
  if (!parsed.success) return null;
  return restocksOf(
    parsed.output.admin_graphql_api_id ?? toGid("Order", parsed.output.id),
    parsed.output.refunds,
    receivedAt,
  );
}

const level = v.looseObject({
  inventory_item_id: numericId,
  location_id: numericId,
  available: v.nullable(v.pipe(v.number(), v.integer())),
  updated_at: v.string(),
});

/** The level an inventory_levels/update webhook reports, or null when unreadable. */
export function levelFromWebhook(payload: unknown): StoreLevelReport | null {
  const parsed = v.safeParse(level, payload);
  if (!parsed.success) return null;
  const reportedAt = Date.parse(parsed.output.updated_at);
  if (Number.isNaN(reportedAt)) return null;
  return {
    inventoryItemId: toGid("InventoryItem", parsed.output.inventory_item_id),
    storeLocationId: toGid("Location", parsed.output.location_id),
    available: parsed.output.available,
    reportedAt,
  };
}
