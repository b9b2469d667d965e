/**
 * The file's first rows as they will be imported: each row's product, its
 * variant's options, codes, price and stock, read through the mapping — so
 * a column mapped wrong shows before anything is sent.
 */
import type { ImportProduct, ImportVariant } from "../../../protocol/variant-args";
import { Table, type TableColumn, type TableRow } from "../../ui/Table";
import type { ImportPlan } from "./plan-import";

export const PREVIEW_ROWS = 10;

const COLUMNS: TableColumn[] = [
  { key: "row", header: "Row" },
  { key: "title", header: "Product" },
  { key: "options", header: "Options" },
  { key: "sku", header: "SKU" },
  { key: "barcode", header: "Barcode" },
  { key: "price", header: "Price", numeric: true },
  { key: "stock", header: "Stock" },
  { key: "status", header: "Status" },
  { key: "shelf", header: "Shelf" },
  { key: "tags", header: "Tags" },
];

function stockText(variant: ImportVariant): string {
  if (variant.stock) {
    return Object.entries(variant.stock)
      .map(([location, units]) => `${location}: ${units}`)
      .join(", ");
  }
  return variant.quantity === undefined ? "" : String(variant.quantity);
}

function variantCells(product: ImportProduct, variant: ImportVariant, first: boolean): Record<string, string> {
  return {
    title: first ? `${product.title} (${product.handle})` : "",
    options: product.options.map((option, i) => `${option}: ${variant.values[i] ?? ""}`).join(", "),
    sku: variant.sku,
    barcode: variant.barcode,
    price: variant.priceCents === undefined ? "" : (variant.priceCents / 100).toFixed(2),
    stock: stockText(variant),
    status: first ? (product.status ?? "") : "",
    shelf: first ? (product.location ?? "") : "",
    tags: first ? (product.tags ?? []).join(", ") : "",
  };
}

export function ImportPreview({ plan }: { plan: ImportPlan }) {
  const troubled = new Set(plan.problems.map((problem) => problem.row));
  const rows: (TableRow & { row: number })[] = [];
  for (const draft of plan.drafts) {
    draft.product.variants.forEach((variant, index) => {
      rows.push({
        key: String(variant.row),
        row: variant.row,
        cells: variantCells(draft.product, variant, index === 0),
      });
    });
  }
  for (const row of plan.looseRows) rows.push({ key: String(row), row, cells: {} });
  const shown = rows
    .sort((a, b) => a.row - b.row)
    .slice(0, PREVIEW_ROWS)
    .map((row) => ({
      ...row,
      cells: { ...row.cells, row: troubled.has(row.row) ? `${row.row} (problem)` : String(row.row) },
    }));
  return (
    <section className="import-preview" aria-label="Preview">
      <h3>
        Preview: the first {Math.min(PREVIEW_ROWS, rows.length)} of {rows.length.toLocaleString("en")} rows
      </h3>
      <Table
        label="The first rows as they will be imported"
        columns={COLUMNS}
        rows={shown}
        stacked
        testId="import-preview"
      />
    </section>
  );
}
