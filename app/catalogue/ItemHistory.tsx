import { useCallback } from "react";
import { COLLECTION, type ItemDoc, type ItemHistoryDoc, PUBLICATION } from "../../protocol/api";
import { useSuppliers } from "../buying/use-suppliers";
import { type LiveDoc, useFind } from "../live";
import { useSubscribe } from "../live-api";
import { formatPrice } from "../money";
import { useNameOf } from "../people/use-name-of";
import { RelativeTime } from "./RelativeTime";

const newestFirst = (a: ItemHistoryDoc, b: ItemHistoryDoc) => b.at.getTime() - a.at.getTime();

const FIELD_NAMES: Record<string, string> = {
  title: "title",
  description: "description",
  sku: "SKU",
  priceCents: "price",
  currency: "currency",
  quantity: "quantity",
  barcode: "barcode",
  reorderPoint: "reorder point",
  status: "status",
  location: "shelf",
  tags: "tags",
  photos: "photos",
  options: "options",
  variants: "variants",
  values: "values",
  costCents: "cost",
  avgCostCents: "average cost",
  supplierId: "supplier",
  supplierSku: "supplier SKU",
  compareAtCents: "compare-at price",
  weightGrams: "weight",
  weightUnit: "weight unit",
  vendor: "vendor",
  productType: "product type",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
};

/** Fields that are amounts of money (shown in the item's currency). */
const MONEY_FIELDS = new Set(["priceCents", "costCents", "avgCostCents", "compareAtCents"]);

/** A change's field and how it reads; one variant's is keyed "M / Red: priceCents" (worker/inventory/variants-service.ts). */
function fieldOf(key: string): { field: string; name: string } {
  const at = key.lastIndexOf(": ");
  const field = at < 0 ? key : key.slice(at + 2);
  const name = FIELD_NAMES[field] ?? field;
  return { field, name: at < 0 ? name : `${name} of ${key.slice(0, at)}` };
}

/** How a value reads: an amount in the item's currency, a supplier by name (`supplierName`), a list of names… */
function describeValue(
  field: string,
  value: unknown,
  currency: string,
  supplierName: (id: string) => string = () => "a supplier",
): string {
  if (value === "" || value === null || value === undefined) return "nothing";
  if (field === "supplierId" && typeof value === "string") return supplierName(value);
  if (MONEY_FIELDS.has(field) && typeof value === "number") return formatPrice(value, currency);
  if (field === "weightGrams" && typeof value === "number") return `${value.toLocaleString("en")} g`;
  if (field === "tags" && Array.isArray(value)) return value.length ? value.join(", ") : "no tags";
  if (field === "photos" && Array.isArray(value)) return `${value.length} photo${value.length === 1 ? "" : "s"}`;
  // A product's options and variants (and a variant's values) are lists of names.
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Where a change came from, when not a plain edit (the history entry's `via`). */
function source(entry: ItemHistoryDoc): string {
  return entry.via?.startsWith("stocktake:") ? " in a stocktake" : "";
}

function describe(entry: ItemHistoryDoc, currency: string, supplierName: (id: string) => string): string[] {
  if (entry.action === "created") return ["created this item"];
  if (entry.action === "removed") return ["removed this item"];
  if (entry.action === "restored") return ["brought this item back (undo)"];
  return Object.entries(entry.changes).map(([key, { from, to }]) => {
    const { field, name } = fieldOf(key);
    if (field === "photos" && Array.isArray(from) && Array.isArray(to)) {
      const difference = to.length - from.length;
      if (difference === 0) return "reordered the photos";
      const count = `${Math.abs(difference)} photo${Math.abs(difference) === 1 ? "" : "s"}`;
      return difference > 0 ? `added ${count}` : `removed ${count}`;
    }
    if (field === "description") return "edited the description";
    if (field === "storeProductId") return to ? "linked it to its store product" : "unlinked it from the store";
    const [was, now] = [from, to].map((value) => describeValue(field, value, currency, supplierName));
    return `changed ${name} from ${was} to ${now}${source(entry)}`;
  });
}

/** Who changed what on this item, and when: newest first, live. */
export function ItemHistory({ item }: { item: ItemDoc }) {
  const loading = useSubscribe(PUBLICATION.ITEM_HISTORY, item._id);
  const isEntry = useCallback(
    (doc: LiveDoc): doc is LiveDoc & ItemHistoryDoc => doc.itemId === item._id && typeof doc.action === "string",
    [item._id],
  );
  const entries = useFind(COLLECTION.ITEM_HISTORY, isEntry, newestFirst);
  const nameOf = useNameOf();
  const { suppliers } = useSuppliers();
  const supplierName = (id: string) => suppliers.find((supplier) => supplier._id === id)?.name ?? "a supplier";

  return (
    <section className="card" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {loading && entries.length === 0 ? (
        <p className="muted">Loading history…</p>
      ) : entries.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <ol className="history" data-testid="item-history">
          {entries.map((entry) => (
            <li key={entry._id}>
              <strong>{nameOf(entry.userId)}</strong> {describe(entry, item.currency, supplierName).join("; ")}{" "}
              <RelativeTime date={entry.at} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
