/** What the import says, in words: problems, a check's or an import's summary. */
import type { ImportProblem, ImportReport } from "../../../protocol/variant-args";

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
