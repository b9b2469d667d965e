/**
 * What one item or order adds to each of the dashboard's aggregates
 * (docs/product.md §3). Counting a change is "take away what the old version added,
 * add what the new one adds", so an update costs the same however big the
 * room is; a full recompute is the sum over every row. Both paths use these
 * same contributions, which is what makes them comparable in tests.
 */
import { type ItemDoc, isLowStock, type OrderDoc, unitValue, variantName } from "../../protocol/api";

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
  // What stock is worth (docs/buying.md): units held at each place from each supplier, at cost
  // (the average cost, else the cost) and at sale price; `costed_retail_cents` is the sale price of
  // the units whose cost is known, so the margin compares like with like.
  worth: {
    keys: ["location_id", "supplier_id", "currency"],
    values: ["units", "cost_cents", "retail_cents", "costed_retail_cents", "uncosted_units"],
  },
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
  | "costCents"
  | "avgCostCents"
  | "supplierId"
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
  for (const worth of worthOf(item)) out.push(worth);
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

/**
 * What the item's stock is worth at each location, by supplier: each
 * variant's units there (none below zero: a sale waiting for a count is
 * worth nothing, not less) at its unit value and at its price.
 */
function worthOf(item: CountedItem): Contribution[] {
  const variants = item.variants?.length ? item.variants : [{ ...item, stock: item.stock ?? {} }];
  const rows = new Map<string, Contribution>();
  for (const variant of variants) {
    const cost = unitValue(variant);
    for (const [locationId, units] of Object.entries(variant.stock ?? {})) {
      if (units <= 0) continue;
      const key = [locationId, variant.supplierId ?? "", item.currency];
      const id = key.join("\u0000");
      const row = rows.get(id) ?? { table: "worth" as const, key, values: [0, 0, 0, 0, 0] };
      const [held = 0, atCost = 0, retail = 0, costedRetail = 0, uncosted = 0] = row.values;
      row.values = [
        held + units,
        atCost + (cost ?? 0) * units,
        retail + variant.priceCents * units,
        costedRetail + (cost === null ? 0 : variant.priceCents * units),
        uncosted + (cost === null ? units : 0),
      ];
      rows.set(id, row);
    }
  }
  return [...rows.values()];
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
