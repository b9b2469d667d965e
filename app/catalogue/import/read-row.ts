/**
 * One row of the file read through the mapping: each mapped cell as its
 * field (cells.ts), with a problem per cell that cannot be taken. A field
 * whose column is not mapped is left undefined (a re-import keeps what the
 * room has); a mapped cell left blank is blank (a shelf, tags or a
 * description emptied in the spreadsheet are emptied here too).
 */
import { type ItemStatus, LIMITS } from "../../../protocol/api";
import type { ImportProblem } from "../../../protocol/variant-args";
import { type Cell, htmlToText, readCount, readCurrency, readPrice, readStatus, readTags, readText } from "./cells";
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
  /** Whether any of the variant's cells holds something (Shopify's rows of extra images hold none). */
  variantCells: boolean;
  problems: ImportProblem[];
}

/** What the problems of the file's columns are called: the file's own header, as the spreadsheet shows it. */
export function columnName(headers: readonly string[], mapping: Mapping, field: FieldKey): string {
  const column = mapping.columns[field];
  return (column !== null && headers[column]) || fieldDef(field).label;
}

const TEXT_LIMITS: Partial<Record<FieldKey, number>> = {
  handle: 255,
  title: LIMITS.ITEM_TITLE,
  description: LIMITS.ITEM_TEXT,
  shelf: LIMITS.LOCATION,
  sku: LIMITS.SKU,
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
  const take = <T>(field: FieldKey, cell: Cell<T>): T | undefined => {
    if ("value" in cell) return cell.value;
    problems.push({ row: row.row, column: columnName(headers, mapping, field), message: cell.problem });
    return undefined;
  };
  // A refused cell still counts as given (its product is left out for it): a refused title
  // must not make its row read as another variant of the product above.
  const text = (field: FieldKey, max = TEXT_LIMITS[field] ?? LIMITS.OPTION_VALUE): string | undefined => {
    const cell = raw(field);
    return cell === undefined ? undefined : (take(field, readText(cell, max)) ?? cell.trim());
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
    const html = /html/i.test(columnName(headers, mapping, "description"));
    const cell = readText(description, html ? Number.POSITIVE_INFINITY : LIMITS.ITEM_TEXT);
    const plain = "value" in cell && html ? readText(htmlToText(cell.value), LIMITS.ITEM_TEXT) : cell;
    values.description = take("description", plain);
  }
  if (filled("status")) values.status = take("status", readStatus(raw("status") as string));
  values.shelf = text("shelf");
  const tags = text("tags", Number.POSITIVE_INFINITY);
  if (tags !== undefined) values.tags = take("tags", readTags(tags));
  values.priceCents = figure("price", readPrice);
  if (filled("currency")) values.currency = take("currency", readCurrency(raw("currency") as string));
  values.quantity = figure("quantity", readCount);
  if (mapping.columns.reorderPoint !== null) {
    values.reorderPoint = filled("reorderPoint") ? (figure("reorderPoint", readCount) ?? null) : null;
  }
  for (const { location, column } of mapping.stock) {
    const cell = column === null ? "" : (row.cells[column] ?? "").trim();
    if (cell === "") continue;
    const units = readCount(cell);
    if ("value" in units) values.stock = { ...values.stock, [location]: units.value };
    else problems.push({ row: row.row, column: headers[column as number] ?? location, message: units.problem });
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
    (["price", "quantity", "reorderPoint"] as const).some(filled) ||
    values.stock !== undefined;
  return values;
}
