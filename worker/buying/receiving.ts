/**
 * Receiving against a purchase order (docs/buying.md). Phones count what
 * arrives — a scanned label, barcode or SKU, or a line's + and − — into one
 * shared tally per line, good or damaged; nothing is stock yet, so two
 * phones receive one delivery together and a miscount is taken back with a
 * tap. _Accept_ then turns the tally into "received" movements at the
 * chosen location, each at its line's cost with the order named, through
 * the one write path (item-pipeline.ts), with the lines' figures, the
 * order's new status and its history, in one transaction.
 */
import { and, eq, isNull } from "drizzle-orm";
import {
  COLLECTION,
  findVariant,
  orderNumberText,
  PURCHASE_ORDER_STATUS_NAMES,
  type PurchaseOrderTallyDoc,
  receivable,
  statusAfterReceiving,
} from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import {
  NOT_ON_ORDER,
  PURCHASE_ORDER_LIMITS,
  type ReceiveAccepted,
  type ReceiveCount,
  type ReceiveCounted,
} from "../../protocol/purchase-order-args";
import { newId } from "../db/directory/database";
import { findItem, toItemDoc } from "../db/room/items-repo";
import { findLocation } from "../db/room/locations-repo";
import {
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  purchaseOrderEvents,
  purchaseOrderLines,
  purchaseOrderScans,
  purchaseOrders,
} from "../db/room/purchase-order-tables";
import { countedNotAccepted, findLine, linesOf } from "../db/room/purchase-orders-repo";
import type { RoomStatement } from "../db/room/room-database";
import { findSupplier } from "../db/room/suppliers-repo";
import { targetForCode, unknownCode } from "../inventory/item-for-code";
import type { ItemChange } from "../inventory/item-pipeline";
import { writeItems } from "../inventory/item-pipeline";
import { itemHere, made } from "../inventory/item-writes";
import { stockOnlyChange } from "../inventory/stock-change";
import { type StockChange, stockMoves, variantsOfRow } from "../inventory/stock-moves";
import { ORDER_RECEIPT_NOTE } from "../inventory/stock-service";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { announceLine, announceOrder } from "./order-changes";
import { newLine, orderHere } from "./purchase-orders";

export interface Tally {
  good: number;
  damaged: number;
}

/** What is counted and not accepted of each of an order's lines, by line id (lines with none are absent). */
export function tallyOf(host: RoomHost, orderId: string, lineId?: string): Map<string, Tally> {
  return countedNotAccepted(host.roomDb, orderId, lineId);
}

export function toTallyDoc(orderId: string, lineId: string, tally: Tally): PurchaseOrderTallyDoc {
  return { _id: lineId, orderId, ...tally };
}

function announceTally(host: RoomHost, orderId: string, lineId: string, tally: Tally | undefined): void {
  host.emit({
    collection: COLLECTION.PURCHASE_ORDER_TALLY,
    id: lineId,
    doc: tally ? asDoc(toTallyDoc(orderId, lineId, tally)) : null,
    previous: null,
  });
}

function receivingOrder(host: RoomHost, orderId: string): PurchaseOrderRow {
  const order = orderHere(host, orderId);
  if (!receivable(order.status)) {
    const now = PURCHASE_ORDER_STATUS_NAMES[order.status].toLowerCase();
    throw new LiveError(
      409,
      order.status === "draft"
        ? `${orderNumberText(order.number)} is a draft: order it before receiving against it`
        : `${orderNumberText(order.number)} is ${now}: nothing more is received against it`,
    );
  }
  return order;
}

const nameOfLine = (line: Pick<PurchaseOrderLineRow, "title" | "variantName">) =>
  line.variantName ? `${line.title} — ${line.variantName}` : line.title;

/** The line a count is of: a line of the order, a code's variant's line, or a new line for a variant received anyway. */
async function lineFor(
  host: RoomHost,
  order: PurchaseOrderRow,
  count: ReceiveCount,
): Promise<{ line: PurchaseOrderLineRow; added: boolean }> {
  const given = [count.code, count.lineId, count.extra].filter((each) => each !== undefined).length;
  if (given !== 1) throw new LiveError(400, "Count a code, a line or a variant received anyway: one of them");
  if (count.lineId) {
    const line = linesOf(host.roomDb, order.id).find((each) => each.id === count.lineId);
    if (!line) throw new LiveError(404, "That line is not on this order");
    return { line, added: false };
  }
  if (count.code) {
    const target = await targetForCode(host, count.code);
    if (!target) {
      throw new LiveError(404, unknownCode(count.code, `No item of this room has ${count.code}`));
    }
    const line = findLine(host.roomDb, order.id, target.variantId);
    if (line) return { line, added: false };
    const title = target.variantName ? `${target.item.title} — ${target.variantName}` : target.item.title;
    // The phone asks what to do: add it to the order, receive it anyway, or set it aside.
    throw new LiveError(409, `“${title}” is not on ${orderNumberText(order.number)}`, {
      [NOT_ON_ORDER]: { itemId: target.item.id, variantId: target.variantId, title },
    });
  }
  const extra = count.extra as NonNullable<ReceiveCount["extra"]>;
  const item = await findItem(host.roomDb, host.roomId, extra.itemId);
  if (!item) throw new LiveError(404, "Item not found");
  const variant = findVariant(toItemDoc(item), extra.variantId ?? item.id);
  if (!variant) throw new LiveError(404, "That variant does not exist");
  const line = findLine(host.roomDb, order.id, variant._id);
  if (line) return { line, added: false };
  const lines = linesOf(host.roomDb, order.id);
  if (lines.length >= PURCHASE_ORDER_LIMITS.LINES) {
    throw new LiveError(
      409,
      `An order has at most ${PURCHASE_ORDER_LIMITS.LINES} lines: receive the rest by scan on the Stocktake tab`,
    );
  }
  const added = newLine(host, order.id, item, variant, {
    quantity: 0,
    unitCostCents: variant.costCents ?? null,
    extra: 1,
  });
  return { added: true, line: added };
}

/** Counts units arriving into the shared tally (none below 0); answers the line and its tally now. */
export function countReceived(
  host: RoomHost,
  actor: string,
  orderId: string,
  count: ReceiveCount,
  scanId: string,
): Promise<ReceiveCounted> {
  return host.writes.run(async () => {
    const order = receivingOrder(host, orderId);
    const { line, added } = await lineFor(host, order, count);
    const before = tallyOf(host, orderId, line.id).get(line.id) ?? { good: 0, damaged: 0 };
    const tally = {
      good: before.good + (count.damaged ? 0 : count.units),
      damaged: before.damaged + (count.damaged ? count.units : 0),
    };
    if (tally.good < 0 || tally.damaged < 0) {
      throw new LiveError(409, `No more ${count.damaged ? "damaged " : ""}${nameOfLine(line)} counted to take back`);
    }
    const at = host.now();
    host.roomDb.$client.transactionSync(() => {
      if (added) host.roomDb.insert(purchaseOrderLines).values(line).run();
      host.roomDb
        .insert(purchaseOrderScans)
        .values({
          id: scanId,
          orderId,
          lineId: line.id,
          units: count.units,
          damaged: count.damaged ? 1 : 0,
          code: count.code ?? "",
          userId: actor,
          at,
          acceptedAt: null,
        })
        .run();
    });
    if (added) announceLine(host, line);
    announceTally(host, orderId, line.id, tally.good || tally.damaged ? tally : undefined);
    return {
      lineId: line.id,
      title: nameOfLine(line),
      ordered: line.quantity,
      received: line.received,
      ...tally,
    };
  }, actor);
}

/**
 * Accepts the tally: good units become "received" movements at
 * `locationId` (the order's own when not given), each at its line's cost,
 * referencing the order; damaged ones are noted on their lines and kept
 * out of stock. The order becomes received once every ordered line has all
 * it ordered, else partly received.
 */
export function acceptReceived(
  host: RoomHost,
  actor: string,
  orderId: string,
  chosen: string | undefined,
): Promise<ReceiveAccepted> {
  return host.writes.run(async () => {
    const order = receivingOrder(host, orderId);
    const locationId = chosen ?? order.locationId;
    const location = findLocation(host.roomDb, locationId);
    if (!location) throw new LiveError(404, "That location does not exist in this room");
    if (location.archivedAt !== null) throw new LiveError(409, `${location.name} is archived`);
    const tally = tallyOf(host, orderId);
    if (tally.size === 0) throw new LiveError(409, "Nothing counted to accept: scan what arrived first");
    const lines = linesOf(host.roomDb, orderId);
    const number = orderNumberText(order.number);
    const at = host.now();
    // One part of the write per item, its variants' receipts together.
    const byItem = new Map<string, StockChange[]>();
    for (const line of lines) {
      const good = tally.get(line.id)?.good ?? 0;
      if (good <= 0) continue;
      byItem.set(line.itemId, [
        ...(byItem.get(line.itemId) ?? []),
        {
          variantId: line.variantId,
          locationId,
          delta: good,
          reason: "received",
          note: ORDER_RECEIPT_NOTE,
          reference: number,
          ...(line.unitCostCents !== null ? { costCents: line.unitCostCents } : {}),
        },
      ]);
    }
    const changes: ItemChange[] = [];
    for (const [itemId, stock] of byItem) {
      const item = await itemHere(host, itemId).catch(() => {
        throw new LiveError(409, `An item of ${number} was removed: take its line off before accepting`);
      });
      const variants = new Set(variantsOfRow(item).map((variant) => variant._id));
      const gone = lines.find((line) => line.itemId === itemId && !variants.has(line.variantId));
      if (gone) {
        throw new LiveError(
          409,
          `${nameOfLine(gone)} is no longer a variant of ${item.title}: take its line off before accepting`,
        );
      }
      const moves = stockMoves(item, stock, made(host, actor, at));
      changes.push(stockOnlyChange(host, actor, item, moves, `order:${order.id}`));
    }
    const after = lines.map((line) => ({
      ...line,
      received: line.received + (tally.get(line.id)?.good ?? 0),
      damaged: line.damaged + (tally.get(line.id)?.damaged ?? 0),
    }));
    const status = statusAfterReceiving(after.filter((line) => line.extra === 0));
    const units = [...tally.values()].reduce((sum, each) => sum + each.good, 0);
    const damaged = [...tally.values()].reduce((sum, each) => sum + each.damaged, 0);
    const short = after.filter((line) => line.extra === 0 && line.received < line.quantity);
    const text = [
      `Received ${units} unit${units === 1 ? "" : "s"} at ${location.name}`,
      ...(damaged ? [`${damaged} damaged, kept out of stock`] : []),
      ...(short.length
        ? [`short: ${short.map((line) => `${nameOfLine(line)} ${line.received} of ${line.quantity}`).join(", ")}`]
        : []),
    ].join("; ");
    const event = { id: newId(), orderId, userId: actor, at, text };
    const last: RoomStatement[] = [
      ...after
        .filter((line) => tally.has(line.id))
        .map((line) => ({
          all: () =>
            host.roomDb
              .update(purchaseOrderLines)
              .set({ received: line.received, damaged: line.damaged })
              .where(eq(purchaseOrderLines.id, line.id))
              .run(),
        })),
      {
        all: () =>
          host.roomDb
            .update(purchaseOrderScans)
            .set({ acceptedAt: at })
            .where(and(eq(purchaseOrderScans.orderId, orderId), isNull(purchaseOrderScans.acceptedAt)))
            .run(),
      },
      {
        all: () =>
          host.roomDb.update(purchaseOrders).set({ status, updatedAt: at }).where(eq(purchaseOrders.id, orderId)).run(),
      },
      { all: () => host.roomDb.insert(purchaseOrderEvents).values(event).run() },
    ];
    const supplier = findSupplier(host.roomDb, order.supplierId);
    const labels = { kind: "order", title: supplier ? `${number} from ${supplier.name}` : number } as const;
    writeItems(host, { actor, at, items: changes, last, labels });
    for (const line of after) {
      if (!tally.has(line.id)) continue;
      announceLine(host, line);
      announceTally(host, orderId, line.id, undefined);
    }
    announceOrder(host, orderId, [event]);
    return { units, damaged, status };
  }, actor);
}
