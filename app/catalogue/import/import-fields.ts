/**
 * What a CSV import reads: Stockroom's fields, the columns of the layouts
 * it knows — its own export (app/catalogue/catalogue-csv.ts) and Shopify's
 * product CSV in both its generations (the classic `Handle`, `Body (HTML)`,
 * `Variant SKU`… and the current `URL handle`, `Description`, `SKU`…) —
 * and the mapping of each field to a column of the file, which the person
 * may change (a file of any other layout is mapped by hand). Header names
 * are matched without regard to case.
 */
import { LIMITS } from "../../../protocol/api";

export const OPTION_NUMBERS = Array.from({ length: LIMITS.OPTIONS }, (_, i) => i + 1) as OptionNumber[];

/** Options 1 to LIMITS.OPTIONS (3, as Shopify has). */
export type OptionNumber = 1 | 2 | 3;
export type OptionField = `option${OptionNumber}Name` | `option${OptionNumber}Value`;
export type FieldKey =
  | "handle"
  | "title"
  | "description"
  | "status"
  | "shelf"
  | "tags"
  | OptionField
  | "sku"
  | "barcode"
  | "price"
  | "currency"
  | "quantity"
  | "reorderPoint"
  | "cost"
  | "supplier"
  | "supplierSku"
  | "compareAt"
  | "weight"
  | "weightUnit"
  | "vendor"
  | "productType"
  | "seoTitle"
  | "seoDescription"
  | "imageSrc"
  | "imagePosition"
  | "imageAlt";

export interface FieldDef {
  key: FieldKey;
  /** The field's name on screen, and its column's name in Stockroom's own files. */
  label: string;
  /** The columns Shopify's product export names it by, classic first then current, if it has one. */
  shopify?: readonly string[];
  /** A figure: a leading "-" is a number problem there, not a formula. */
  numeric?: boolean;
}

export const FIELDS: readonly FieldDef[] = [
  { key: "handle", label: "Handle", shopify: ["Handle", "URL handle"] },
  { key: "title", label: "Title", shopify: ["Title"] },
  ...OPTION_NUMBERS.flatMap((n): FieldDef[] => [
    { key: `option${n}Name`, label: `Option${n} Name`, shopify: [`Option${n} Name`] },
    { key: `option${n}Value`, label: `Option${n} Value`, shopify: [`Option${n} Value`] },
  ]),
  { key: "sku", label: "SKU", shopify: ["Variant SKU", "SKU"] },
  { key: "barcode", label: "Barcode", shopify: ["Variant Barcode", "Barcode"] },
  { key: "price", label: "Price", shopify: ["Variant Price", "Price"], numeric: true },
  // Shopify's product export has none: its prices are in the store's currency, as the room's are.
  { key: "currency", label: "Currency" },
  // Newer Shopify exports may leave this out: stock then comes from its own inventory file, and is left as it is.
  {
    key: "quantity",
    label: "Quantity",
    shopify: ["Variant Inventory Qty", "Inventory quantity"],
    numeric: true,
  },
  { key: "reorderPoint", label: "Reorder point", numeric: true },
  { key: "status", label: "Status", shopify: ["Status"] },
  { key: "shelf", label: "Shelf" },
  { key: "tags", label: "Tags", shopify: ["Tags"] },
  { key: "description", label: "Description", shopify: ["Body (HTML)", "Description"] },
  { key: "cost", label: "Cost", shopify: ["Cost per item"], numeric: true },
  // Stockroom's own: a supplier by name (added to the room when new, docs/buying.md) and their code for it.
  { key: "supplier", label: "Supplier" },
  { key: "supplierSku", label: "Supplier SKU" },
  {
    key: "compareAt",
    label: "Compare-at price",
    shopify: ["Variant Compare At Price", "Compare-at price"],
    numeric: true,
  },
  { key: "weight", label: "Weight (g)", shopify: ["Variant Grams", "Weight value (grams)"], numeric: true },
  { key: "weightUnit", label: "Weight unit", shopify: ["Variant Weight Unit", "Weight unit for display"] },
  { key: "vendor", label: "Vendor", shopify: ["Vendor"] },
  { key: "productType", label: "Type", shopify: ["Type"] },
  { key: "seoTitle", label: "SEO title", shopify: ["SEO Title"] },
  { key: "seoDescription", label: "SEO description", shopify: ["SEO Description"] },
  // A product's photos by address, one per row (Shopify writes extra rows for a product's further images).
  { key: "imageSrc", label: "Image Src", shopify: ["Image Src", "Product image URL"] },
  { key: "imagePosition", label: "Image Position", shopify: ["Image Position", "Image position"], numeric: true },
  { key: "imageAlt", label: "Image Alt Text", shopify: ["Image Alt Text", "Image alt text"] },
];

export const fieldDef = (key: FieldKey) => FIELDS.find((field) => field.key === key) as FieldDef;

export type FileFormat = "stockroom" | "shopify" | "shopify-inventory" | "unknown";

export const FORMAT_NAMES: Record<FileFormat, string> = {
  stockroom: "a Stockroom catalogue export",
  shopify: "a Shopify product export",
  "shopify-inventory": "a Shopify inventory export (stock by location)",
  unknown: "a layout Stockroom does not know",
};

const STOCK_HEADER = /^stock:\s*(.+)$/i;
const lower = (headers: readonly string[]) => headers.map((header) => header.trim().toLowerCase());

/** Which layout the header row is: Shopify's, Stockroom's own, or neither (then the person maps it). */
export function detectFormat(headers: readonly string[]): FileFormat {
  const names = new Set(lower(headers));
  const has = (...wanted: string[]) => wanted.filter((name) => names.has(name)).length;
  if (names.has("handle") && has("body (html)", "variant sku", "variant price", "variant barcode", "vendor") >= 2) {
    return "shopify";
  }
  // Shopify's current product export: `URL handle` beside its own names for the rest.
  if (names.has("url handle") && has("description", "sku", "price", "vendor", "product image url") >= 2) {
    return "shopify";
  }
  const ownColumns = has("handle", "sku", "barcode", "price", "quantity", "reorder point", "shelf");
  if (names.has("title") && (ownColumns >= 2 || lower(headers).some((name) => STOCK_HEADER.test(name)))) {
    return "stockroom";
  }
  return "unknown";
}

/** A location's stock read from a column ("Stock: Back room"). */
export interface StockMapping {
  location: string;
  column: number | null;
}

/** Which column (by index) holds each field; null where the file has none. */
export interface Mapping {
  columns: Record<FieldKey, number | null>;
  stock: StockMapping[];
}

/**
 * The mapping the detected layout suggests: each field to the column of its
 * name in that layout (a Shopify inventory export is read in Stockroom's own,
 * shopify-inventory.ts).
 */
export function prefillMapping(headers: readonly string[], format: FileFormat): Mapping {
  const names = lower(headers);
  const find = (candidates: readonly string[] = []) => {
    const index = candidates.map((name) => names.indexOf(name.toLowerCase())).find((at) => at >= 0);
    return index === undefined ? null : index;
  };
  const columns = {} as Record<FieldKey, number | null>;
  for (const field of FIELDS) {
    columns[field.key] = format === "shopify" ? find(field.shopify) : find([field.label]);
  }
  const stock: StockMapping[] = [];
  headers.forEach((header, column) => {
    const location = STOCK_HEADER.exec(header.trim())?.[1]?.trim();
    if (location) stock.push({ location, column });
  });
  return { columns, stock };
}

/** The column letters a spreadsheet shows: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** What the mapping step needs before the file can be read: a title or a handle for each product. */
export function mappingProblem(mapping: Mapping): string | null {
  if (mapping.columns.title === null && mapping.columns.handle === null) {
    return "Choose the column that holds each product's title (or its handle)";
  }
  return null;
}
