/** The room's purchase orders (docs/buying.md): the newest, and one with its lines and history, live. */
import { useCallback, useMemo } from "react";
import {
  COLLECTION,
  PUBLICATION,
  type PurchaseOrderDoc,
  type PurchaseOrderEventDoc,
  type PurchaseOrderLineDoc,
  type PurchaseOrderTallyDoc,
} from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useSubscribe } from "../live-api";

const isOrder = (doc: LiveDoc): doc is LiveDoc & PurchaseOrderDoc => typeof doc.number === "number";
const newestFirst = (a: PurchaseOrderDoc, b: PurchaseOrderDoc) => b.number - a.number;

export function usePurchaseOrders(): { orders: readonly PurchaseOrderDoc[]; loading: boolean } {
  const loading = useSubscribe(PUBLICATION.PURCHASE_ORDERS);
  const orders = useFind(COLLECTION.PURCHASE_ORDERS, isOrder, newestFirst);
  return { orders, loading };
}

export interface OpenOrder {
  order: PurchaseOrderDoc | null;
  lines: readonly PurchaseOrderLineDoc[];
  events: readonly PurchaseOrderEventDoc[];
  /** What the phones receiving it have counted and not accepted, by line id. */
  tally: ReadonlyMap<string, PurchaseOrderTallyDoc>;
  loading: boolean;
}

export function usePurchaseOrder(orderId: string): OpenOrder {
  const loading = useSubscribe(PUBLICATION.PURCHASE_ORDER, orderId);
  const ofOrder = useCallback(
    (doc: LiveDoc): doc is LiveDoc & PurchaseOrderDoc => doc._id === orderId && isOrder(doc),
    [orderId],
  );
  const lineOf = useCallback(
    (doc: LiveDoc): doc is LiveDoc & PurchaseOrderLineDoc =>
      doc.orderId === orderId && typeof doc.quantity === "number",
    [orderId],
  );
  const eventOf = useCallback(
    (doc: LiveDoc): doc is LiveDoc & PurchaseOrderEventDoc => doc.orderId === orderId && typeof doc.text === "string",
    [orderId],
  );
  const tallyOf = useCallback(
    (doc: LiveDoc): doc is LiveDoc & PurchaseOrderTallyDoc => doc.orderId === orderId && typeof doc.good === "number",
    [orderId],
  );
  const counted = useFind(COLLECTION.PURCHASE_ORDER_TALLY, tallyOf);
  const tally = useMemo(() => new Map(counted.map((doc) => [doc._id, doc])), [counted]);
  const [order] = useFind(COLLECTION.PURCHASE_ORDERS, ofOrder);
  const lines = useFind(COLLECTION.PURCHASE_ORDER_LINES, lineOf, byPosition);
  const events = useFind(COLLECTION.PURCHASE_ORDER_EVENTS, eventOf, latestFirst);
  return { order: order ?? null, lines, events, tally, loading };
}

const byPosition = (a: PurchaseOrderLineDoc, b: PurchaseOrderLineDoc) => a.position - b.position;
const latestFirst = (a: PurchaseOrderEventDoc, b: PurchaseOrderEventDoc) => b.at.getTime() - a.at.getTime();
