/**
 * "Reorder low stock" (docs/buying.md): one draft order per supplier, from
 * every variant at or below its reorder point (in all, or at a location
 * with its own), each for enough to bring it up to the chosen multiple of
 * its point, less what open orders already bring. Variants with no
 * supplier (or an archived one) are counted, not ordered, so the person is
 * told to set one. One write turn and one transaction: all the drafts, or
 * none. A supplier with more low variants than an order takes gets several.
 */
import { and, sql } from "drizzle-orm";
import { reorderQuantity, variantName, variantsOf } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { PURCHASE_ORDER_LIMITS, type ReorderResult } from "../../protocol/purchase-order-args";
import { newId } from "../db/directory/database";
import { toItemDoc } from "../db/room/items-repo";
import { lowStock } from "../db/room/items-window-repo";
import { firstLocationId } from "../db/room/locations-repo";
import {
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  purchaseOrderEvents,
  purchaseOrderLines,
  purchaseOrders,
} from "../db/room/purchase-order-tables";
import { unitsOnOrder } from "../db/room/purchase-orders-repo";
import { items } from "../db/room/room-schema";
import { listSuppliers } from "../db/room/suppliers-repo";
import type { RoomHost } from "../rooms/room-host";
import { announceLine, announceOrder } from "./order-changes";
import { amountText, draftRow, roomCurrency } from "./purchase-orders";

type Line = Omit<PurchaseOrderLineRow, "id" | "orderId" | "position">;

const LINES_PER_INSERT = 7;

export function reorderLowStock(host: RoomHost, actor: string, times: number): Promise<ReorderResult> {
  return host.writes.run(async () => {
    const low = host.roomDb
      .select()
      .from(items)
      .where(and(sql`+${items.roomId} = ${host.roomId}`, lowStock(host.roomId)))
      .all();
    const open = new Set(listSuppliers(host.roomDb).flatMap((row) => (row.archivedAt === null ? [row.id] : [])));
    const candidates = low.flatMap((row) => {
      const doc = toItemDoc(row);
      return variantsOf(doc).map((variant) => ({ row, variant }));
    });
    const onOrder = unitsOnOrder(
      host.roomDb,
      candidates.map(({ variant }) => variant._id),
    );
    const bySupplier = new Map<string, Line[]>();
    let noSupplier = 0;
    for (const { row, variant } of candidates) {
      const quantity = reorderQuantity(variant, onOrder.get(variant._id) ?? 0, times);
      if (quantity === 0) continue;
      const supplierId = variant.supplierId ?? null;
      if (!supplierId || !open.has(supplierId)) {
        noSupplier += 1;
        continue;
      }
      const line: Line = {
        itemId: row.id,
        variantId: variant._id,
        title: row.title,
        variantName: variantName(variant),
        sku: variant.sku,
        supplierSku: variant.supplierSku ?? "",
        quantity,
        unitCostCents: variant.costCents ?? null,
        received: 0,
        damaged: 0,
        extra: 0,
      };
      bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), line]);
    }
    if (bySupplier.size === 0) return { orders: [], noSupplier, variants: 0 };
    const locationId = firstLocationId(host.roomDb);
    if (!locationId) throw new LiveError(409, "Add a location to receive orders at first");
    const currency = await roomCurrency(host);
    const orders: { row: PurchaseOrderRow; lines: PurchaseOrderLineRow[] }[] = [];
    let number = 0;
    for (const [supplierId, lines] of bySupplier) {
      for (let start = 0; start < lines.length; start += PURCHASE_ORDER_LIMITS.LINES) {
        const row = draftRow(host, actor, supplierId, locationId, currency);
        // Numbered one after another: nothing is written until all are made.
        row.number += number++;
        const part = lines.slice(start, start + PURCHASE_ORDER_LIMITS.LINES);
        orders.push({
          row,
          lines: part.map((line, position) => ({ ...line, id: newId(), orderId: row.id, position })),
        });
      }
    }
    const at = host.now();
    const events = orders.map(({ row, lines }) => ({
      id: newId(),
      orderId: row.id,
      userId: actor,
      at,
      text: `Drafted from low stock, up to ${times}× each reorder point: ${lines.length} line${lines.length === 1 ? "" : "s"}, ${amountText(
        lines.reduce((sum, line) => sum + line.quantity * (line.unitCostCents ?? 0), 0),
        currency,
      )}`,
    }));
    host.roomDb.$client.transactionSync(() => {
      for (const { row, lines } of orders) {
        host.roomDb.insert(purchaseOrders).values(row).run();
        // A statement binds at most 100 values: 14 a line.
        for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
          host.roomDb
            .insert(purchaseOrderLines)
            .values(lines.slice(start, start + LINES_PER_INSERT))
            .run();
        }
      }
      for (const event of events) host.roomDb.insert(purchaseOrderEvents).values(event).run();
    });
    for (const [index, { row, lines }] of orders.entries()) {
      for (const line of lines) announceLine(host, line);
      announceOrder(host, row.id, [events[index] as (typeof events)[number]]);
    }
    return {
      orders: orders.map(({ row }) => row.id),
      noSupplier,
      variants: orders.reduce((sum, { lines }) => sum + lines.length, 0),
    };
  }, actor);
}
