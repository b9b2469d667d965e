/**
 * The dashboard's aggregates of one room, kept in the RoomDO's SQLite
 * (this object is the only writer of its room's items and orders, so it
 * sees every change). `apply` counts one change from its contributions —
 * a few indexed upserts whatever the room's size — and `summary` reads only
 * bounded slices (a few statuses, the last days, the top entries by an
 * index). `rebuild` is the full recompute: used once for a room whose
 * aggregates were never built, and by tests and benchmarks as the reference.
 */
import {
  DASHBOARD_DAYS,
  DASHBOARD_TOP,
  type DashboardDoc,
  ITEM_STATUSES,
  type ItemStatus,
  type StockWorth,
  type WorthFigures,
} from "../../protocol/api";
import {
  AGGREGATE_TABLES,
  type AggregateTable,
  type AggregateTableShape,
  type Contribution,
  type CountedItem,
  type CountedOrder,
  itemContributions,
  orderContributions,
  quarterOf,
} from "./contributions";

const DAY_MS = 24 * 3600_000;
/** The prefix of the room's own aggregate tables. */
export const ROOM_PREFIX = "dash_";

type Row = Record<string, SqlStorageValue>;

interface TableStatements {
  /** Adds a contribution (label taken from it) / takes one out (label kept). */
  add: string;
  remove: string;
  /** Drops the row once it counts nothing, so the tables only hold what exists. */
  dropEmpty: string;
  hasLabel: boolean;
}

/**
 * The name of the built-once marker table (version 3 counts low stock by the lines the card lists, and
 * variants below zero; version 4 what stock is worth at cost): a room built before builds once again.
 */
const metaOf = (prefix: string) => `${prefix}meta_v4`;

/**
 * Makes a set of aggregate tables under `prefix`, as the definitions
 * describe them. The room's own set ("dash_") comes from its migrations
 * (0013_tables_made_at_start.sql, held equal to this by
 * tests/worker/dashboard.test.ts); tests and benchmarks make sets of their own.
 */
export function createAggregateTables(sql: SqlStorage, prefix: string): void {
  for (const [name, table] of Object.entries(AGGREGATE_TABLES) as [AggregateTable, AggregateTableShape][]) {
    const tableName = `${prefix}${name}`;
    const keys = table.keys.join(", ");
    const columnDefs = [
      ...table.keys.map((k) => `${k} TEXT NOT NULL`),
      ...table.values.map((v) => `${v} INTEGER NOT NULL DEFAULT 0`),
      ...(table.label ? [`${table.label} TEXT NOT NULL DEFAULT ''`] : []),
    ];
    sql.exec(`CREATE TABLE IF NOT EXISTS ${tableName} (${columnDefs.join(", ")}, PRIMARY KEY (${keys}))`);
    if (table.values.includes("revenue_cents")) {
      sql.exec(`CREATE INDEX IF NOT EXISTS ${tableName}_top ON ${tableName} (revenue_cents DESC, ${keys})`);
    }
  }
  sql.exec(`CREATE TABLE IF NOT EXISTS ${metaOf(prefix)} (built INTEGER NOT NULL)`);
}

export class RoomAggregates {
  private readonly statements = new Map<AggregateTable, TableStatements>();
  private isBuilt: boolean | undefined;
  /** The cut-off the quarter-hour tables were last pruned to (in memory: a wake-up prunes once). */
  private prunedBefore: string | undefined;

  constructor(
    private readonly sql: SqlStorage,
    /** Table-name prefix: a set made by createAggregateTables beside the room's own (tests, benchmarks). */
    private readonly prefix = ROOM_PREFIX,
  ) {
    for (const [name, table] of Object.entries(AGGREGATE_TABLES) as [AggregateTable, AggregateTableShape][]) {
      const tableName = this.table(name);
      const label = table.label;
      const keys = table.keys.join(", ");
      const columns = [...table.keys, ...table.values, ...(label ? [label] : [])];
      const sums = table.values.map((c) => `${c} = ${c} + excluded.${c}`);
      const upsert = (set: string[]) =>
        `INSERT INTO ${tableName} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) ON CONFLICT (${keys}) DO UPDATE SET ${set.join(", ")}`;
      this.statements.set(name, {
        add: upsert(label ? [...sums, `${label} = excluded.${label}`] : sums),
        remove: upsert(sums),
        dropEmpty: `DELETE FROM ${tableName} WHERE ${table.keys.map((k) => `${k} = ?`).join(" AND ")} AND ${table.values.map((c) => `${c} = 0`).join(" AND ")}`,
        hasLabel: label !== undefined,
      });
    }
  }

  private get meta(): string {
    return metaOf(this.prefix);
  }

  get built(): boolean {
    this.isBuilt ??= this.sql.exec(`SELECT built FROM ${this.meta}`).toArray().length > 0;
    return this.isBuilt;
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
    // Version 2 counts days by the quarter hour (it was by UTC day): a room built before has no
    // version-2 meta row, so it comes here once, and its version-1 tables go (not on every wake-up).
    for (const old of ["items_day", "orders_day", "meta", "meta_v2", "meta_v3"]) {
      this.sql.exec(`DROP TABLE IF EXISTS ${this.prefix}${old}`);
    }
    for (const name of Object.keys(AGGREGATE_TABLES))
      this.sql.exec(`DELETE FROM ${this.table(name as AggregateTable)}`);
    for (const item of items) this.add(itemContributions(item), 1);
    for (const order of orders) this.add(orderContributions(order), 1);
    this.sql.exec(`DELETE FROM ${this.meta}`);
    this.sql.exec(`INSERT INTO ${this.meta} (built) VALUES (1)`);
    this.isBuilt = true;
  }

  summary(now: number): DashboardDoc {
    // The last DASHBOARD_DAYS days in every time zone: one day more than in UTC's.
    const since = quarterOf(new Date(now - DASHBOARD_DAYS * DAY_MS));
    // Quarter hours before that are never shown again: they go, so the tables stay small. The
    // cut-off moves once a quarter hour, so that is when they are pruned, not on every change (a
    // row counted meanwhile for an older quarter — an old item removed — waits for the next
    // prune; the reads below never show it).
    if (since !== this.prunedBefore) {
      for (const table of ["items_quarter", "orders_quarter"] as const) {
        this.sql.exec(`DELETE FROM ${this.table(table)} WHERE at < ?`, since);
      }
      this.prunedBefore = since;
    }
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
      itemsAdded: rows(`SELECT at, count FROM ${this.table("items_quarter")} WHERE at >= ? ORDER BY at`, since).map(
        (r) => ({ at: String(r.at), count: Number(r.count) }),
      ),
      ordersPlaced: rows(
        `SELECT at, currency, orders, revenue_cents FROM ${this.table("orders_quarter")} WHERE at >= ? ORDER BY at, currency`,
        since,
      ).map((r) => ({
        at: String(r.at),
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
      lowStock: {
        count: Number(rows(`SELECT coalesce(sum(count), 0) AS n FROM ${this.table("low_stock")}`)[0]?.n ?? 0),
        items: rows(
          `SELECT item_id, title, quantity, reorder_point FROM ${this.table("low_stock")}
           ORDER BY reorder_point - quantity DESC, title LIMIT ?`,
          DASHBOARD_TOP,
        ).map((r) => ({
          itemId: String(r.item_id),
          title: String(r.title),
          quantity: Number(r.quantity),
          reorderPoint: Number(r.reorder_point),
        })),
      },
      worth: this.worth(),
      belowZero: {
        count: Number(rows(`SELECT count(*) AS n FROM ${this.table("below_zero")}`)[0]?.n ?? 0),
        items: rows(
          `SELECT item_id, variant_id, location_id, title, units FROM ${this.table("below_zero")}
           ORDER BY units, title LIMIT ?`,
          DASHBOARD_TOP,
        ).map((r) => ({
          itemId: String(r.item_id),
          variantId: String(r.variant_id),
          locationId: String(r.location_id),
          title: String(r.title),
          units: Number(r.units),
        })),
      },
    };
  }

  /** What stock is worth, per currency: in all, by location and by supplier (each group summed by SQL). */
  private worth(): StockWorth[] {
    const figures = (r: Row): WorthFigures => ({
      units: Number(r.units),
      costCents: Number(r.cost_cents),
      retailCents: Number(r.retail_cents),
      costedRetailCents: Number(r.costed_retail_cents),
      uncostedUnits: Number(r.uncosted_units),
    });
    const sums =
      "sum(units) AS units, sum(cost_cents) AS cost_cents, sum(retail_cents) AS retail_cents, sum(costed_retail_cents) AS costed_retail_cents, sum(uncosted_units) AS uncosted_units";
    const grouped = (by: string) =>
      this.sql
        .exec<Row>(`SELECT currency, ${by}, ${sums} FROM ${this.table("worth")} GROUP BY currency, ${by}`)
        .toArray();
    const totals = this.sql
      .exec<Row>(`SELECT currency, ${sums} FROM ${this.table("worth")} GROUP BY currency ORDER BY currency`)
      .toArray();
    const byLocation = grouped("location_id");
    const bySupplier = grouped("supplier_id");
    return totals.map((total) => ({
      currency: String(total.currency),
      ...figures(total),
      byLocation: byLocation
        .filter((r) => r.currency === total.currency)
        .map((r) => ({ locationId: String(r.location_id), ...figures(r) }))
        .sort((a, b) => b.costCents - a.costCents || b.units - a.units),
      bySupplier: bySupplier
        .filter((r) => r.currency === total.currency)
        .map((r) => ({ supplierId: String(r.supplier_id), ...figures(r) }))
        .sort((a, b) => b.costCents - a.costCents || b.units - a.units),
    }));
  }

  private table(name: AggregateTable): string {
    return `${this.prefix}${name}`;
  }

  private add(contributions: Contribution[], sign: 1 | -1): void {
    for (const { table, key, values, label } of contributions) {
      const statements = this.statements.get(table) as TableStatements;
      this.sql.exec(
        sign > 0 ? statements.add : statements.remove,
        ...key,
        ...values.map((value) => value * sign),
        ...(statements.hasLabel ? [label ?? ""] : []),
      );
      this.sql.exec(statements.dropEmpty, ...key);
    }
  }
}
