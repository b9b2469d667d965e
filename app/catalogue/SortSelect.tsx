/**
 * Sorting as one menu, for a phone: there the list is cards, with no column
 * headers to press. On a wide screen the headers sort and this is hidden
 * (room.css).
 */
import type { CatalogueQuery, SortKey } from "./catalogue-query";

const ORDERS: { sort: SortKey; descending: boolean; label: string }[] = [
  { sort: "createdAt", descending: true, label: "Newest first" },
  { sort: "createdAt", descending: false, label: "Oldest first" },
  { sort: "updatedAt", descending: true, label: "Recently changed" },
  { sort: "title", descending: false, label: "Title, A to Z" },
  { sort: "title", descending: true, label: "Title, Z to A" },
  { sort: "priceCents", descending: true, label: "Price, highest first" },
  { sort: "priceCents", descending: false, label: "Price, lowest first" },
  { sort: "quantity", descending: true, label: "Quantity, most first" },
  { sort: "quantity", descending: false, label: "Quantity, fewest first" },
  { sort: "sku", descending: false, label: "SKU" },
  { sort: "status", descending: false, label: "Status" },
];

const orderValue = (sort: SortKey, descending: boolean) => `${sort}:${descending ? "desc" : "asc"}`;

export function SortSelect({
  query,
  onChange,
}: {
  query: CatalogueQuery;
  onChange(sort: SortKey, descending: boolean): void;
}) {
  const current = orderValue(query.sort, query.descending);
  const known = ORDERS.some((order) => orderValue(order.sort, order.descending) === current);
  return (
    <select
      className="sort-select"
      aria-label="Sort by"
      value={current}
      onChange={(event) => {
        const order = ORDERS.find((o) => orderValue(o.sort, o.descending) === event.target.value);
        if (order) onChange(order.sort, order.descending);
      }}
    >
      {!known && <option value={current}>As sorted by the column</option>}
      {ORDERS.map((order) => (
        <option key={order.label} value={orderValue(order.sort, order.descending)}>
          {order.label}
        </option>
      ))}
    </select>
  );
}
