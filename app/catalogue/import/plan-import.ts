/**
 * A file's rows grouped into products (docs/architecture.md §9): rows that
 * share a handle are one product's variants, in Stockroom's own files and
 * Shopify's alike. A row without a handle starts a product of its own with
 * a handle made from its title; a row with neither is another variant of
 * the product above it. A row holding nothing of a variant after its
 * product's first (Shopify writes one per extra image) is passed over.
 * Across the file, a SKU or barcode may be given only once.
 */
import { barcodeForms } from "../../../protocol/barcodes";
import { blockingProblems, type ImportProblem, type ImportProduct } from "../../../protocol/variant-args";
import { HandleSet, slugify } from "./handles";
import type { Mapping } from "./import-fields";
import { draftProduct, type ProductDraft, type ProductImage } from "./product-draft";
import type { CsvTable } from "./read-csv";
import { columnName, extraOptionColumns, type RowValues, readRow } from "./read-row";

export interface ImportPlan {
  drafts: ProductDraft[];
  /** Every problem, client-side, by row: those that keep a product out, and cells left empty (`kept`). */
  problems: ImportProblem[];
  /** Rows of the file under its header (blank ones aside). */
  rowCount: number;
  /** Rows that belong to no product (no handle or title, and no product above). */
  looseRows: number[];
}

export const byRow = (a: ImportProblem, b: ImportProblem) => a.row - b.row || a.column.localeCompare(b.column);

function groupRows(rows: readonly RowValues[]) {
  const handles = new HandleSet();
  for (const row of rows) if (row.handle) handles.reserve(row.handle);
  const groups: { handle: string; rows: RowValues[]; images: ProductImage[] }[] = [];
  const byHandle = new Map<string, (typeof groups)[number]>();
  const loose: RowValues[] = [];
  let last: (typeof groups)[number] | undefined;
  for (const row of rows) {
    const known = row.handle ? byHandle.get(row.handle.toLowerCase()) : undefined;
    if (known && !row.variantCells && !row.title) {
      // A row of one more image of the product (Shopify writes those): its photo, and no variant.
      if (row.image) known.images.push({ ...row.image, row: row.row });
      continue;
    }
    if (known) {
      known.rows.push(row);
      last = known;
    } else if (row.handle || row.title) {
      const group = { handle: row.handle || handles.take(slugify(row.title)), rows: [row], images: [] };
      groups.push(group);
      byHandle.set(group.handle.toLowerCase(), group);
      last = group;
    } else if (last && row.variantCells) {
      last.rows.push(row);
    } else if (row.variantCells || row.problems.length > 0) {
      loose.push(row);
    }
  }
  return { groups, loose };
}

/** The second and later rows giving a SKU or barcode an earlier row gave (any case; a UPC-A is its EAN-13 too). */
function repeatedCodes(drafts: readonly ProductDraft[], mapping: Mapping, headers: readonly string[]): void {
  const skus = new Map<string, number>();
  const barcodes = new Map<string, number>();
  const variants = drafts
    .flatMap((draft) => draft.product.variants.map((variant) => ({ draft, variant })))
    .sort((a, b) => a.variant.row - b.variant.row);
  for (const { draft, variant } of variants) {
    const sku = variant.sku.trim().toLowerCase();
    if (sku) {
      const earlier = skus.get(sku);
      if (earlier === undefined) skus.set(sku, variant.row);
      else {
        draft.problems.push({
          row: variant.row,
          column: columnName(headers, mapping, "sku"),
          message: `“${variant.sku}” is also on row ${earlier}`,
        });
      }
    }
    if (variant.barcode.trim()) {
      const forms = barcodeForms(variant.barcode);
      const earlier = forms.map((form) => barcodes.get(form)).find((row) => row !== undefined);
      if (earlier === undefined) for (const form of forms) barcodes.set(form, variant.row);
      else {
        draft.problems.push({
          row: variant.row,
          column: columnName(headers, mapping, "barcode"),
          message: `“${variant.barcode}” is also on row ${earlier}`,
        });
      }
    }
  }
}

export function planImport(table: CsvTable, mapping: Mapping): ImportPlan {
  const extra = extraOptionColumns(table.headers);
  const rows = table.rows.map((row) => readRow(row, table.headers, mapping, extra));
  const { groups, loose } = groupRows(rows);
  const context = { headers: table.headers, mapping };
  const drafts = groups.map((group) => draftProduct(group.handle, group.rows, context, group.images));
  repeatedCodes(drafts, mapping, table.headers);
  const looseProblems = loose.flatMap((row) =>
    row.problems.length > 0
      ? row.problems
      : [
          {
            row: row.row,
            column: columnName(table.headers, mapping, "title"),
            message: "missing: give the product a title (or a handle)",
          },
        ],
  );
  for (const draft of drafts) draft.problems.sort(byRow);
  return {
    drafts,
    problems: [...drafts.flatMap((draft) => [...draft.problems, ...draft.notes]), ...looseProblems].sort(byRow),
    rowCount: table.rows.length,
    looseRows: loose.map((row) => row.row),
  };
}

/** The products that go in: those without a problem here, nor one the server found on any of their rows. */
export function goodProducts(plan: ImportPlan, serverProblems: readonly ImportProblem[] = []): ImportProduct[] {
  const refused = new Set(blockingProblems(serverProblems).map((problem) => problem.row));
  return plan.drafts
    .filter((draft) => draft.problems.length === 0 && !draft.rows.some((row) => refused.has(row)))
    .map((draft) => draft.product);
}

/** How many rows of the file have a problem that keeps its product out (each counted once). */
export const problemRowCount = (problems: readonly ImportProblem[]) =>
  new Set(blockingProblems(problems).map((problem) => problem.row)).size;
