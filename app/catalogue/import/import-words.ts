/** What the import says, in words: problems, a check's or an import's summary. */
import type { ImportChangeKind, ImportProblem, ImportReport, ImportStockChange } from "../../../protocol/variant-args";
import { signedUnits } from "../../stock/signed-units";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** "Row 7, Price: “12,5x” is not a price". */
export function problemText(problem: ImportProblem): string {
  return problem.column
    ? `Row ${problem.row}, ${problem.column}: ${problem.message}`
    : `Row ${problem.row}: ${problem.message}`;
}

/** "3 new, 1 updated, 2 unchanged" — what a check found or an import did. */
export function reportCounts(report: ImportReport): string {
  return [
    count(report.created, "new product", "new products"),
    `${report.updated.toLocaleString("en")} updated`,
    `${report.unchanged.toLocaleString("en")} unchanged`,
  ].join(", ");
}

export const rowsText = (n: number) => count(n, "row", "rows");
export const productsText = (n: number) => count(n, "product", "products");

/** What a stop part-way leaves, and what to do: the same file again goes on from there. */
export function stoppedText(sentRows: number, totalRows: number, reason: string): string {
  const done =
    sentRows === 0
      ? "No rows were imported"
      : `${rowsText(sentRows)} of ${totalRows.toLocaleString("en")} were imported`;
  return `The import stopped: ${reason}. ${done}. Import the same file again to go on: products already in are found by their handle or SKU and updated, never added twice.`;
}

const KIND_WORDS: Record<ImportChangeKind, string> = {
  title: "titles",
  description: "descriptions",
  status: "statuses",
  shelf: "shelves",
  tags: "tags",
  currency: "currencies",
  codes: "SKUs or barcodes",
  prices: "prices",
  costs: "costs",
  suppliers: "suppliers or supplier SKUs",
  details: "vendors, types, weights, “was” prices or SEO",
  "reorder points": "reorder points",
  variants: "options or variants",
  stock: "stock",
};

/** "Prices of 3 products, titles of 1" — how the products already here change (none: nothing). */
export function changesText(changes: ImportReport["changes"]): string | null {
  const parts = (Object.entries(changes) as [ImportChangeKind, number][])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${KIND_WORDS[kind]} of ${count(n, "product", "products")}`);
  if (parts.length === 0) return null;
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Main +423 (12 variants), Warehouse −2 (1 variant)", or that stock stays as it is. */
export function stockText(stock: readonly ImportStockChange[]): string {
  const moved = stock.filter((change) => change.units !== 0 || change.variants > 0);
  if (moved.length === 0) return "Stock: unchanged";
  return `Stock: ${moved
    .map(
      (change) => `${change.location} ${signedUnits(change.units)} (${count(change.variants, "variant", "variants")})`,
    )
    .join(", ")}`;
}

/** What stays at locations a file of counts by location does not name: said, so none is counted twice. */
export function elsewhereText(elsewhere: readonly ImportStockChange[]): string | null {
  const held = elsewhere.filter((change) => change.units !== 0);
  if (held.length === 0) return null;
  const places = held
    .map(
      (change) =>
        `${change.location} holds ${count(change.units, "unit", "units")} of ${count(change.variants, "variant", "variants")}`,
    )
    .join("; ");
  return `Not in this file: ${places} of these products. That stock stays where it is, besides what the file counts. If the file is all of their stock, choose to set the locations it does not name to 0.`;
}
