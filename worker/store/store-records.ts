/**
 * What the store's GraphQL answers hold, read into our records. Anything
 * that does not have the expected shape is refused (the sync stops with a
 * clear error) rather than stored half-read.
 */
import * as v from "valibot";
import type { OrderInput } from "../db/room/orders-repo";
import { badAnswer } from "./store-errors";

/** A decimal amount ("12.50") in the smallest unit; money is never negative here. */
export const cents = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => Math.round(Number(value) * 100)),
  v.check((amount) => Number.isSafeInteger(amount) && amount >= 0, "Amount must be a non-negative number"),
);
export const time = v.pipe(
  v.string(),
  v.transform((value) => Date.parse(value)),
  v.check((ms) => !Number.isNaN(ms), "Not a time"),
);
export const gid = v.pipe(v.string(), v.startsWith("gid://shopify/"), v.maxLength(128));
export const text = (max: number) =>
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

export function readWith<S extends v.GenericSchema>(schema: S, kind: string) {
  return (node: unknown): v.InferOutput<S> => {
    const parsed = v.safeParse(schema, node);
    if (!parsed.success) {
      console.error(`store: a ${kind} could not be read`, parsed.issues[0]?.path, parsed.issues[0]?.message);
      throw badAnswer();
    }
    return parsed.output;
  };
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
