/** The room's purchase orders, their lines and history (docs/buying.md), in the room's own SQLite. */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PurchaseOrderDoc, PurchaseOrderEventDoc, PurchaseOrderLineDoc } from "../../../protocol/api";
import {
  type PurchaseOrderEventRow,
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  purchaseOrderEvents,
  purchaseOrderLines,
  purchaseOrderScans,
  purchaseOrders,
} from "./purchase-order-tables";
import type { RoomDatabase } from "./room-database";

/** An order's lines added up: how many, units ordered and received, and what they cost in all. */
export interface OrderSums {
  lines: number;
  units: number;
  receivedUnits: number;
  totalCents: number;
}

const NO_LINES: OrderSums = { lines: 0, units: 0, receivedUnits: 0, totalCents: 0 };

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

export function toOrderDoc(row: PurchaseOrderRow, sums: OrderSums = NO_LINES): PurchaseOrderDoc {
  return {
    _id: row.id,
    number: row.number,
    supplierId: row.supplierId,
    status: row.status,
    locationId: row.locationId,
    note: row.note,
    currency: row.currency,
    ...sums,
    createdBy: row.createdBy,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    orderedAt: date(row.orderedAt),
    expectedAt: date(row.expectedAt),
    sentTo: row.sentTo,
    sentAt: date(row.sentAt),
  };
}

export function toLineDoc(row: PurchaseOrderLineRow): PurchaseOrderLineDoc {
  return {
    _id: row.id,
    orderId: row.orderId,
    itemId: row.itemId,
    variantId: row.variantId,
    title: row.title,
    variantName: row.variantName,
    sku: row.sku,
    supplierSku: row.supplierSku,
    quantity: row.quantity,
    unitCostCents: row.unitCostCents,
    received: row.received,
    damaged: row.damaged,
    extra: row.extra === 1,
    position: row.position,
  };
}

export function toEventDoc(row: PurchaseOrderEventRow): PurchaseOrderEventDoc {
  return { _id: row.id, orderId: row.orderId, userId: row.userId, at: new Date(row.at), text: row.text };
}

/** The sums of these orders' lines, by order id. */
export function orderSums(db: RoomDatabase, orderIds: readonly string[]): Map<string, OrderSums> {
  const sums = new Map<string, OrderSums>();
  for (let start = 0; start < orderIds.length; start += 90) {
    const rows = db
      .select({
        orderId: purchaseOrderLines.orderId,
        lines: sql<number>`count(*)`,
        units: sql<number>`coalesce(sum(${purchaseOrderLines.quantity}), 0)`,
        receivedUnits: sql<number>`coalesce(sum(${purchaseOrderLines.received}), 0)`,
        totalCents: sql<number>`coalesce(sum(${purchaseOrderLines.quantity} * coalesce(${purchaseOrderLines.unitCostCents}, 0)), 0)`,
      })
      .from(purchaseOrderLines)
      .where(inArray(purchaseOrderLines.orderId, orderIds.slice(start, start + 90)))
      .groupBy(purchaseOrderLines.orderId)
      .all();
    for (const { orderId, ...each } of rows) sums.set(orderId, each);
  }
  return sums;
}

/** An order as its documents show it, sums and all; null when there is none. */
export function orderDoc(db: RoomDatabase, id: string): PurchaseOrderDoc | null {
  const row = findOrder(db, id);
  return row ? toOrderDoc(row, orderSums(db, [id]).get(id)) : null;
}

/** The newest `limit` orders, as documents. */
export function listOrderDocs(db: RoomDatabase, limit: number): PurchaseOrderDoc[] {
  const rows = db.select().from(purchaseOrders).orderBy(desc(purchaseOrders.number)).limit(limit).all();
  const sums = orderSums(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrderDoc(row, sums.get(row.id)));
}

export function findOrder(db: RoomDatabase, id: string): PurchaseOrderRow | null {
  return db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).get() ?? null;
}

export function linesOf(db: RoomDatabase, orderId: string): PurchaseOrderLineRow[] {
  return db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.orderId, orderId))
    .orderBy(asc(purchaseOrderLines.position))
    .all();
}

export function findLine(db: RoomDatabase, orderId: string, variantId: string): PurchaseOrderLineRow | null {
  return (
    db
      .select()
      .from(purchaseOrderLines)
      .where(and(eq(purchaseOrderLines.orderId, orderId), eq(purchaseOrderLines.variantId, variantId)))
      .get() ?? null
  );
}

/** An order's newest `limit` history lines, newest first. */
export function eventsOf(db: RoomDatabase, orderId: string, limit: number): PurchaseOrderEventRow[] {
  return db
    .select()
    .from(purchaseOrderEvents)
    .where(eq(purchaseOrderEvents.orderId, orderId))
    .orderBy(desc(purchaseOrderEvents.at), desc(sql`rowid`))
    .limit(limit)
    .all();
}

/** Good and damaged units counted against an order's lines and not accepted yet, by line id (none: absent). */
export function countedNotAccepted(
  db: RoomDatabase,
  orderId: string,
  lineId?: string,
): Map<string, { good: number; damaged: number }> {
  const rows = db
    .select({
      lineId: purchaseOrderScans.lineId,
      good: sql<number>`coalesce(sum(CASE WHEN ${purchaseOrderScans.damaged} = 0 THEN ${purchaseOrderScans.units} END), 0)`,
      damaged: sql<number>`coalesce(sum(CASE WHEN ${purchaseOrderScans.damaged} = 1 THEN ${purchaseOrderScans.units} END), 0)`,
    })
    .from(purchaseOrderScans)
    .where(
      and(
        eq(purchaseOrderScans.orderId, orderId),
        isNull(purchaseOrderScans.acceptedAt),
        ...(lineId ? [eq(purchaseOrderScans.lineId, lineId)] : []),
      ),
    )
    .groupBy(purchaseOrderScans.lineId)
    .all();
  return new Map(
    rows.filter((row) => row.good !== 0 || row.damaged !== 0).map(({ lineId: id, ...tally }) => [id, tally]),
  );
}

/** The next order number of the room. */
export function nextOrderNumber(db: RoomDatabase): number {
  return (
    db
      .select({ next: sql<number>`coalesce(max(${purchaseOrders.number}), 0) + 1` })
      .from(purchaseOrders)
      .get()?.next ?? 1
  );
}

/**
 * Units of each variant still to come on the room's open orders (drafts
 * too: a draft is an order being made), by variant id — what "Reorder low
 * stock" counts as on its way.
 */
export function unitsOnOrder(db: RoomDatabase, variantIds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (let start = 0; start < variantIds.length; start += 90) {
    const rows = db
      .select({
        variantId: purchaseOrderLines.variantId,
        units: sql<number>`sum(max(${purchaseOrderLines.quantity} - ${purchaseOrderLines.received}, 0))`,
      })
      .from(purchaseOrderLines)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
      .where(
        and(
          inArray(purchaseOrderLines.variantId, variantIds.slice(start, start + 90)),
          inArray(purchaseOrders.status, ["draft", "ordered", "partly_received"]),
        ),
      )
      .groupBy(purchaseOrderLines.variantId)
      .all();
    for (const row of rows) out.set(row.variantId, row.units);
  }
  return out;
}
