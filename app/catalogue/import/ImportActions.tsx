/**
 * _Check import_ and _Import_: the check sends the file's products to the
 * server and has it weigh them (a dry run), then lists what would happen
 * with every problem, here and the server's; the import is offered once
 * nothing is wrong, or once the person chooses to skip the rows with
 * problems, and runs on the server over the products already sent
 * (send-import.ts). Both show a bar: the file on its way, then the
 * server's progress. A stop part-way says how far it got.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { COLLECTION, METHOD } from "../../../protocol/api";
import { rowsOf } from "../../../protocol/import-parts";
import {
  blockingProblems,
  emptyImportReport,
  type ImportProblem,
  type ImportProduct,
  type ImportReport,
} from "../../../protocol/variant-args";
import { errorMessage } from "../../components/ErrorText";
import { useFind } from "../../live";
import { randomId } from "../../live/random-id";
import { useCall } from "../../live-api";
import { useLocations } from "../../stock/use-locations";
import { Button } from "../../ui/Button";
import { isItemDoc } from "../is-item";
import { useRoomSize } from "../room-size";
import { ImportPhotos } from "./ImportPhotos";
import { ImportProgress, type ImportStep } from "./ImportProgress";
import { ImportSummary } from "./ImportSummary";
import type { FileFormat } from "./import-fields";
import { productsText, rowsText, stoppedText } from "./import-words";
import { byRow, goodProducts, type ImportPlan, problemRowCount } from "./plan-import";
import { StockChoiceForm } from "./StockChoice";
import {
  type ImportCalls,
  type ImportOutcome,
  inFileColumns,
  outcomeOf,
  type StockChoice,
  sendProducts,
} from "./send-import";

type Check =
  | { state: "idle" }
  | { state: "checking"; step: ImportStep | null }
  | { state: "failed"; message: string }
  | {
      state: "checked";
      report: ImportReport;
      problems: ImportProblem[];
      products: ImportProduct[];
      /** The products on the server: all the check weighed. */
      importId: string;
      sent: number;
    };

type Run = { state: "running"; step: ImportStep } | { state: "done"; outcome: ImportOutcome };

export function ImportActions({
  plan,
  format,
  columnOf,
  onBusy,
  onAnother,
}: {
  plan: ImportPlan;
  format: FileFormat;
  /** The file's name for a column the server names by Stockroom's ("SKU"). */
  columnOf(label: string): string;
  onBusy(busy: boolean): void;
  onAnother(): void;
}) {
  const call = useCall();
  const calls: ImportCalls = {
    stage: (stage) => call(METHOD.ITEMS_IMPORT_STAGE, stage),
    run: (run) => call(METHOD.ITEMS_IMPORT_RUN, run),
  };
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const [skip, setSkip] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const good = useMemo(() => goodProducts(plan), [plan]);
  // A first import counts at the first location; into a room with items, stock is left as it is unless chosen.
  const { locations } = useLocations();
  const itemsHere = useFind(COLLECTION.ITEMS, isItemDoc).length;
  const big = useRoomSize() === "big";
  const emptyRoom = itemsHere === 0 && !big;
  const [stock, setStock] = useState<StockChoice | null>(null);
  const firstPlace = locations.find((location) => !location.archived)?._id ?? null;
  const choice: StockChoice = stock ?? { quantityAt: emptyRoom ? firstPlace : null, unnamedToZero: false };
  const choose = (next: StockChoice) => {
    setStock(next);
    // What the check found was for the choice before.
    setCheck({ state: "idle" });
  };

  // Keyboard and screen-reader users land on what the check found, and on the import's outcome.
  useEffect(() => {
    if (check.state === "checked" || run?.state === "done") heading.current?.focus();
  }, [check.state, run?.state]);

  async function runCheck() {
    setCheck({ state: "checking", step: null });
    onBusy(true);
    try {
      const importId = await sendProducts(calls, good, (done, total) =>
        setCheck({ state: "checking", step: { phase: "sending", done, total } }),
      );
      const jobId = randomId();
      setCheck({ state: "checking", step: { phase: "server", jobId, total: rowsOf(good) } });
      const result = await calls.run({ importId, jobId, dryRun: true, ...choice });
      if (result.error !== undefined) throw new Error(result.error);
      const serverProblems = inFileColumns(result.report.problems, columnOf);
      setCheck({
        state: "checked",
        report: result.report,
        problems: [...plan.problems, ...serverProblems].sort(byRow),
        products: goodProducts(plan, serverProblems),
        importId,
        sent: good.length,
      });
    } catch (error) {
      setCheck({ state: "failed", message: errorMessage(error) });
    } finally {
      onBusy(false);
    }
  }

  async function runAll(checked: Extract<Check, { state: "checked" }>) {
    onBusy(true);
    const { products } = checked;
    const total = rowsOf(products);
    let outcome: ImportOutcome;
    try {
      // The products the check sent, unless rows with problems are skipped: then only those that go in.
      const importId =
        products.length === checked.sent
          ? checked.importId
          : await sendProducts(calls, products, (done) =>
              setRun({ state: "running", step: { phase: "sending", done, total } }),
            );
      const jobId = randomId();
      setRun({ state: "running", step: { phase: "server", jobId, total } });
      outcome = outcomeOf(await calls.run({ importId, jobId, dryRun: false, ...choice }));
    } catch (error) {
      outcome = { report: emptyImportReport(), sentRows: 0, totalRows: total, error };
    }
    setRun({ state: "done", outcome });
    onBusy(false);
  }

  if (run?.state === "running") return <ImportProgress step={run.step} verb="Importing" />;
  if (run?.state === "done") {
    const { outcome } = run;
    const problems = inFileColumns(outcome.report.problems, columnOf).sort(byRow);
    return (
      <div className="import-actions">
        <ImportSummary
          ref={heading}
          heading={outcome.error ? "Import stopped" : "Import finished"}
          report={outcome.report}
          problems={problems}
          locationsWord="Locations added"
        />
        {outcome.error !== undefined && (
          <p className="error" role="alert">
            {stoppedText(outcome.sentRows, outcome.totalRows, errorMessage(outcome.error))}
          </p>
        )}
        <ImportPhotos />
        <div className="form-actions">
          <Button variant="secondary" onClick={onAnother}>
            Import another file
          </Button>
        </div>
      </div>
    );
  }

  const checked = check.state === "checked" ? check : null;
  const photoCount = checked ? checked.products.reduce((sum, product) => sum + (product.images?.length ?? 0), 0) : 0;
  const problemRows = checked ? problemRowCount(checked.problems) : 0;
  // Cells left empty keep nobody out: only the other problems ask to skip rows.
  const refusing = checked ? blockingProblems(checked.problems).length : 0;
  const sending = new Set(checked?.products.map((product) => product.handle));
  const leftOut =
    plan.drafts.filter((draft) => !sending.has(draft.product.handle)).reduce((sum, d) => sum + d.rows.length, 0) +
    plan.looseRows.length;
  const blocked = !checked || checked.products.length === 0 || (refusing > 0 && !skip);
  return (
    <div className="import-actions">
      <p>
        {productsText(plan.drafts.length)} in {rowsText(plan.rowCount)}.
      </p>
      <StockChoiceForm
        products={good}
        shopifyProducts={format === "shopify"}
        choice={choice}
        onChange={choose}
        disabled={check.state === "checking"}
      />
      <div className="form-actions">
        <Button variant={checked ? "secondary" : "primary"} onClick={runCheck} disabled={check.state === "checking"}>
          {check.state === "checking" ? "Checking…" : "Check import"}
        </Button>
      </div>
      {check.state === "checking" && check.step && <ImportProgress step={check.step} verb="Checking" />}
      {check.state === "failed" && (
        <p className="error" role="alert">
          The check could not be made: {check.message}
        </p>
      )}
      {checked && (
        <>
          <ImportSummary
            ref={heading}
            heading="What the import will do"
            report={checked.report}
            problems={checked.problems}
            locationsWord="Locations to add"
          />
          {photoCount > 0 && (
            <p data-testid="import-photo-count">
              {photoCount === 1 ? "1 photo" : `${photoCount.toLocaleString("en")} photos`} named by address will be
              brought into the room after the import, with a bar to show how far.
            </p>
          )}
          {refusing > 0 && (
            <div className="import-skip">
              <label>
                <input type="checkbox" checked={skip} onChange={(event) => setSkip(event.target.checked)} /> Skip the{" "}
                {rowsText(problemRows)} with problems
              </label>
              {leftOut > problemRows && (
                <p className="muted">A product with a problem is left out whole: {rowsText(leftOut)} in all.</p>
              )}
            </div>
          )}
          <div className="form-actions">
            <Button onClick={() => void runAll(checked)} disabled={blocked}>
              Import {productsText(checked.products.length)}
            </Button>
            {refusing > 0 && !skip && (
              <span className="muted">Fix the file and choose it again, or skip the rows with problems.</span>
            )}
          </div>
        </>
      )}
    </div>
  );
}
