/**
 * The dashboard's aggregates of one room, kept in the RoomDO's SQLite
 * (this object is the only writer of its room's items and orders, so it
 * sees every change). `apply` counts one change from its contributions —
 * a few indexed upserts whatever the room's size — and `summary` reads only
 * bounded slices (a few statuses, the last days, the top entries by an
 * index). `rebuild` is the full recompute: used once for a room whose
 * aggregates were never built, and by tests and benchmarks as the reference.
 */
import { DASHBOARD_DAYS, DASHBOARD_TOP, type DashboardDoc, ITEM_STATUSES, type ItemStatus } from "../../protocol/api";
import {
  AGGREGATE_TABLES,
  type AggregateTable,
  type Contribution,
  type CountedItem,
  type CountedOrder,
  dayOf,
  itemContributions,
  orderContributions,
} from "./contributions";

const DAY_MS = 24 * 3600_000;

type Row = Record<string, SqlStorageValue>;

export class RoomAggregates {
  constructor(
    private readonly sql: SqlStorage,
    /** Table-name prefix: lets a second, independent set live beside the first (tests, benchmarks). */
    private readonly prefix = "dash_",
  ) {
    for (const [name, table] of Object.entries(AGGREGATE_TABLES)) {
      const label = "label" in table ? `, ${table.label} TEXT NOT NULL DEFAULT ''` : "";
      const keys = table.keys.map((k) => `${k} TEXT NOT NULL`).join(", ");
      const values = table.values.map((v) => `${v} INTEGER NOT NULL DEFAULT 0`).join(", ");
      this.sql.exec(
        `CREATE TABLE IF NOT EXISTS ${this.table(name as AggregateTable)} (${keys}, ${values}${label}, PRIMARY KEY (${table.keys.join(", ")}))`,
      );
      if ((table.values as readonly string[]).includes("revenue_cents")) {
        this.sql.exec(
          `CREATE INDEX IF NOT EXISTS ${this.table(name as AggregateTable)}_top ON ${this.table(name as AggregateTable)} (revenue_cents DESC, ${table.keys.join(", ")})`,
        );
      }
    }
    this.sql.exec(`CREATE TABLE IF NOT EXISTS ${this.prefix}meta (built INTEGER NOT NULL)`);
  }

  get built(): boolean {
    return this.sql.exec(`SELECT built FROM ${this.prefix}meta`).toArray().length > 0;
  }

  /** Counts one change: the old version's contributions out, the new one's in. */
  applyItem(previous: CountedItem | null, next: CountedItem | null): void {
    if (previous) this.add(itemContributions(previous), -1);
    if (next) this.add(itemContributions(next), 1);
  }

  applyOrder(previous: CountedOrder | null, next: CountedOrder | null): void {
    if (previous) this.add(orderContributions(previous), -1);
    if (next) this.add(orderContributions(next), 1);
  }

  /** The full recompute: forgets everything and counts every row again. */
  rebuild(items: Iterable<CountedItem>, orders: Iterable<CountedOrder>): void {
    for (const name of Object.keys(AGGREGATE_TABLES))
      this.sql.exec(`DELETE FROM ${this.table(name as AggregateTable)}`);
    for (const item of items) this.add(itemContributions(item), 1);
    for (const order of orders) this.add(orderContributions(order), 1);
    this.sql.exec(`DELETE FROM ${this.prefix}meta`);
    this.sql.exec(`INSERT INTO ${this.prefix}meta (built) VALUES (1)`);
  }

  /** Forgets that the aggregates were built (the next reader rebuilds them). */
  invalidate(): void {
    this.sql.exec(`DELETE FROM ${this.prefix}meta`);
  }

  summary(now: number): DashboardDoc {
    const since = dayOf(new Date(now - (DASHBOARD_DAYS - 1) * DAY_MS));
    const statusOrder = (status: SqlStorageValue | undefined) => ITEM_STATUSES.indexOf(status as ItemStatus);
    const rows = (query: string, ...bindings: SqlStorageValue[]) => this.sql.exec<Row>(query, ...bindings).toArray();
    return {
      _id: "summary",
      byStatus: rows(`SELECT status, count FROM ${this.table("status")}`)
        .sort((a, b) => statusOrder(a.status) - statusOrder(b.status))
        .map((r) => ({ status: r.status as ItemStatus, count: Number(r.count) })),
      stockValue: rows(`SELECT status, currency, value_cents FROM ${this.table("value")} ORDER BY currency`)
        .sort((a, b) => statusOrder(a.status) - statusOrder(b.status))
        .map((r) => ({
          status: r.status as ItemStatus,
          currency: String(r.currency),
          valueCents: Number(r.value_cents),
        })),
      itemsPerDay: rows(`SELECT day, count FROM ${this.table("items_day")} WHERE day >= ? ORDER BY day`, since).map(
        (r) => ({ day: String(r.day), count: Number(r.count) }),
      ),
      ordersPerDay: rows(
        `SELECT day, currency, orders, revenue_cents FROM ${this.table("orders_day")} WHERE day >= ? ORDER BY day, currency`,
        since,
      ).map((r) => ({
        day: String(r.day),
        currency: String(r.currency),
        orders: Number(r.orders),
        revenueCents: Number(r.revenue_cents),
      })),
      topProducts: rows(
        `SELECT product_key, currency, quantity, revenue_cents, title FROM ${this.table("products")} ORDER BY revenue_cents DESC, product_key, currency LIMIT ?`,
        DASHBOARD_TOP,
      ).map((r) => ({
        productKey: String(r.product_key),
        title: String(r.title),
        currency: String(r.currency),
        quantity: Number(r.quantity),
        revenueCents: Number(r.revenue_cents),
      })),
      topCustomers: rows(
        `SELECT customer_key, currency, orders, revenue_cents, name FROM ${this.table("customers")} ORDER BY revenue_cents DESC, customer_key, currency LIMIT ?`,
        DASHBOARD_TOP,
      ).map((r) => ({
        customerKey: String(r.customer_key),
        name: String(r.name),
        currency: String(r.currency),
        orders: Number(r.orders),
        revenueCents: Number(r.revenue_cents),
      })),
    };
  }

  private table(name: AggregateTable): string {
    return `${this.prefix}${name}`;
  }

  private add(contributions: Contribution[], sign: 1 | -1): void {
    for (const { table: name, key, values, label } of contributions) {
      const table = AGGREGATE_TABLES[name];
      const keys = table.keys as readonly string[];
      const columns = table.values as readonly string[];
      const labelColumn = "label" in table ? table.label : null;
      const insertColumns = [...keys, ...columns, ...(labelColumn ? [labelColumn] : [])];
      const sums = columns.map((c) => `${c} = ${c} + excluded.${c}`);
      // Taking a row out keeps its label; counting one in gives the latest.
      if (labelColumn && sign > 0) sums.push(`${labelColumn} = excluded.${labelColumn}`);
      this.sql.exec(
        `INSERT INTO ${this.table(name)} (${insertColumns.join(", ")}) VALUES (${insertColumns.map(() => "?").join(", ")})
         ON CONFLICT (${keys.join(", ")}) DO UPDATE SET ${sums.join(", ")}`,
        ...key,
        ...values.map((value) => value * sign),
        ...(labelColumn ? [label ?? ""] : []),
      );
      // A row that counts nothing any more goes, so the tables only hold what exists.
      this.sql.exec(
        `DELETE FROM ${this.table(name)} WHERE ${keys.map((k) => `${k} = ?`).join(" AND ")} AND ${columns.map((c) => `${c} = 0`).join(" AND ")}`,
        ...key,
      );
    }
  }
}
