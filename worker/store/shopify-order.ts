/**
 * A Shopify order as its webhooks send it (REST JSON) → the order the room
 * records. Ids come from `admin_graphql_api_id` (strings): numeric ids can be
 * larger than JavaScript numbers hold exactly. Prices are decimal strings.
 */
import * as v from "valibot";
import type { OrderInput } from "../db/room/orders-repo";
import { cents } from "./store-records";

const id = v.union([v.string(), v.number()]);
/** Prices are decimal strings, read like the GraphQL answers' amounts. */
const price = cents;

const webhookOrder = v.looseObject({
  id,
  admin_graphql_api_id: v.optional(v.string()),
  name: v.optional(v.string(), ""),
  created_at: v.string(),
  updated_at: v.optional(v.string()),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  total_price: price,
  customer: v.optional(
    v.nullable(
      v.looseObject({
        id: v.optional(id),
        admin_graphql_api_id: v.optional(v.string()),
        email: v.optional(v.nullable(v.string())),
        first_name: v.optional(v.nullable(v.string())),
        last_name: v.optional(v.nullable(v.string())),
      }),
    ),
  ),
  line_items: v.optional(
    v.array(
      v.looseObject({
        product_id: v.optional(v.nullable(id)),
        sku: v.optional(v.nullable(v.string())),
        title: v.optional(v.string(), ""),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
        price,
      }),
    ),
    [],
  ),
});

/** The order to record, or null when the payload is not an order we can read. */
export function orderFromWebhook(payload: unknown): OrderInput | null {
  const parsed = v.safeParse(webhookOrder, payload);
  if (!parsed.success) return null;
  const order = parsed.output;
  const createdAt = Date.parse(order.created_at);
  if (Number.isNaN(createdAt)) return null;
  const customer = order.customer ?? null;
  const customerName = [customer?.first_name, customer?.last_name].filter(Boolean).join(" ") || customer?.email || "";
  return {
    storeOrderId: order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`,
    name: order.name.slice(0, 200),
    customerKey: (
      customer?.admin_graphql_api_id ??
      (customer?.id !== undefined ? `gid://shopify/Customer/${customer.id}` : (customer?.email ?? ""))
    ).slice(0, 200),
    customerName: customerName.slice(0, 200),
    currency: order.currency,
    totalCents: order.total_price,
    lineItems: order.line_items.slice(0, 500).map((line) => ({
      productKey: (line.product_id != null
        ? `gid://shopify/Product/${line.product_id}`
        : line.sku || line.title || "unknown"
      ).slice(0, 200),
      title: line.title.slice(0, 300),
      quantity: line.quantity,
      priceCents: line.price,
    })),
    createdAt,
    storeUpdatedAt: order.updated_at ? Date.parse(order.updated_at) || createdAt : createdAt,
  };
}
