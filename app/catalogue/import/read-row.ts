/**
 * One row of the file read through the mapping: each mapped cell as its
 * field (cells.ts), with a problem per cell that cannot be taken. A cell
 * that says what the product is (its handle, title, options) keeps its
 * product out when it cannot be read; any other is left empty and said on
 * its row, and its product still comes (`kept`). A field whose column is
 * not mapped is left undefined (a re-import keeps what the room has); a
 * mapped cell left blank is blank (a shelf, tags or a description emptied
 * in the spreadsheet are emptied here too).
 */
import { type ItemStatus, LIMITS, type WeightUnit } from "../../../protocol/api";
import { SUPPLIER_LIMITS } from "../../../protocol/supplier-args";
import type { ImportProblem } from "../../../protocol/variant-args";
import {
  asWritten,
  type Cell,
  htmlToText,
  readCount,
  readCurrency,
  readGrams,
  readPrice,
  readStatus,
  readStockCount,
  readTags,
  readText,
  readWeightUnit,
} from "./cells";
import { type FieldKey, fieldDef, type Mapping, OPTION_NUMBERS } from "./import-fields";
import type { CsvRow } from "./read-csv";

export interface RowValues {
  row: number;
  handle: string;
  title: string;
  description?: string;
  status?: ItemStatus;
  shelf?: string;
  tags?: string[];
  /** The currency of the product's prices (a product's first row gives it). */
  currency?: string;
  /** Option names and values, "" where blank, one per option column. */
  optionNames: string[];
  optionValues: string[];
  sku: string;
  barcode: string;
  priceCents?: number;
  quantity?: number;
  /** Units by location name, for the stock cells that are filled in. */
  stock?: Record<string, number>;
  reorderPoint?: number | null;
  /** Its cost, "was" price and weight: null for a mapped cell left blank, undefined for no column. */
  costCents?: number | null;
  compareAtCents?: number | null;
  weightGrams?: number | null;
  weightUnit?: WeightUnit;
  /** Its supplier by name and their code for it: "" for a mapped cell left blank, undefined for no column. */
  supplier?: string;
  supplierSku?: string;
  /** The product's own words the store groups it by, and what search engines show. */
  vendor?: string;
  productType?: string;
  seoTitle?: string;
  seoDescription?: string;
  /** A photo the row names by address (Shopify's Image Src), its position and alt text. */
  image?: { url: string; position: number; alt: string };
  /** Whether any of the variant's cells holds something (Shopify's rows of extra images hold none). */
  variantCells: boolean;
  problems: ImportProblem[];
}

/** What the problems of the file's columns are called: the file's own header, as the spreadsheet shows it. */
export function columnName(headers: readonly string[], mapping: Mapping, field: FieldKey): string {
  const column = mapping.columns[field];
  return (column !== null && headers[column]) || fieldDef(field).label;
}

/** The cells that say what a product is: one that cannot be read keeps its product out. */
const DEFINING = new Set<FieldKey>([
  "handle",
  "title",
  ...OPTION_NUMBERS.flatMap((n) => [`option${n}Name`, `option${n}Value`] as const),
]);

const TEXT_LIMITS: Partial<Record<FieldKey, number>> = {
  handle: 255,
  title: LIMITS.ITEM_TITLE,
  description: LIMITS.ITEM_TEXT,
  shelf: LIMITS.LOCATION,
  vendor: LIMITS.PRODUCT_WORD,
  productType: LIMITS.PRODUCT_WORD,
  seoTitle: LIMITS.SEO_TITLE,
  seoDescription: LIMITS.SEO_DESCRIPTION,
  sku: LIMITS.SKU,
  supplier: SUPPLIER_LIMITS.NAME,
  supplierSku: LIMITS.SKU,
  // A barcode's own rules (protocol/barcodes.ts) are checked with the product; this only bounds the text.
  barcode: 200,
};

/** Columns past the options Stockroom has (Option4 Name…): a product using them has too many options. */
export function extraOptionColumns(headers: readonly string[]): number[] {
  return headers.flatMap((header, column) => {
    const n = /^option\s*(\d+)\s+(name|value)$/i.exec(header.trim())?.[1];
    return n !== undefined && Number(n) > LIMITS.OPTIONS ? [column] : [];
  });
}

export function readRow(
  row: CsvRow,
  headers: readonly string[],
  mapping: Mapping,
  extraOptions: readonly number[] = [],
): RowValues {
  const problems: ImportProblem[] = [];
  const raw = (field: FieldKey): string | undefined => {
    const column = mapping.columns[field];
    return column === null ? undefined : (row.cells[column] ?? "");
  };
  const note = (field: FieldKey, message: string, kept: boolean) =>
    problems.push({
      row: row.row,
      column: columnName(headers, mapping, field),
      message,
      ...(kept ? { kept: true } : {}),
    });
  const take = <T>(field: FieldKey, cell: Cell<T>): T | undefined => {
    if ("value" in cell) return cell.value;
    const kept = !DEFINING.has(field);
    note(field, kept ? `${cell.problem}; left empty` : cell.problem, kept);
    return undefined;
  };
  // A refused cell that defines the product still counts as given (its product is left out for it):
  // a refused title must not make its row read as another variant of the product above.
  const text = (field: FieldKey, max = TEXT_LIMITS[field] ?? LIMITS.OPTION_VALUE): string | undefined => {
    const cell = raw(field);
    if (cell === undefined) return undefined;
    return take(field, readText(cell, max)) ?? (DEFINING.has(field) ? cell.trim() : "");
  };
  /** A count, flagged when below 0 (oversold): it comes as it is. */
  const count = (field: FieldKey, cell: string): number | undefined => {
    const units = take(field, readStockCount(cell));
    if (units !== undefined && units < 0)
      note(field, `${units} is below 0 (sold before it was in stock): kept as it is`, true);
    return units;
  };
  const filled = (field: FieldKey) => (raw(field) ?? "").trim() !== "";
  // Figures are read as figures: "-5" is "not a whole number", not a formula.
  const figure = <T>(field: FieldKey, read: (cell: string) => Cell<T>) =>
    filled(field) ? take(field, read(raw(field) as string)) : undefined;

  const values: RowValues = {
    row: row.row,
    handle: text("handle") ?? "",
    title: text("title") ?? "",
    optionNames: OPTION_NUMBERS.map((n) => text(`option${n}Name`, LIMITS.OPTION_NAME) ?? ""),
    optionValues: OPTION_NUMBERS.map((n) => text(`option${n}Value`, LIMITS.OPTION_VALUE) ?? ""),
    sku: text("sku") ?? "",
    barcode: text("barcode") ?? "",
    variantCells: false,
    problems,
  };
  const description = raw("description");
  if (description !== undefined) {
    const html = /html/i.test(columnName(headers, mapping, "description")) || /<[a-z][^>]*>/i.test(description);
    const plain = html ? htmlToText(description) : asWritten(description);
    // A description past the limit is cut there (and said), not lost.
    values.description = plain.slice(0, LIMITS.ITEM_TEXT).trim();
    if (plain.length > LIMITS.ITEM_TEXT) {
      note("description", `is longer than ${LIMITS.ITEM_TEXT.toLocaleString("en")} characters; cut there`, true);
    }
  }
  if (filled("status")) values.status = take("status", readStatus(raw("status") as string));
  values.shelf = text("shelf");
  const tags = text("tags", Number.POSITIVE_INFINITY);
  if (tags !== undefined) values.tags = take("tags", readTags(tags));
  values.priceCents = figure("price", readPrice);
  if (filled("currency")) values.currency = take("currency", readCurrency(raw("currency") as string));
  values.quantity = filled("quantity") ? count("quantity", raw("quantity") as string) : undefined;
  if (mapping.columns.reorderPoint !== null) {
    values.reorderPoint = filled("reorderPoint") ? (figure("reorderPoint", readCount) ?? null) : null;
  }
  /** A figure whose blank cell clears it (null), and whose missing column leaves it as it is. */
  const optional = <T>(field: FieldKey, read: (cell: string) => Cell<T>): T | null | undefined => {
    if (mapping.columns[field] === null) return undefined;
    return filled(field) ? (figure(field, read) ?? null) : null;
  };
  values.costCents = optional("cost", readPrice);
  values.compareAtCents = optional("compareAt", readPrice);
  values.supplier = text("supplier");
  values.supplierSku = text("supplierSku");
  values.weightGrams = optional("weight", readGrams);
  if (filled("weightUnit")) values.weightUnit = take("weightUnit", readWeightUnit(raw("weightUnit") as string));
  values.vendor = text("vendor");
  values.productType = text("productType");
  values.seoTitle = text("seoTitle");
  values.seoDescription = text("seoDescription");
  if (filled("imageSrc")) {
    const url = (raw("imageSrc") as string).trim();
    if (/^https:\/\/\S+$/i.test(url) && url.length <= 2_000) {
      const position = filled("imagePosition") ? Number.parseInt(raw("imagePosition") as string, 10) : Number.NaN;
      values.image = {
        url,
        position: Number.isFinite(position) ? position : Number.MAX_SAFE_INTEGER,
        alt: asWritten(raw("imageAlt") ?? "").slice(0, 512),
      };
    } else {
      note("imageSrc", `“${url.slice(0, 80)}” is not an https:// address; no photo from it`, true);
    }
  }
  for (const { location, column } of mapping.stock) {
    const cell = column === null ? "" : (row.cells[column] ?? "").trim();
    if (cell === "") continue;
    const units = readStockCount(cell);
    const where = headers[column as number] ?? location;
    if ("value" in units) values.stock = { ...values.stock, [location]: units.value };
    else problems.push({ row: row.row, column: where, message: `${units.problem}; left empty`, kept: true });
    if ("value" in units && units.value < 0) {
      problems.push({
        row: row.row,
        column: where,
        message: `${units.value} is below 0 (sold before it was in stock): kept as it is`,
        kept: true,
      });
    }
  }
  const extra = extraOptions.find((column) => (row.cells[column] ?? "").trim() !== "");
  if (extra !== undefined) {
    problems.push({
      row: row.row,
      column: headers[extra] ?? "",
      message: `a product has at most ${LIMITS.OPTIONS} options; combine or drop the others`,
    });
  }
  values.variantCells =
    values.optionValues.some(Boolean) ||
    Boolean(values.sku || values.barcode) ||
    (["price", "quantity", "reorderPoint", "cost", "compareAt", "weight", "supplier", "supplierSku"] as const).some(
      filled,
    ) ||
    values.stock !== undefined;
  return values;
}
