/**
 * The stock report (docs/buying.md): a period's movements by reason — units
 * in and out, at cost (each movement carries its unit value, so history is
 * never recomputed) and, for sales and returns, at what they sold for —
 * read through the ledger's time index; and the slow movers: variants
 * holding stock that sold none in the period, the costliest first. Finding
 * those reads the room's items a page at a time, outside any write, so a
 * report of a 100,000-item room never holds the room and never blocks an edit.
 */
import { type MovementReason, unitValue, variantName, variantsOf } from "../../protocol/api";
import {
  type ReasonLine,
  SLOW_MOVERS_SHOWN,
  type SlowMover,
  type StockReport,
  type StockReportQuery,
} from "../../protocol/report-args";
import { itemsAfter, toItemDoc } from "../db/room/items-repo";
import type { RoomHost } from "../rooms/room-host";
import { roomCurrency } from "./purchase-orders";

const PAGE = 1_000;

function reasonLines(host: RoomHost, query: StockReportQuery): ReasonLine[] {
  return host.roomDb.$client.sql
    .exec<{
      reason: string;
      movements: number;
      units_in: number;
      units_out: number;
      cost: number;
      sale: number;
      uncosted: number;
    }>(
      `SELECT reason, count(*) AS movements,
              sum(max(quantity, 0)) AS units_in, sum(max(-quantity, 0)) AS units_out,
              sum(quantity * coalesce(cost_cents, 0)) AS cost,
              sum(CASE WHEN reason IN ('sold', 'returned') THEN -quantity * coalesce(price_cents, 0) ELSE 0 END) AS sale,
              sum(CASE WHEN cost_cents IS NULL THEN abs(quantity) ELSE 0 END) AS uncosted
       FROM movements WHERE at >= ? AND at < ? GROUP BY reason ORDER BY reason`,
      query.from,
      query.to,
    )
    .toArray()
    .map((row) => ({
      reason: row.reason as MovementReason,
      movements: row.movements,
      unitsIn: row.units_in,
      unitsOut: row.units_out,
      costCents: row.cost,
      saleCents: row.sale,
      uncostedUnits: row.uncosted,
    }));
}

/** The variants that sold in the period (by the ledger's reason index). */
function soldIn(host: RoomHost, query: StockReportQuery): Set<string> {
  const rows = host.roomDb.$client.sql
    .exec<{ variant_id: string }>(
      "SELECT DISTINCT variant_id FROM movements WHERE reason = 'sold' AND at >= ? AND at < ? AND quantity < 0",
      query.from,
      query.to,
    )
    .toArray();
  return new Set(rows.map((row) => row.variant_id));
}

function lastSold(host: RoomHost, itemId: string, variantId: string): Date | null {
  const at = host.roomDb.$client.sql
    .exec<{ at: number | null }>(
      "SELECT max(at) AS at FROM movements WHERE item_id = ? AND variant_id = ? AND reason = 'sold' AND quantity < 0",
      itemId,
      variantId,
    )
    .one().at;
  return at === null ? null : new Date(at);
}

/** Costliest first; those with no cost after, by units. */
const costlier = (a: SlowMover, b: SlowMover) =>
  (b.costCents ?? -1) - (a.costCents ?? -1) || b.units - a.units || a.title.localeCompare(b.title);

export async function stockReport(host: RoomHost, query: StockReportQuery): Promise<StockReport> {
  const reasons = reasonLines(host, query);
  const sold = soldIn(host, query);
  const slow: SlowMover[] = [];
  let slowMoverCount = 0;
  for (let after = ""; ; ) {
    const page = itemsAfter(host.roomDb, host.roomId, after, PAGE);
    for (const row of page) {
      const item = toItemDoc(row);
      for (const variant of variantsOf(item)) {
        const units = Object.values(variant.stock).reduce((sum, held) => sum + Math.max(held, 0), 0);
        if (units <= 0 || sold.has(variant._id)) continue;
        slowMoverCount += 1;
        const cost = unitValue(variant);
        slow.push({
          itemId: item._id,
          variantId: variant._id,
          title: variant.values.length ? `${item.title} — ${variantName(variant)}` : item.title,
          sku: variant.sku,
          units,
          costCents: cost === null ? null : cost * units,
          lastSoldAt: null,
        });
      }
    }
    // Only the costliest are kept as the pages go: the list stays small whatever the room's size.
    slow.sort(costlier);
    slow.length = Math.min(slow.length, SLOW_MOVERS_SHOWN);
    if (page.length < PAGE) break;
    after = (page.at(-1) as { id: string }).id;
    // Between pages the room's other work goes on.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  for (const mover of slow) mover.lastSoldAt = lastSold(host, mover.itemId, mover.variantId);
  return {
    from: new Date(query.from),
    to: new Date(query.to),
    currency: await roomCurrency(host),
    reasons,
    slowMovers: slow,
    slowMoverCount,
  };
}
