/**
 * What a check found (or an import did): how many products are new,
 * updated or unchanged, what changes of those already here ("prices of 3
 * products"), the stock it sets by location (or that stock is unchanged),
 * stock at locations the file does not name, the locations it adds, and
 * every problem with its row and column, found here or by the server.
 */
import { forwardRef } from "react";
import { blockingProblems, type ImportProblem, type ImportReport } from "../../../protocol/variant-args";
import { changesText, elsewhereText, problemText, reportCounts, stockText } from "./import-words";

export function ProblemList({
  problems,
  label,
  testId = "import-problems",
}: {
  problems: readonly ImportProblem[];
  label: string;
  testId?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <ul className="import-problems" aria-label={label} data-testid={testId}>
      {problems.map((problem, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one row may have the same problem in two columns.
        <li key={index}>{problemText(problem)}</li>
      ))}
    </ul>
  );
}

export const ImportSummary = forwardRef<
  HTMLHeadingElement,
  { heading: string; report: ImportReport; problems: readonly ImportProblem[]; locationsWord: string }
>(function ImportSummary({ heading, report, problems, locationsWord }, ref) {
  const changes = changesText(report.changes);
  const refusing = blockingProblems(problems);
  const kept = problems.filter((problem) => problem.kept);
  const elsewhere = elsewhereText(report.elsewhere);
  return (
    <section className="import-summary" aria-label={heading} data-testid="import-summary">
      <h3 ref={ref} tabIndex={-1}>
        {heading}
      </h3>
      <p>{reportCounts(report)}.</p>
      {changes && <p data-testid="import-changes">{changes}.</p>}
      <p data-testid="import-stock">{stockText(report.stock)}.</p>
      {elsewhere && (
        <p className="import-elsewhere" data-testid="import-elsewhere">
          {elsewhere}
        </p>
      )}
      {report.locationsAdded.length > 0 && (
        <p>
          {locationsWord}: {report.locationsAdded.join(", ")}.
        </p>
      )}
      {(report.suppliersAdded ?? []).length > 0 && (
        <p>
          {locationsWord.startsWith("Locations added") ? "Suppliers added" : "Suppliers to add"}:{" "}
          {report.suppliersAdded.join(", ")}.
        </p>
      )}
      {refusing.length > 0 && (
        <>
          <p className="error">
            {refusing.length === 1 ? "1 problem" : `${refusing.length.toLocaleString("en")} problems`}: products with
            one are left out whole.
          </p>
          <ProblemList problems={refusing} label="Problems" />
        </>
      )}
      {kept.length > 0 && (
        <>
          <p className="import-kept">
            {kept.length === 1 ? "1 cell" : `${kept.length.toLocaleString("en")} cells`} to look at: their products come
            all the same.
          </p>
          <ProblemList problems={kept} label="Cells left empty or to look at" testId="import-kept" />
        </>
      )}
      {problems.length === 0 && <p>No problems.</p>}
    </section>
  );
});
