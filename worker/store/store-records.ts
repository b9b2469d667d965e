/**
 * What the store's GraphQL answers hold, read into our records. Anything
 * that does not have the expected shape is refused (the sync stops with a
 * clear error) rather than stored half-read.
 */
import * as v from "valibot";
import { LIMITS } from "../../protocol/api";
import type { OrderInput } from "../db/room/orders-repo";
import { badAnswer } from "./store-errors";

/** A decimal amount ("12.50") in the smallest unit; money is never negative here. */
export const cents = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => Math.round(Number(value) * 100)),
  v.check((amount) => Number.isSafeInteger(amount) && amount >= 0, "Amount must be a non-negative number"),
);
const time = v.pipe(
  v.string(),
  v.transform((value) => Date.parse(value)),
  v.check((ms) => !Number.isNaN(ms), "Not a time"),
);
const gid = v.pipe(v.string(), v.startsWith("gid://shopify/"), v.maxLength(128));
const text = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string()), ""),
    // Trimmed like every item field is (protocol/api.ts), so what is stored equals what was read.
    v.transform((value) => (value ?? "").trim().slice(0, max).trim()),
  );

const pageInfo = v.object({ hasNextPage: v.boolean(), endCursor: v.nullable(v.string()) });

/** A connection page: its nodes (read one by one) and where the next page starts. */
export interface Page<T> {
  records: T[];
  next: string | null;
}

export function readPage<T>(data: unknown, field: string, read: (node: unknown) => T): Page<T> {
  const connection = (data as Record<string, unknown> | null)?.[field];
  const parsed = v.safeParse(v.object({ nodes: v.array(v.unknown()), pageInfo }), connection);
  if (!parsed.success) {
    console.error(`store: a ${field} page had an unexpected shape`, parsed.issues[0]?.message);
    throw badAnswer();
  }
  const { nodes, pageInfo: info } = parsed.output;
  return { records: nodes.map(read), next: info.hasNextPage ? info.endCursor : null };
}

function readWith<S extends v.GenericSchema>(schema: S, kind: string) {
  return (node: unknown): v.InferOutput<S> => {
    const parsed = v.safeParse(schema, node);
    if (!parsed.success) {
      console.error(`store: a ${kind} could not be read`, parsed.issues[0]?.path, parsed.issues[0]?.message);
      throw badAnswer();
    }
    return parsed.output;
  };
}

/** A store product as an item sees it: its single (first) variant gives price, SKU and stock. */
export interface StoreProduct {
  productId: string;
  /** "" when the store did not say (webhooks send it; so does the sync). */
  handle: string;
  /** The variant's inventory item ("" when unknown). */
  inventoryItemId: string;
  variantId: string;
  title: string;
  description: string;
  status: "ACTIVE" | "DRAFT" | "ARCHIVED" | "UNLISTED";
  priceCents: number;
  sku: string;
  quantity: number;
  updatedAt: number;
}

/** Store descriptions are HTML; items keep plain text (what we publish is escaped text with <br>). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6])>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function textToHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\n/g, "<br>");
}

const quantity = v.pipe(
  v.optional(v.nullable(v.number()), 0),
  v.transform((value) => Math.min(LIMITS.QUANTITY, Math.max(0, Math.trunc(value ?? 0)))),
);
const productStatus = v.picklist(["ACTIVE", "DRAFT", "ARCHIVED", "UNLISTED"]);

const productNode = v.object({
  id: gid,
  handle: text(255),
  title: v.pipe(
    v.string(),
    v.transform((value) => value.trim().slice(0, LIMITS.ITEM_TITLE).trim()),
  ),
  descriptionHtml: text(LIMITS.ITEM_TEXT * 2),
  status: productStatus,
  updatedAt: time,
  variants: v.object({
    nodes: v.array(
      v.object({
        id: gid,
        sku: text(LIMITS.SKU),
        price: v.optional(cents, "0"),
        inventoryQuantity: quantity,
        inventoryItem: v.nullish(v.object({ id: gid })),
      }),
    ),
  }),
});

const readProductNode = readWith(productNode, "product");

export function readProduct(node: unknown): StoreProduct {
  const product = readProductNode(node);
  const variant = product.variants.nodes[0];
  return {
    productId: product.id,
    handle: product.handle,
    inventoryItemId: variant?.inventoryItem?.id ?? "",
    variantId: variant?.id ?? "",
    title: product.title,
    description: htmlToText(product.descriptionHtml).slice(0, LIMITS.ITEM_TEXT).trim(),
    status: product.status,
    priceCents: Math.min(variant?.price ?? 0, LIMITS.PRICE_CENTS),
    sku: variant?.sku ?? "",
    quantity: variant?.inventoryQuantity ?? 0,
    updatedAt: product.updatedAt,
  };
}

/** The same product as its webhooks send it (REST JSON). */
const webhookProduct = v.looseObject({
  id: v.union([v.string(), v.number()]),
  admin_graphql_api_id: v.optional(gid),
  handle: text(255),
  title: v.pipe(
    v.string(),
    v.transform((value) => value.trim().slice(0, LIMITS.ITEM_TITLE).trim()),
  ),
  body_html: text(LIMITS.ITEM_TEXT * 2),
  status: v.pipe(
    v.string(),
    v.transform((value) => value.toUpperCase()),
    productStatus,
  ),
  updated_at: time,
  variants: v.optional(
    v.array(
      v.looseObject({
        id: v.union([v.string(), v.number()]),
        admin_graphql_api_id: v.optional(gid),
        sku: text(LIMITS.SKU),
        price: v.optional(cents, "0"),
        inventory_quantity: quantity,
        inventory_item_id: v.nullish(v.union([v.string(), v.number()])),
      }),
    ),
    [],
  ),
});

export function productFromWebhook(payload: unknown): StoreProduct | null {
  const parsed = v.safeParse(webhookProduct, payload);
  if (!parsed.success) return null;
  const product = parsed.output;
  const variant = product.variants[0];
  return {
    productId: product.admin_graphql_api_id ?? `gid://shopify/Product/${product.id}`,
    handle: product.handle,
    inventoryItemId:
      variant?.inventory_item_id != null ? `gid://shopify/InventoryItem/${variant.inventory_item_id}` : "",
    variantId: variant ? (variant.admin_graphql_api_id ?? `gid://shopify/ProductVariant/${variant.id}`) : "",
    title: product.title,
    description: htmlToText(product.body_html).slice(0, LIMITS.ITEM_TEXT).trim(),
    status: product.status,
    priceCents: Math.min(variant?.price ?? 0, LIMITS.PRICE_CENTS),
    sku: variant?.sku ?? "",
    quantity: variant?.inventory_quantity ?? 0,
    updatedAt: product.updated_at,
  };
}

/** products/delete sends only the id. */
export function deletedProductId(payload: unknown): string | null {
  const parsed = v.safeParse(v.looseObject({ id: v.union([v.string(), v.number()]) }), payload);
  return parsed.success ? `gid://shopify/Product/${parsed.output.id}` : null;
}

const money = v.object({ amount: cents, currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });

const orderNode = v.object({
  id: gid,
  name: text(200),
  createdAt: time,
  updatedAt: time,
  currentTotalPriceSet: v.object({ shopMoney: money }),
  customer: v.nullish(
    v.object({
      id: gid,
      displayName: text(200),
      defaultEmailAddress: v.nullish(v.object({ emailAddress: text(200) })),
    }),
  ),
  lineItems: v.object({
    nodes: v.array(
      v.object({
        title: text(300),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
        sku: text(200),
        product: v.nullish(v.object({ id: gid })),
        originalUnitPriceSet: v.object({ shopMoney: v.object({ amount: cents }) }),
      }),
    ),
  }),
});

const readOrderNode = readWith(orderNode, "order");

/** An order to record, and when the store last changed it. */
export function readOrder(node: unknown): OrderInput & { updatedAt: number } {
  const order = readOrderNode(node);
  const customer = order.customer ?? null;
  return {
    storeOrderId: order.id,
    name: order.name,
    customerKey: customer?.id ?? "",
    customerName: customer?.displayName || customer?.defaultEmailAddress?.emailAddress || "",
    currency: order.currentTotalPriceSet.shopMoney.currencyCode,
    totalCents: order.currentTotalPriceSet.shopMoney.amount,
    lineItems: order.lineItems.nodes.map((line) => ({
      productKey: (line.product?.id ?? (line.sku || line.title || "unknown")).slice(0, 200),
      title: line.title,
      quantity: line.quantity,
      priceCents: line.originalUnitPriceSet.shopMoney.amount,
    })),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

export interface StoreCustomer {
  storeCustomerId: string;
  name: string;
  email: string;
  ordersCount: number;
  amountSpentCents: number;
  currency: string;
  updatedAt: number;
}

const customerNode = v.object({
  id: gid,
  displayName: text(200),
  updatedAt: time,
  numberOfOrders: v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(Number),
    v.check((count) => Number.isSafeInteger(count) && count >= 0, "Not a count"),
  ),
  defaultEmailAddress: v.nullish(v.object({ emailAddress: text(200) })),
  amountSpent: v.nullish(money),
});

const readCustomerNode = readWith(customerNode, "customer");

export function readCustomer(node: unknown): StoreCustomer {
  const customer = readCustomerNode(node);
  return {
    storeCustomerId: customer.id,
    name: customer.displayName,
    email: customer.defaultEmailAddress?.emailAddress ?? "",
    ordersCount: customer.numberOfOrders,
    amountSpentCents: customer.amountSpent?.amount ?? 0,
    currency: customer.amountSpent?.currencyCode ?? "",
    updatedAt: customer.updatedAt,
  };
}

/** A count query's answer (`{productsCount: {count}}`), 0 when the store gives none. */
export function readCount(data: unknown, field: string): number {
  const count = ((data as Record<string, { count?: unknown } | null> | null)?.[field] ?? null)?.count;
  return typeof count === "number" && Number.isSafeInteger(count) && count >= 0 ? count : 0;
}
