/**
 * The room's live figures (docs/product.md §3): counts and stock value by status,
 * items added per day, orders and revenue per day, top products and
 * customers. The RoomDO keeps the figures; this draws them as they change,
 * as bar charts with tooltips (BarChart.tsx). Loaded lazily with the tab.
 */
import type { ReactNode } from "react";
import { useMemo } from "react";
import {
  COLLECTION,
  DASHBOARD_DAYS,
  type DashboardDoc,
  ITEM_STATUSES,
  type ItemStatus,
  PUBLICATION,
} from "../../protocol/api";
import { statusName } from "../catalogue/StatusMenu";
import { type LiveDoc, useFind } from "../live";
import { useSubscription } from "../live-api";
import { formatPrice } from "../money";
import { Table, type TableColumn } from "../ui/Table";
import { type Bar, BarChart } from "./BarChart";
import "./dashboard.css";
import { BelowZeroCard } from "./BelowZeroCard";
import { DashboardSkeleton } from "./DashboardSkeleton";
import { LowStockCard } from "./LowStockCard";
import { byLocalDay, dateOfDay, lastLocalDays } from "./local-days";
import { StockWorthCard } from "./StockWorthCard";

const isSummary = (doc: LiveDoc): doc is LiveDoc & DashboardDoc => doc._id === "summary";
/** Every how many days an axis label is written under a 30-day chart (all are in the tooltips). */
const DAY_LABEL_EVERY = 5;

const dayFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });
const dayName = (day: string) => dayFormat.format(dateOfDay(day));
const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
const statusColor = (status: ItemStatus) => `var(--status-${status}-fg)`;
const STATUS_COLUMNS: TableColumn[] = [
  { key: "status", header: "Status" },
  { key: "items", header: "Items", numeric: true },
  { key: "value", header: "Stock value", numeric: true },
];

/** A day's revenue, one sum per currency (a day has several quarter hours). */
function revenueByCurrency(rows: readonly { currency: string; revenueCents: number }[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.revenueCents);
  return sums;
}

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
  if (!summary) return <DashboardSkeleton />;
  return <Figures summary={summary} />;
}

function Figures({ summary }: { summary: DashboardDoc }) {
  const total = summary.byStatus.reduce((sum, row) => sum + row.count, 0);
  const valueByCurrency = new Map<string, number>();
  for (const row of summary.stockValue) {
    if (row.status === "sold" || row.status === "archived") continue;
    valueByCurrency.set(row.currency, (valueByCurrency.get(row.currency) ?? 0) + row.valueCents);
  }
  // This screen's own days: the figures come by the quarter hour (local-days.ts).
  const days = useMemo(() => lastLocalDays(new Date(), DASHBOARD_DAYS), []);
  const addedByDay = useMemo(() => byLocalDay(summary.itemsAdded), [summary.itemsAdded]);
  const ordersByDay = useMemo(() => byLocalDay(summary.ordersPlaced), [summary.ordersPlaced]);
  const orderCount = days.reduce(
    (sum, day) => sum + (ordersByDay.get(day) ?? []).reduce((n, row) => n + row.orders, 0),
    0,
  );

  const statusBars = useMemo<Bar[]>(
    () =>
      ITEM_STATUSES.map((status) => {
        const count = summary.byStatus.find((row) => row.status === status)?.count ?? 0;
        return {
          key: status,
          axisLabel: statusName(status),
          value: count,
          description: `${statusName(status)}: ${plural(count, "item", "items")}`,
          color: statusColor(status),
        };
      }),
    [summary.byStatus],
  );

  const addedBars = useMemo<Bar[]>(
    () =>
      days.map((day, index) => {
        const count = (addedByDay.get(day) ?? []).reduce((n, row) => n + row.count, 0);
        return {
          key: day,
          axisLabel: dayAxisLabel(days, index),
          value: count,
          description: `${dayName(day)}: ${plural(count, "item", "items")} added`,
        };
      }),
    [days, addedByDay],
  );

  const orderBars = useMemo<Bar[]>(
    () =>
      days.map((day, index) => {
        const rows = ordersByDay.get(day) ?? [];
        const orders = rows.reduce((n, row) => n + row.orders, 0);
        const revenue = [...revenueByCurrency(rows)]
          .map(([currency, cents]) => formatPrice(cents, currency))
          .join(" + ");
        return {
          key: day,
          axisLabel: dayAxisLabel(days, index),
          value: orders,
          description: `${dayName(day)}: ${plural(orders, "order", "orders")}${revenue ? `, ${revenue}` : ""}`,
          color: "var(--color-info)",
        };
      }),
    [days, ordersByDay],
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
        <div className="card tile" data-testid="tile-low-stock">
          <span className="muted">Low on stock</span>
          <strong>{summary.lowStock?.count ?? 0}</strong>
        </div>
      </div>

      <BelowZeroCard belowZero={summary.belowZero} />
      <LowStockCard lowStock={summary.lowStock} />
      <StockWorthCard worth={summary.worth} />

      <div className="card">
        <h2>Items by status</h2>
        {total === 0 ? (
          <ChartEmpty>No items yet. Add some in the Catalogue and they are counted here at once.</ChartEmpty>
        ) : (
          <BarChart label="Items by status" bars={statusBars} />
        )}
        <Table
          label="Items and stock value by status"
          testId="status-table"
          columns={STATUS_COLUMNS}
          rows={ITEM_STATUSES.map((status) => ({
            key: status,
            cells: {
              status: statusName(status),
              items: summary.byStatus.find((row) => row.status === status)?.count ?? 0,
              value:
                summary.stockValue
                  .filter((row) => row.status === status)
                  .map((row) => formatPrice(row.valueCents, row.currency))
                  .join(" · ") || "—",
            },
          }))}
        />
      </div>

      <div className="card">
        <h2>Items added per day</h2>
        {total === 0 ? (
          <ChartEmpty>Nothing added in the last {DASHBOARD_DAYS} days.</ChartEmpty>
        ) : (
          <BarChart label={`Items added per day, last ${DASHBOARD_DAYS} days`} bars={addedBars} />
        )}
      </div>

      <div className="card">
        <h2>Orders and revenue per day</h2>
        {orderCount === 0 ? (
          <p className="muted empty-state">No orders in the last {DASHBOARD_DAYS} days yet.</p>
        ) : (
          <BarChart label={`Orders and revenue per day, last ${DASHBOARD_DAYS} days`} bars={orderBars} />
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

/** Every DAY_LABEL_EVERY-th day, counted back from today, is written on the axis. */
function dayAxisLabel(days: readonly string[], index: number): string {
  return (days.length - 1 - index) % DAY_LABEL_EVERY === 0 ? dayName(days[index] as string) : "";
}

/** Where a chart would be, the same height, so the first item's arrival moves nothing below. */
function ChartEmpty({ children }: { children: ReactNode }) {
  return <p className="muted empty-state chart-empty">{children}</p>;
}
