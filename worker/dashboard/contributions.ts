/**
 * What one item or order adds to each of the dashboard's aggregates
 * (docs/product.md §3). Counting a change is "take away what the old version added,
 * add what the new one adds", so an update costs the same however big the
 * room is; a full recompute is the sum over every row. Both paths use these
 * same contributions, which is what makes them comparable in tests.
 */
import { type ItemDoc, isLowStock, type OrderDoc, variantName } from "../../protocol/api";

/** One aggregate table: key columns, summed value columns, an optional label kept from the latest row. */
export interface AggregateTableShape {
  keys: readonly string[];
  values: readonly string[];
  label?: string;
}

export const AGGREGATE_TABLES = {
  status: { keys: ["status"], values: ["count"] },
  value: { keys: ["status", "currency"], values: ["value_cents"] },
  items_quarter: { keys: ["at"], values: ["count"] },
  orders_quarter: { keys: ["at", "currency"], values: ["orders", "revenue_cents"] },
  products: { keys: ["product_key", "currency"], values: ["quantity", "revenue_cents"], label: "title" },
  customers: { keys: ["customer_key", "currency"], values: ["orders", "revenue_cents"], label: "name" },
  // One row per item at or below its reorder point (docs/architecture.md §9); `count` is its low lines.
  low_stock: { keys: ["item_id"], values: ["count", "quantity", "reorder_point"], label: "title" },
  // One row per variant at a location holding less than nothing: a sale recorded with none left
  // there (docs/stock.md), waiting for a count.
  below_zero: { keys: ["item_id", "variant_id", "location_id"], values: ["units"], label: "title" },
} as const satisfies Record<string, AggregateTableShape>;

export type AggregateTable = keyof typeof AGGREGATE_TABLES;

export interface Contribution {
  table: AggregateTable;
  key: string[];
  values: number[];
  label?: string;
}

/** The fields of an item the dashboard counts. */
export type CountedItem = Pick<
  ItemDoc,
  | "_id"
  | "title"
  | "status"
  | "priceCents"
  | "quantity"
  | "currency"
  | "createdAt"
  | "reorderPoint"
  | "variants"
  | "stock"
  | "locationReorderPoints"
>;

/** The fields of an order the dashboard counts. */
export type CountedOrder = Pick<
  OrderDoc,
  "customerKey" | "customerName" | "currency" | "totalCents" | "lineItems" | "createdAt"
>;

/**
 * The UTC quarter hour a time falls in, as `YYYY-MM-DDTHH:MM`: fine enough
 * for any time zone's days (every zone is a whole number of quarter hours
 * from UTC), coarse enough to keep the dashboard small.
 */
export function quarterOf(time: Date): string {
  const iso = time.toISOString();
  const minutes = Math.floor(time.getUTCMinutes() / 15) * 15;
  return `${iso.slice(0, 13)}:${String(minutes).padStart(2, "0")}`;
}

export function itemContributions(item: CountedItem): Contribution[] {
  const out: Contribution[] = [
    { table: "status", key: [item.status], values: [1] },
    { table: "items_quarter", key: [quarterOf(item.createdAt)], values: [1] },
  ];
  // A product sold in variants is worth each variant's count at its own price.
  const value = item.variants?.length
    ? item.variants.reduce((sum, variant) => sum + variant.priceCents * variant.quantity, 0)
    : item.priceCents * item.quantity;
  if (value !== 0) out.push({ table: "value", key: [item.status, item.currency], values: [value] });
  for (const below of belowZero(item)) out.push(below);
  if (isLowStock(item)) {
    // Counted as the card lists them: a product sold in variants once per variant that is low.
    const lines = item.variants?.length ? item.variants.filter((variant) => isLowStock(variant)).length : 1;
    out.push({
      table: "low_stock",
      key: [item._id],
      values: [lines, item.quantity, item.reorderPoint ?? 0],
      label: item.title,
    });
  }
  return out;
}

/** Each variant of the item below zero at a location, as a `below_zero` row ("Tee — L"). */
function belowZero(item: CountedItem): Contribution[] {
  const variants = item.variants?.length
    ? item.variants.map((variant) => ({
        id: variant._id,
        title: `${item.title} — ${variantName(variant)}`,
        stock: variant.stock,
      }))
    : [{ id: item._id, title: item.title, stock: item.stock ?? {} }];
  return variants.flatMap((variant) =>
    Object.entries(variant.stock ?? {}).flatMap(([locationId, units]) =>
      units < 0
        ? [
            {
              table: "below_zero" as const,
              key: [item._id, variant.id, locationId],
              values: [units],
              label: variant.title,
            },
          ]
        : [],
    ),
  );
}

/** Orders without a customer are counted under one "guest" entry. */
export const GUEST_CUSTOMER = "guest";

export function orderContributions(order: CountedOrder): Contribution[] {
  const out: Contribution[] = [
    { table: "orders_quarter", key: [quarterOf(order.createdAt), order.currency], values: [1, order.totalCents] },
    {
      table: "customers",
      key: [order.customerKey || GUEST_CUSTOMER, order.currency],
      values: [1, order.totalCents],
      label: order.customerName || (order.customerKey ? order.customerKey : "Guest"),
    },
  ];
  for (const line of order.lineItems) {
    out.push({
      table: "products",
      key: [line.productKey, order.currency],
      values: [line.quantity, line.quantity * line.priceCents],
      label: line.title,
    });
  }
  return out;
}
