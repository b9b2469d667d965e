/**
 * Purchase orders (docs/buying.md): drafted, changed, ordered, closed or
 * cancelled, each in one turn of the room's write queue and one
 * transaction with the line it adds to the order's history, then told to
 * every screen with the order open. Moves follow the table in
 * protocol/purchase-orders.ts; a move it does not allow is refused in words.
 */

import { eq } from "drizzle-orm";
import {
  type ChosenStatus,
  canMove,
  findVariant,
  linesEditable,
  orderNumberText,
  PURCHASE_ORDER_STATUS_NAMES,
  type PurchaseOrderStatus,
  type VariantDoc,
  variantName,
} from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import {
  type NewPurchaseOrder,
  PURCHASE_ORDER_LIMITS,
  type PurchaseOrderChange,
  type PurchaseOrderLine,
} from "../../protocol/purchase-order-args";
import { newId } from "../db/directory/database";
import { findItem, toItemDoc } from "../db/room/items-repo";
import { findOpenLocation, firstLocationId } from "../db/room/locations-repo";
import {
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  purchaseOrderEvents,
  purchaseOrderLines,
  purchaseOrders,
} from "../db/room/purchase-order-tables";
import { countedNotAccepted, findLine, findOrder, linesOf, nextOrderNumber } from "../db/room/purchase-orders-repo";
import type { ItemRow } from "../db/room/room-schema";
import type { SupplierRow } from "../db/room/supplier-tables";
import { findSupplier } from "../db/room/suppliers-repo";
import type { RoomHost } from "../rooms/room-host";
import { roomRecord } from "../rooms/room-record";
import { announceLine, announceOrder, eventRow, saveOrderChange } from "./order-changes";
import { NO_SUPPLIER } from "./suppliers-feature";

export const NO_ORDER = "No such purchase order in this room";

/** A line as people read it: "Tee — M". */
export const nameOf = (line: Pick<PurchaseOrderLineRow, "title" | "variantName">) =>
  line.variantName ? `${line.title} — ${line.variantName}` : line.title;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An amount as the order's history says it: "4.50 USD". */
export const amountText = (cents: number | null, currency: string) =>
  cents === null ? "no cost" : `${(cents / 100).toFixed(2)} ${currency}`;

/** The order, or 404 in words. */
export function orderHere(host: RoomHost, id: string): PurchaseOrderRow {
  const row = findOrder(host.roomDb, id);
  if (!row) throw new LiveError(404, NO_ORDER);
  return row;
}

/** A supplier of the room, or 404 in words; an archived one takes no new orders. */
function supplierHere(host: RoomHost, id: string): SupplierRow {
  const supplier = findSupplier(host.roomDb, id);
  if (!supplier) throw new LiveError(404, NO_SUPPLIER);
  if (supplier.archivedAt !== null) {
    throw new LiveError(409, `${supplier.name} is archived: bring it back in Settings → Suppliers to order from it`);
  }
  return supplier;
}

function locationHere(host: RoomHost, id: string | undefined): string {
  const chosen = id ?? firstLocationId(host.roomDb);
  if (!chosen || !findOpenLocation(host.roomDb, chosen)) {
    throw new LiveError(400, "Choose a location of this room to receive the order at");
  }
  return chosen;
}

/** A new order's row (a draft) for `supplier`, numbered next. */
export function draftRow(
  host: RoomHost,
  actor: string,
  supplierId: string,
  locationId: string,
  currency: string,
  note = "",
): PurchaseOrderRow {
  const now = host.now();
  return {
    id: newId(),
    number: nextOrderNumber(host.roomDb),
    supplierId,
    status: "draft",
    locationId,
    note,
    currency,
    createdBy: actor,
    createdAt: now,
    updatedAt: now,
    orderedAt: null,
    expectedAt: null,
    sentTo: "",
    sentAt: null,
  };
}

export async function roomCurrency(host: RoomHost): Promise<string> {
  return (await roomRecord(host))?.currency ?? "USD";
}

export function createOrder(host: RoomHost, actor: string, input: NewPurchaseOrder): Promise<string> {
  return host.writes.run(async () => {
    supplierHere(host, input.supplierId);
    const locationId = locationHere(host, input.locationId);
    const currency = await roomCurrency(host);
    const row = draftRow(host, actor, input.supplierId, locationId, currency, input.note ?? "");
    const event = eventRow(row.id, actor, row.createdAt, "Drafted");
    host.roomDb.$client.transactionSync(() => {
      host.roomDb.insert(purchaseOrders).values(row).run();
      host.roomDb.insert(purchaseOrderEvents).values(event).run();
    });
    announceOrder(host, row.id, [event]);
    return row.id;
  }, actor);
}

export function updateOrder(host: RoomHost, actor: string, id: string, change: PurchaseOrderChange): Promise<null> {
  return host.writes.run(async () => {
    const order = orderHere(host, id);
    if (!linesEditable(order.status)) throw closedOrder(order);
    const set: Partial<PurchaseOrderRow> = {};
    const said: string[] = [];
    if (change.supplierId !== undefined && change.supplierId !== order.supplierId) {
      if (order.status !== "draft") {
        throw new LiveError(409, "This order has gone to its supplier: cancel it and draft one for the other");
      }
      set.supplierId = supplierHere(host, change.supplierId).id;
      said.push(`Supplier changed to ${findSupplier(host.roomDb, change.supplierId)?.name}`);
    }
    if (change.locationId !== undefined && change.locationId !== order.locationId) {
      set.locationId = locationHere(host, change.locationId);
      said.push("Changed where it is received");
    }
    if (change.note !== undefined && change.note !== order.note) {
      set.note = change.note;
      said.push("Changed the note");
    }
    if (said.length === 0) return null;
    const at = host.now();
    const events = said.map((text) => eventRow(id, actor, at, text));
    host.roomDb.$client.transactionSync(() => {
      host.roomDb
        .update(purchaseOrders)
        .set({ ...set, updatedAt: at })
        .where(eq(purchaseOrders.id, id))
        .run();
      for (const event of events) host.roomDb.insert(purchaseOrderEvents).values(event).run();
    });
    announceOrder(host, id, events);
    return null;
  }, actor);
}

const closedOrder = (order: PurchaseOrderRow) =>
  new LiveError(
    409,
    `${orderNumberText(order.number)} is ${PURCHASE_ORDER_STATUS_NAMES[order.status].toLowerCase()}: its lines can no longer change`,
  );

/** Refuses a change that would leave units counted against `lines` and not accepted behind, in words. */
function assertNothingCounted(host: RoomHost, order: PurchaseOrderRow, doing: string, lineId?: string): void {
  const counted = countedNotAccepted(host.roomDb, order.id, lineId);
  const units = [...counted.values()].reduce((sum, tally) => sum + tally.good + tally.damaged, 0);
  if (units > 0) {
    throw new LiveError(
      409,
      `${units} unit${units === 1 ? " is" : "s are"} counted against ${orderNumberText(order.number)} and not accepted: accept or take them back before ${doing}`,
    );
  }
}

/**
 * Sets one variant's line: added when the order has none for it, its
 * quantity and cost changed when it has (a quantity not given stays as it
 * is), removed at 0 — even when its item is gone — unless units are counted
 * against it. A line cannot go below what has come. Answers the line's id
 * (null once removed).
 */
export function setOrderLine(
  host: RoomHost,
  actor: string,
  orderId: string,
  input: PurchaseOrderLine,
): Promise<string | null> {
  return host.writes.run(async () => {
    const order = orderHere(host, orderId);
    if (!linesEditable(order.status)) throw closedOrder(order);
    const at = host.now();
    const said: string[] = [];
    let before = findLine(host.roomDb, orderId, input.variantId ?? input.itemId);
    let after: PurchaseOrderLineRow | null = null;
    if (before && input.quantity === 0) {
      // Taking a line off needs nothing of its item: an item removed since can still go from the order.
      if (before.received > 0) {
        throw new LiveError(409, `${before.received} of ${nameOf(before)} have come already: order at least that many`);
      }
      assertNothingCounted(host, order, `removing ${nameOf(before)}`, before.id);
      said.push(`Removed ${nameOf(before)}`);
    } else {
      const item = await findItem(host.roomDb, host.roomId, input.itemId);
      if (!item) throw new LiveError(404, "Item not found");
      const doc = toItemDoc(item);
      const variant = findVariant(doc, input.variantId ?? item.id);
      if (!variant)
        throw new LiveError(404, doc.variants?.length ? "Choose which variant" : "That variant does not exist");
      const name = variant.values.length ? `${item.title} — ${variantName(variant)}` : item.title;
      before = findLine(host.roomDb, orderId, variant._id);
      const cost =
        input.unitCostCents !== undefined ? input.unitCostCents : (before?.unitCostCents ?? variant.costCents ?? null);
      if (!before) {
        if (input.quantity === 0) return null;
        if (input.quantity === undefined) throw new LiveError(400, `Say how many of ${name} to order`);
        if (linesOf(host.roomDb, orderId).length >= PURCHASE_ORDER_LIMITS.LINES) {
          throw new LiveError(
            409,
            `An order has at most ${PURCHASE_ORDER_LIMITS.LINES} lines: start another for the rest`,
          );
        }
        after = newLine(host, orderId, item, variant, { quantity: input.quantity, unitCostCents: cost, extra: 0 });
        said.push(`Added ${input.quantity} × ${name} at ${amountText(cost, order.currency)}`);
      } else {
        const quantity = input.quantity ?? before.quantity;
        if (quantity < before.received) {
          throw new LiveError(409, `${before.received} of ${name} have come already: order at least that many`);
        }
        if (quantity === 0) {
          assertNothingCounted(host, order, `removing ${name}`, before.id);
          said.push(`Removed ${name}`);
        } else {
          // A line received anyway and then ordered is an ordered line from now on.
          after = { ...before, quantity, unitCostCents: cost, extra: 0 };
          if (quantity !== before.quantity) said.push(`${name}: ${before.quantity} → ${quantity}`);
          if (cost !== before.unitCostCents) {
            said.push(
              `${name}: cost ${amountText(before.unitCostCents, order.currency)} → ${amountText(cost, order.currency)}`,
            );
          }
        }
      }
    }
    if (said.length === 0) return before?.id ?? null;
    const events = said.map((text) => eventRow(orderId, actor, at, text));
    host.roomDb.$client.transactionSync(() => {
      if (!after && before) host.roomDb.delete(purchaseOrderLines).where(eq(purchaseOrderLines.id, before.id)).run();
      else if (after && !before) host.roomDb.insert(purchaseOrderLines).values(after).run();
      else if (after) {
        host.roomDb
          .update(purchaseOrderLines)
          .set({ quantity: after.quantity, unitCostCents: after.unitCostCents, extra: after.extra })
          .where(eq(purchaseOrderLines.id, after.id))
          .run();
      }
      host.roomDb.update(purchaseOrders).set({ updatedAt: at }).where(eq(purchaseOrders.id, orderId)).run();
      for (const event of events) host.roomDb.insert(purchaseOrderEvents).values(event).run();
    });
    if (after) announceLine(host, after);
    else if (before) announceLine(host, before, true);
    announceOrder(host, orderId, events);
    return after?.id ?? null;
  }, actor);
}

/** A new line of an order for `variant` of `item`, last on the order, what it is kept as it is now. */
export function newLine(
  host: RoomHost,
  orderId: string,
  item: Pick<ItemRow, "id" | "title">,
  variant: VariantDoc,
  fields: Pick<PurchaseOrderLineRow, "quantity" | "unitCostCents" | "extra">,
): PurchaseOrderLineRow {
  const lines = linesOf(host.roomDb, orderId);
  return {
    id: newId(),
    orderId,
    itemId: item.id,
    variantId: variant._id,
    title: item.title,
    variantName: variantName(variant),
    sku: variant.sku,
    supplierSku: variant.supplierSku ?? "",
    received: 0,
    damaged: 0,
    position: lines.length === 0 ? 0 : Math.max(...lines.map((line) => line.position)) + 1,
    ...fields,
  };
}

const MOVE_WORDS: Record<ChosenStatus, string> = {
  draft: "Back to a draft",
  ordered: "Marked ordered",
  closed: "Closed",
  cancelled: "Cancelled",
};

/** The columns an order takes as it is ordered: when, and when it is expected (the supplier's lead time on). */
export function orderedColumns(host: RoomHost, order: PurchaseOrderRow, at: number): Partial<PurchaseOrderRow> {
  const lead = findSupplier(host.roomDb, order.supplierId)?.leadTimeDays ?? null;
  return { status: "ordered", orderedAt: at, expectedAt: lead === null ? null : at + lead * DAY_MS };
}

/** Moves an order by hand, as its transition table allows; `text` is what its history says (the move's words). */
export function moveOrder(
  host: RoomHost,
  actor: string,
  orderId: string,
  to: ChosenStatus,
  text: string = MOVE_WORDS[to],
  also: Partial<PurchaseOrderRow> = {},
): Promise<null> {
  return host.writes.run(async () => {
    const order = orderHere(host, orderId);
    if (order.status === to && Object.keys(also).length === 0) return null;
    if (order.status !== to) assertMove(order, to);
    // Units counted and not accepted would be left behind by a move that ends receiving.
    if (to !== "ordered")
      assertNothingCounted(host, order, `making it ${PURCHASE_ORDER_STATUS_NAMES[to].toLowerCase()}`);
    if (to === "ordered" && linesOf(host.roomDb, orderId).length === 0) {
      throw new LiveError(409, "Add what to order first: this order has no lines");
    }
    const at = host.now();
    const set: Partial<PurchaseOrderRow> = {
      ...(to === "ordered" && order.status !== "ordered" ? orderedColumns(host, order, at) : { status: to }),
      ...(to === "draft" ? { orderedAt: null, expectedAt: null } : {}),
      ...also,
      updatedAt: at,
    };
    saveOrderChange(host, orderId, set, eventRow(orderId, actor, at, text));
    return null;
  }, actor);
}

/** Refuses a move the transition table does not let a person make, in words. */
export function assertMove(order: PurchaseOrderRow, to: PurchaseOrderStatus): void {
  if (canMove(order.status, to, "person")) return;
  const now = PURCHASE_ORDER_STATUS_NAMES[order.status].toLowerCase();
  const wanted = PURCHASE_ORDER_STATUS_NAMES[to].toLowerCase();
  throw new LiveError(409, `${orderNumberText(order.number)} is ${now}: it cannot be made ${wanted}`);
}
