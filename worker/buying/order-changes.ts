/**
 * How a change to a purchase order is kept and shown (docs/buying.md): the
 * line it adds to the order's history, saved with it in one transaction, and
 * what open screens are told of the order, its lines and its history.
 */
import { eq } from "drizzle-orm";
import { COLLECTION } from "../../protocol/api";
import { newId } from "../db/directory/database";
import {
  type PurchaseOrderEventRow,
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  purchaseOrderEvents,
  purchaseOrders,
} from "../db/room/purchase-order-tables";
import { orderDoc, toEventDoc, toLineDoc } from "../db/room/purchase-orders-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";

/** A line of an order's history: who did what, when. */
export function eventRow(orderId: string, actor: string, at: number, text: string): PurchaseOrderEventRow {
  return { id: newId(), orderId, userId: actor, at, text };
}

/** Tells open screens the order's new state (its sums too) and its new history lines. */
export function announceOrder(host: RoomHost, orderId: string, events: readonly PurchaseOrderEventRow[] = []): void {
  const doc = orderDoc(host.roomDb, orderId);
  host.emit({ collection: COLLECTION.PURCHASE_ORDERS, id: orderId, doc: doc ? asDoc(doc) : null, previous: null });
  for (const event of events) {
    host.emit({
      collection: COLLECTION.PURCHASE_ORDER_EVENTS,
      id: event.id,
      doc: asDoc(toEventDoc(event)),
      previous: null,
    });
  }
}

export function announceLine(host: RoomHost, line: PurchaseOrderLineRow, removed = false): void {
  host.emit({
    collection: COLLECTION.PURCHASE_ORDER_LINES,
    id: line.id,
    doc: removed ? null : asDoc(toLineDoc(line)),
    previous: null,
  });
}

/** Changes an order and adds the line its history gets, in one transaction, and shows both to the room. */
export function saveOrderChange(
  host: RoomHost,
  orderId: string,
  set: Partial<PurchaseOrderRow>,
  event: PurchaseOrderEventRow,
): void {
  host.roomDb.$client.transactionSync(() => {
    host.roomDb.update(purchaseOrders).set(set).where(eq(purchaseOrders.id, orderId)).run();
    host.roomDb.insert(purchaseOrderEvents).values(event).run();
  });
  announceOrder(host, orderId, [event]);
}
