/**
 * The catalogue as a CSV file in Stockroom's own format — the one its import
 * reads back (app/catalogue/import/), laid out like Shopify's product CSV:
 * one row per variant, grouped by the product's handle. A product's own
 * fields (title, status, shelf, tags, description) are on its first row and
 * blank on the others, as Shopify writes them; a product without options is
 * one row with the option cells empty. Each variant's stock at each
 * location has a column of its own (docs/architecture.md §9). Cells a
 * spreadsheet would run as formulas are kept as text (protocol/csv.ts), and
 * the import takes them back without the apostrophe.
 */
import { type ItemDoc, LIMITS, type LocationDoc, variantsOf } from "../../protocol/api";
import { csvLine } from "../../protocol/csv";
import { HandleSet, slugify } from "./import/handles";

/** The columns before the stock ones; the import finds them by these names (import-fields.ts). */
export const CATALOGUE_COLUMNS = [
  "Handle",
  "Title",
  ...Array.from({ length: LIMITS.OPTIONS }, (_, i) => [`Option${i + 1} Name`, `Option${i + 1} Value`]).flat(),
  "SKU",
  "Barcode",
  "Price",
  "Currency",
  "Quantity",
  "Reorder point",
  "Status",
  "Shelf",
  "Tags",
  "Description",
  "Cost",
  "Supplier",
  "Supplier SKU",
  "Compare-at price",
  "Weight (g)",
  "Weight unit",
  "Vendor",
  "Type",
  "SEO title",
  "SEO description",
] as const;

/** An amount as a CSV cell: "12.50", or empty when not known. */
export const money = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

/** The column of a location's stock. */
export const stockColumn = (locationName: string) => `Stock: ${locationName}`;

/**
 * Each item's handle: the one an import gave it, else one made from its
 * title, made ones given out in the order of the items' ids so the same
 * catalogue always gets the same handles whatever the list's sort.
 */
export function handlesOf(items: readonly ItemDoc[]): Map<string, string> {
  const handles = new Map<string, string>();
  const set = new HandleSet();
  const own = (item: ItemDoc) => item.handle ?? "";
  for (const item of items) if (own(item)) set.reserve(own(item));
  const byId = [...items].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  for (const item of byId) handles.set(item._id, own(item) || set.take(slugify(item.title)));
  return handles;
}

/** A supplier's name by id (the room's suppliers, archived ones too). */
export type SupplierNames = ReadonlyMap<string, string>;

function productRows(
  item: ItemDoc,
  handle: string,
  locations: readonly LocationDoc[],
  suppliers: SupplierNames,
): string[] {
  const options = item.options ?? [];
  return variantsOf(item).map((variant, index) => {
    const first = index === 0;
    const optionCells = Array.from({ length: LIMITS.OPTIONS }, (_, i) =>
      i < options.length ? [options[i], variant.values[i] ?? ""] : ["", ""],
    ).flat();
    return csvLine([
      handle,
      first ? item.title : "",
      ...optionCells,
      variant.sku,
      variant.barcode,
      (variant.priceCents / 100).toFixed(2),
      item.currency,
      variant.quantity,
      variant.reorderPoint ?? "",
      first ? item.status : "",
      first ? item.location : "",
      first ? item.tags.join(", ") : "",
      first ? item.description : "",
      money(variant.costCents),
      variant.supplierId ? (suppliers.get(variant.supplierId) ?? "") : "",
      variant.supplierSku ?? "",
      money(variant.compareAtCents),
      variant.weightGrams ?? "",
      variant.weightGrams != null ? (variant.weightUnit ?? "g") : "",
      first ? (item.vendor ?? "") : "",
      first ? (item.productType ?? "") : "",
      first ? (item.seoTitle ?? "") : "",
      first ? (item.seoDescription ?? "") : "",
      ...locations.map((location) => variant.stock[location._id] ?? 0),
    ]);
  });
}

export function catalogueCsv(
  items: readonly ItemDoc[],
  allLocations: readonly LocationDoc[],
  suppliers: SupplierNames = new Map(),
): string {
  // An archived location holds nothing (docs/architecture.md §9: one holding stock cannot be archived), and a column
  // for it would have the import add it, open, to another room.
  const locations = allLocations.filter((location) => !location.archived);
  const handles = handlesOf(items);
  const header = csvLine([...CATALOGUE_COLUMNS, ...locations.map((location) => stockColumn(location.name))]);
  return (
    header + items.flatMap((item) => productRows(item, handles.get(item._id) as string, locations, suppliers)).join("")
  );
}

/**
 * Hands `csv` to the browser as a download named `name`, with a byte-order
 * mark first: without it Excel reads the file in the computer's old code
 * page and garbles accents (the import reads it either way).
 */
export function downloadCsv(csv: string, name: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
