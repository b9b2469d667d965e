/**
 * The room's live figures (SPEC A3): counts and stock value by status,
 * items added per day, orders and revenue per day, top products and
 * customers. The RoomDO keeps the figures; this draws them as they change.
 * Loaded lazily, so uPlot is only downloaded by people who open it.
 */
import { type ReactNode, useMemo } from "react";
import uPlot from "uplot";
import { COLLECTION, DASHBOARD_DAYS, type DashboardDoc, ITEM_STATUSES, PUBLICATION } from "../../protocol/api";
import { type LiveDoc, useFind, useSubscription } from "../live";
import { formatPrice } from "../money";
import { Chart } from "./Chart";

const isSummary = (doc: LiveDoc): doc is LiveDoc & DashboardDoc => doc._id === "summary";
const DAY_MS = 24 * 3600_000;

/** The last DASHBOARD_DAYS UTC days, oldest first, as `YYYY-MM-DD`. */
function lastDays(now: number): string[] {
  return Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date(now - (DASHBOARD_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

export default function DashboardPanel() {
  const subscription = useSubscription(PUBLICATION.DASHBOARD);
  const [summary] = useFind(COLLECTION.DASHBOARD, isSummary);

  if (subscription.error) {
    return (
      <section className="card empty-state" aria-label="Dashboard">
        <p role="alert">The dashboard could not be loaded: {subscription.error.reason}</p>
      </section>
    );
  }
  if (!summary) {
    return (
      <section className="card dashboard" aria-label="Dashboard" aria-busy="true">
        <p className="muted">Counting the room's figures…</p>
      </section>
    );
  }
  return <Figures summary={summary} />;
}

function Figures({ summary }: { summary: DashboardDoc }) {
  const total = summary.byStatus.reduce((sum, row) => sum + row.count, 0);
  const valueByCurrency = new Map<string, number>();
  for (const row of summary.stockValue) {
    if (row.status === "sold" || row.status === "archived") continue;
    valueByCurrency.set(row.currency, (valueByCurrency.get(row.currency) ?? 0) + row.valueCents);
  }
  const days = useMemo(() => lastDays(Date.now()), []);
  // A new array each render, but the same currencies: keyed by their names so the chart is not remade.
  const currencyKey = [...new Set(summary.ordersPerDay.map((row) => row.currency))].sort().join(",");
  const revenueCurrencies = useMemo(() => (currencyKey ? currencyKey.split(",") : []), [currencyKey]);
  const orderCount = summary.ordersPerDay.reduce((sum, row) => sum + row.orders, 0);

  const statusOptions = useMemo<Omit<uPlot.Options, "width" | "height">>(
    () => ({
      scales: { x: { time: false } },
      axes: [{ values: (_u, ticks) => ticks.map((t) => ITEM_STATUSES[t] ?? "") }, {}],
      series: [
        {},
        {
          label: "Items",
          fill: "rgba(37, 99, 235, 0.35)",
          stroke: "#2563eb",
          paths: uPlot.paths.bars?.({ size: [0.6, 80] }),
        },
      ],
      legend: { show: false },
    }),
    [],
  );
  const statusData = useMemo<uPlot.AlignedData>(
    () => [
      ITEM_STATUSES.map((_, i) => i),
      ITEM_STATUSES.map((status) => summary.byStatus.find((row) => row.status === status)?.count ?? 0),
    ],
    [summary.byStatus],
  );

  const addedOptions = useMemo<Omit<uPlot.Options, "width" | "height">>(
    () => ({ series: [{}, { label: "Items added", stroke: "#059669", fill: "rgba(5, 150, 105, 0.2)" }] }),
    [],
  );
  const addedData = useMemo<uPlot.AlignedData>(
    () => [days.map(seconds), days.map((day) => summary.itemsPerDay.find((row) => row.day === day)?.count ?? 0)],
    [days, summary.itemsPerDay],
  );

  const revenueOptions = useMemo<Omit<uPlot.Options, "width" | "height">>(
    () => ({
      series: [
        {},
        { label: "Orders", stroke: "#7c3aed", scale: "orders" },
        ...revenueCurrencies.map((currency) => ({
          label: `Revenue (${currency})`,
          stroke: "#d97706",
          scale: "money",
          value: (_u: uPlot, v: number | null) => (v === null ? "–" : formatPrice(v * 100, currency)),
        })),
      ],
      axes: [{}, { scale: "orders" }, { scale: "money", side: 1, grid: { show: false } }],
    }),
    [revenueCurrencies],
  );
  const revenueData = useMemo<uPlot.AlignedData>(
    () => [
      days.map(seconds),
      days.map((day) => summary.ordersPerDay.filter((row) => row.day === day).reduce((n, row) => n + row.orders, 0)),
      ...revenueCurrencies.map((currency) =>
        days.map(
          (day) =>
            (summary.ordersPerDay.find((row) => row.day === day && row.currency === currency)?.revenueCents ?? 0) / 100,
        ),
      ),
    ],
    [days, summary.ordersPerDay, revenueCurrencies],
  );

  return (
    <section className="dashboard" aria-label="Dashboard">
      <div className="tiles">
        <div className="card tile" data-testid="tile-items">
          <span className="muted">Items</span>
          <strong>{total}</strong>
        </div>
        <div className="card tile" data-testid="tile-stock-value">
          <span className="muted">Stock value (not sold)</span>
          <strong>
            {valueByCurrency.size === 0
              ? "—"
              : [...valueByCurrency].map(([currency, cents]) => formatPrice(cents, currency)).join(" · ")}
          </strong>
        </div>
        <div className="card tile" data-testid="tile-orders">
          <span className="muted">Orders, last {DASHBOARD_DAYS} days</span>
          <strong>{orderCount}</strong>
        </div>
      </div>

      <div className="card">
        <h2>Items by status</h2>
        {total === 0 ? (
          <ChartEmpty>No items yet. Add some in the Catalogue and they are counted here at once.</ChartEmpty>
        ) : (
          <Chart label="Items by status" options={statusOptions} data={statusData} />
        )}
        <table className="figures" data-testid="status-table">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Items</th>
              <th scope="col">Stock value</th>
            </tr>
          </thead>
          <tbody>
            {ITEM_STATUSES.map((status) => (
              <tr key={status}>
                <th scope="row">{status}</th>
                <td>{summary.byStatus.find((row) => row.status === status)?.count ?? 0}</td>
                <td>
                  {summary.stockValue
                    .filter((row) => row.status === status)
                    .map((row) => formatPrice(row.valueCents, row.currency))
                    .join(" · ") || "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="card">
        <h2>Items added per day</h2>
        {total === 0 ? (
          <ChartEmpty>Nothing added in the last {DASHBOARD_DAYS} days.</ChartEmpty>
        ) : (
          <Chart label={`Items added per day, last ${DASHBOARD_DAYS} days`} options={addedOptions} data={addedData} />
        )}
      </div>

      <div className="card">
        <h2>Orders and revenue per day</h2>
        {orderCount === 0 ? (
          <p className="muted empty-state">No orders in the last {DASHBOARD_DAYS} days yet.</p>
        ) : (
          <Chart
            key={currencyKey}
            label={`Orders and revenue per day, last ${DASHBOARD_DAYS} days`}
            options={revenueOptions}
            data={revenueData}
          />
        )}
      </div>

      <div className="dashboard-tops">
        <TopList
          title="Top products"
          empty="No products sold yet."
          rows={summary.topProducts.map((row) => ({
            key: `${row.productKey}|${row.currency}`,
            name: row.title || row.productKey,
            detail: `${row.quantity} sold`,
            amount: formatPrice(row.revenueCents, row.currency),
          }))}
        />
        <TopList
          title="Top customers"
          empty="No customers yet."
          rows={summary.topCustomers.map((row) => ({
            key: `${row.customerKey}|${row.currency}`,
            name: row.name,
            detail: `${row.orders} order${row.orders === 1 ? "" : "s"}`,
            amount: formatPrice(row.revenueCents, row.currency),
          }))}
        />
      </div>
    </section>
  );
}

interface TopRow {
  key: string;
  name: string;
  detail: string;
  amount: string;
}

function TopList({ title, empty, rows }: { title: string; empty: string; rows: TopRow[] }) {
  return (
    <div className="card">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="top-list">
          {rows.map((row) => (
            <li key={row.key}>
              <span>{row.name}</span>
              <span className="muted">{row.detail}</span>
              <strong>{row.amount}</strong>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Where a chart would be, the same height, so the first item's arrival moves nothing below. */
function ChartEmpty({ children }: { children: ReactNode }) {
  return <p className="muted empty-state chart-empty">{children}</p>;
}
