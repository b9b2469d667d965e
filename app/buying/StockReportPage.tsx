/**
 * The stock report (docs/buying.md): for a chosen period, the movements by
 * reason — units in and out, their value at cost, what sales were for —
 * and the slow movers, what sits in stock and did not sell, the costliest
 * first. Each table downloads as CSV. Opened from the dashboard.
 */
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { METHOD, MOVEMENT_REASON_LABELS } from "../../protocol/api";
import { csvLine } from "../../protocol/csv";
import type { StockReport } from "../../protocol/report-args";
import { downloadCsv } from "../catalogue/catalogue-csv";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { formatPrice } from "../money";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Table } from "../ui/Table";

const PERIODS = [
  { key: "7", label: "Last 7 days", days: 7 },
  { key: "30", label: "Last 30 days", days: 30 },
  { key: "90", label: "Last 90 days", days: 90 },
  { key: "365", label: "Last 365 days", days: 365 },
] as const;

/** From the start of the day `days − 1` days ago, in this screen's time zone (a clock change between counts as a day), to now. */
function lastDays(days: number): { from: number; to: number } {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (days - 1));
  return { from: start.getTime(), to: Date.now() + 1 };
}

/** An amount as a CSV cell: a number (a spreadsheet sums it; a negative one is not taken for a formula). */
const amount = (cents: number) => cents / 100;

export function StockReportPage({ roomId }: { roomId: string }) {
  const call = useCall();
  const [period, setPeriod] = useState<string>("30");
  const [report, setReport] = useState<StockReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const days = PERIODS.find((each) => each.key === period)?.days ?? 30;
    let gone = false;
    setError(null);
    call(METHOD.REPORTS_STOCK, lastDays(days)).then(
      (answer) => {
        if (!gone) setReport(answer);
      },
      (caught: unknown) => {
        if (!gone) setError(errorMessage(caught));
      },
    );
    return () => {
      gone = true;
    };
  }, [call, period]);

  const price = (cents: number) => formatPrice(cents, report?.currency ?? "USD");
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const named = report ? `${day(report.from)}-to-${day(report.to)}` : "";

  function movementsCsv() {
    if (!report) return;
    const header = csvLine([
      "Reason",
      "Movements",
      "Units in",
      "Units out",
      "Value at cost",
      "Sales",
      "Units without cost",
    ]);
    const rows = report.reasons.map((line) =>
      csvLine([
        MOVEMENT_REASON_LABELS[line.reason],
        line.movements,
        line.unitsIn,
        line.unitsOut,
        amount(line.costCents),
        amount(line.saleCents),
        line.uncostedUnits,
      ]),
    );
    downloadCsv(header + rows.join(""), `stock-movements-${named}.csv`);
  }
  function slowMoversCsv() {
    if (!report) return;
    const header = csvLine(["Item", "SKU", "Units", "At cost", "Last sold"]);
    const rows = report.slowMovers.map((mover) =>
      csvLine([
        mover.title,
        mover.sku,
        mover.units,
        mover.costCents === null ? "" : amount(mover.costCents),
        mover.lastSoldAt ? mover.lastSoldAt.toISOString() : "",
      ]),
    );
    downloadCsv(header + rows.join(""), `slow-movers-${named}.csv`);
  }

  return (
    <div className="orders-page stock-report">
      <p>
        <Link href={`/rooms/${roomId}/dashboard`}>← Dashboard</Link>
      </p>
      <section className="card" aria-labelledby="report-heading">
        <h2 id="report-heading">Stock report</h2>
        <Field label="Period">
          {(props) => (
            <select {...props} value={period} onChange={(event) => setPeriod(event.target.value)}>
              {PERIODS.map((each) => (
                <option key={each.key} value={each.key}>
                  {each.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {!report && !error && <p className="muted">Reading the ledger…</p>}
      </section>
      {report && (
        <>
          <section className="card" aria-labelledby="movements-heading">
            <h2 id="movements-heading">Movements by reason</h2>
            {report.reasons.length === 0 ? (
              <p className="muted" data-testid="no-movements">
                Nothing moved in this period.
              </p>
            ) : (
              <Table
                label="Movements by reason"
                testId="report-reasons"
                columns={[
                  { key: "reason", header: "Reason" },
                  { key: "in", header: "Units in", numeric: true },
                  { key: "out", header: "Units out", numeric: true },
                  { key: "cost", header: "Value at cost", numeric: true },
                  { key: "sales", header: "Sales", numeric: true },
                ]}
                rows={report.reasons.map((line) => ({
                  key: line.reason,
                  cells: {
                    reason: MOVEMENT_REASON_LABELS[line.reason],
                    in: line.unitsIn.toLocaleString(),
                    out: line.unitsOut.toLocaleString(),
                    cost: price(line.costCents),
                    sales: line.saleCents ? price(line.saleCents) : "—",
                  },
                }))}
              />
            )}
            <div className="order-actions">
              <Button variant="secondary" onClick={movementsCsv} disabled={report.reasons.length === 0}>
                Download movements CSV
              </Button>
            </div>
          </section>
          <section className="card" aria-labelledby="slow-heading">
            <h2 id="slow-heading">Slow movers</h2>
            <p className="muted">
              {report.slowMoverCount === 0
                ? "Everything in stock sold in this period."
                : `${report.slowMoverCount.toLocaleString()} variant${report.slowMoverCount === 1 ? "" : "s"} in stock sold none in this period${report.slowMoverCount > report.slowMovers.length ? `; the ${report.slowMovers.length} worth most at cost` : ""}.`}
            </p>
            {report.slowMovers.length > 0 && (
              <Table
                label="Slow movers"
                testId="slow-movers"
                columns={[
                  { key: "item", header: "Item" },
                  { key: "sku", header: "SKU" },
                  { key: "units", header: "Units", numeric: true },
                  { key: "cost", header: "At cost", numeric: true },
                  { key: "sold", header: "Last sold" },
                ]}
                rows={report.slowMovers.map((mover) => ({
                  key: mover.variantId,
                  cells: {
                    item: <Link href={`/rooms/${roomId}/items/${mover.itemId}`}>{mover.title}</Link>,
                    sku: <span className="mono">{mover.sku}</span>,
                    units: mover.units.toLocaleString(),
                    cost: mover.costCents === null ? "—" : price(mover.costCents),
                    sold: mover.lastSoldAt ? mover.lastSoldAt.toLocaleDateString() : "Never",
                  },
                }))}
              />
            )}
            <div className="order-actions">
              <Button variant="secondary" onClick={slowMoversCsv} disabled={report.slowMovers.length === 0}>
                Download slow movers CSV
              </Button>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
