/**
 * Stock from the store (docs/stock.md, "Stock from the store"): a sale
 * made online or on Shopify POS, a return or cancellation put back on the
 * shelf, and a count changed in Shopify's admin become movements here,
 * through the one write path, each once. The caller holds host.writes.
 *
 * The store reports its stock as levels (`available` per inventory item
 * and location) that do not say why they changed, and an order and the
 * level it lowered arrive in either order. So the room keeps the store's
 * level as far as it knows it (`store_levels`): a sale or a restock moves
 * it; a reported level that differs is a change nothing explains yet,
 * held `pending` for SETTLE_MS — an order arriving meanwhile explains its
 * part — and then written as a correction from the store.
 */
import { type ItemDoc, type MovementReason, variantsOf } from "../../protocol/api";
import { findItemRow } from "../db/room/item-statements";
import type { RoomStatement } from "../db/room/room-database";
import {
  eventsSeen,
  findLevel,
  findVariantLink,
  hasLevels,
  nextSettle,
  recordEventsQuery,
  saveLevelQuery,
  settledLevels,
} from "../db/room/store-stock-repo";
import type { StoreVariantRow } from "../db/room/store-stock-tables";
import type { RoomHost } from "../rooms/room-host";
import { type StockPlaces, stockAtPlaces } from "./product-input";
import type { StoreLevelReport, StoreRestock, StoreSale } from "./store-stock-payloads";
import { explain, laterOf, placeOf, StoreWrite, sentAtFor, startedAt, targetOf } from "./store-stock-write";

/** How long a reported change waits for the order that explains it before it is a correction. */
export const SETTLE_MS = 60_000;

/** Level changes settled per turn of the write queue. */
const SETTLED_PER_TURN = 100;

/** Records a store sale's lines as sales here, each once; answers how many movements it made. */
export async function applyStoreSale(host: RoomHost, sale: StoreSale): Promise<number> {
  const fresh = sale.lines.filter((line) => line.quantity > 0);
  const seen = eventsSeen(
    host.roomDb,
    fresh.map((line) => line.key),
  );
  const write = new StoreWrite(host);
  const place = placeOf(host, sale.storeLocationId);
  const channel = sale.pos ? "Shopify POS" : "Online store";
  for (const line of fresh) {
    if (seen.has(line.key)) continue;
    const target = targetOf(host, line.storeVariantId, line.sku, write.statements);
    if (!target) continue;
    if (place.locationId) {
      write.add(target.item, {
        variantId: target.variantId,
        locationId: place.locationId,
        delta: -line.quantity,
        reason: "sold",
        note: `${channel} order ${sale.name}`.trim(),
        reference: sale.orderId,
        priceCents: line.priceCents,
      });
    }
    explain(write, target, place, -line.quantity, sale.createdAt, sale.orderId);
  }
  const keys = fresh.map((line) => line.key).filter((key) => !seen.has(key));
  return write.commit(keys.length ? [recordEventsQuery(host.roomDb, keys, host.now())] : []);
}

/** Puts refunded or cancelled lines back at their location here, each once. */
export async function applyStoreRestocks(host: RoomHost, restocks: readonly StoreRestock[]): Promise<number> {
  const seen = eventsSeen(
    host.roomDb,
    restocks.map((restock) => restock.key),
  );
  const write = new StoreWrite(host);
  const keys: string[] = [];
  for (const restock of restocks) {
    if (seen.has(restock.key)) continue;
    keys.push(restock.key);
    const target = targetOf(host, restock.storeVariantId, restock.sku, write.statements);
    if (!target) continue;
    const place = placeOf(host, restock.storeLocationId);
    const reason: MovementReason = "returned";
    if (place.locationId) {
      write.add(target.item, {
        variantId: target.variantId,
        locationId: place.locationId,
        delta: restock.quantity,
        reason,
        note: restock.kind === "cancel" ? "Store order cancelled" : "Returned in the store",
        reference: restock.orderId,
      });
    }
    explain(write, target, place, restock.quantity, restock.at, restock.orderId);
  }
  return write.commit(keys.length ? [recordEventsQuery(host.roomDb, keys, host.now())] : []);
}

/**
 * A level the store reports. The first known of a variant and location is
 * where the room starts from; an older one than the room has is late and
 * changes nothing; a change is held until it settles (see above). Answers
 * whether it was applied, and asks for the alarm when a change waits.
 */
export async function applyStoreLevel(host: RoomHost, report: StoreLevelReport): Promise<boolean> {
  if (report.available === null) return false;
  const link = findVariantLink(host.roomDb, { inventoryItemId: report.inventoryItemId });
  if (!link) return false;
  const level = findLevel(host.roomDb, report.inventoryItemId, report.storeLocationId);
  const write = new StoreWrite(host);
  if (!level) {
    write.setLevel({ ...report, available: report.available, later: "[]", pending: 0, settlesAt: 0, reported: true });
    write.commit([]);
    return true;
  }
  // Older than the level the room has: late, and changes nothing. The same second is not older:
  // the store's times are whole seconds, and the later of two reports of one second is the newer.
  if (report.reportedAt < level.reportedAt) return false;
  // What the store had then: the level without what moved it after the report was made.
  const later = laterOf(level).filter(([at]) => at > report.reportedAt);
  const since = later.reduce((sum, [, delta]) => sum + delta, 0);
  const pending = level.pending + (report.available - (level.available - since));
  const settlesAt = pending === 0 ? 0 : level.settlesAt || host.now() + SETTLE_MS;
  write.setLevel({
    ...level,
    available: report.available + since,
    reportedAt: report.reportedAt,
    later: JSON.stringify(later),
    pending,
    settlesAt,
    reported: true,
  });
  write.commit([]);
  if (settlesAt > 0) await host.wakeAt(settlesAt);
  return true;
}

/**
 * At the room's alarm: changes reported by the store that no order or
 * return explained in time become corrections from the store. Answers when
 * the next one settles.
 */
export async function settleStoreLevels(host: RoomHost, now = host.now()): Promise<number | null> {
  for (;;) {
    const due = await host.writes.run(async () => {
      const levels = settledLevels(host.roomDb, now, SETTLED_PER_TURN);
      const write = new StoreWrite(host);
      for (const level of levels) {
        write.setLevel({ ...level, pending: 0, settlesAt: 0 });
        const link = findVariantLink(host.roomDb, { inventoryItemId: level.inventoryItemId });
        const item = link ? findItemRow(host.roomDb, host.roomId, link.itemId) : null;
        const place = placeOf(host, level.storeLocationId);
        if (!link || !item || !place.locationId) continue;
        write.add(item, {
          variantId: link.variantId,
          locationId: place.locationId,
          delta: level.pending,
          reason: "correction",
          note: "Changed in the store",
        });
      }
      write.commit([]);
      return levels.length;
    });
    if (due < SETTLED_PER_TURN) return nextSettle(host.roomDb);
  }
}

/** When the room's alarm should next settle store levels (each wake), or null. */
export async function storeLevelsDue(host: RoomHost): Promise<number | null> {
  return nextSettle(host.roomDb);
}

/**
 * Our movements reached the store (store-push.ts), sent at `sentAt`: a
 * level it reported since already has them (the store's times are whole
 * seconds, so the same second counts as since); one it reports next will.
 * The caller holds host.writes.
 */
export async function storeHasOurs(
  host: RoomHost,
  sent: readonly {
    inventoryItemId: string;
    storeLocationId: string;
    delta: number;
    sentAt: number;
    movementId: string;
  }[],
): Promise<void> {
  const write = new StoreWrite(host);
  for (const row of sent) {
    const link = findVariantLink(host.roomDb, { inventoryItemId: row.inventoryItemId });
    const item = link ? findItemRow(host.roomDb, host.roomId, link.itemId) : null;
    if (!link || !item) continue;
    const target = { item, variantId: link.variantId, inventoryItemId: row.inventoryItemId };
    const place = placeOf(host, row.storeLocationId);
    explain(write, target, place, row.delta, sentAtFor(row.sentAt), "");
  }
  write.commit([]);
}

/** Whether the store reports this inventory item's levels to the room: its stock then moves only by movements. */
export function storeReportsLevels(host: RoomHost, inventoryItemId: string): boolean {
  return inventoryItemId !== "" && hasLevels(host.roomDb, inventoryItemId);
}

/**
 * A product just made in the store holds what publishing put at each
 * place: the store's levels the room starts from (so a change reported
 * later is measured from there, and our movements sent since add to it).
 */
export function startingLevels(
  host: RoomHost,
  item: ItemDoc,
  links: readonly StoreVariantRow[],
  places: StockPlaces,
): RoomStatement[] {
  const variants = variantsOf(item);
  return links.flatMap((link) => {
    const variant = variants.find((each) => each._id === link.variantId);
    if (!variant || !link.inventoryItemId) return [];
    return stockAtPlaces(variant, places).map((at) =>
      saveLevelQuery(host.roomDb, {
        inventoryItemId: link.inventoryItemId,
        storeLocationId: at.locationId,
        available: at.quantity,
        reportedAt: startedAt(host.now()),
        later: "[]",
        pending: 0,
        settlesAt: 0,
        reported: false,
      }),
    );
  });
}
