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
import { type ItemDoc, type MovementReason, STORE_ACTOR, variantsOf } from "../../protocol/api";
import { findItemRow } from "../db/room/item-statements";
import { findVariantByCode } from "../db/room/items-repo";
import { firstLocationId } from "../db/room/locations-repo";
import { type RoomStatement, runTogether } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import {
  eventsSeen,
  findLevel,
  findStoreLocation,
  findVariantLink,
  hasLevels,
  linkVariantsQueries,
  listStoreLocations,
  nextSettle,
  recordEventsQuery,
  saveLevelQuery,
  settledLevels,
} from "../db/room/store-stock-repo";
import type { StoreLevelRow, StoreVariantRow } from "../db/room/store-stock-tables";
import { type ItemChange, writeItems } from "../inventory/item-pipeline";
import { made } from "../inventory/item-writes";
import { stockOnlyChange } from "../inventory/stock-change";
import { type StockChange, stockMoves } from "../inventory/stock-moves";
import type { RoomHost } from "../rooms/room-host";
import { type StockPlaces, stockAtPlaces } from "./product-input";
import type { StoreLevelReport, StoreRestock, StoreSale } from "./store-stock-payloads";

/** How long a reported change waits for the order that explains it before it is a correction. */
export const SETTLE_MS = 60_000;

/** Events kept per level to compare a late report with (a report later than that many changes is rare). */
const LATER_KEPT = 200;

/** Level changes settled per turn of the write queue. */
const SETTLED_PER_TURN = 100;

/** Where a store location's stock is here: the store's location (known or not) and the room's, or null for none. */
interface Place {
  storeLocationId: string;
  locationId: string | null;
}

/**
 * The room location a store location's stock is. An online order names
 * none: it is the store's first location's. A room that has not read the
 * store's locations yet keeps everything at its own first location.
 */
function placeOf(host: RoomHost, storeLocationId: string | null): Place {
  const known = listStoreLocations(host.roomDb);
  if (known.length === 0) return { storeLocationId: storeLocationId ?? "", locationId: firstLocationId(host.roomDb) };
  const id = storeLocationId ?? known.find((location) => location.active)?.storeLocationId ?? "";
  const location = findStoreLocation(host.roomDb, id);
  return { storeLocationId: id, locationId: location?.active && location.locationId ? location.locationId : null };
}

interface Target {
  item: ItemRow;
  variantId: string;
  inventoryItemId: string;
}

/**
 * The variant here a store variant is: by its link, else by its SKU (then
 * linked, so the next order finds it at once). Null for one the room does
 * not have: its sale is the store's alone.
 */
function targetOf(host: RoomHost, storeVariantId: string | null, sku: string, links: RoomStatement[]): Target | null {
  const link = storeVariantId ? findVariantLink(host.roomDb, { storeVariantId }) : null;
  if (link) {
    const item = findItemRow(host.roomDb, host.roomId, link.itemId);
    return item ? { item, variantId: link.variantId, inventoryItemId: link.inventoryItemId } : null;
  }
  const found = sku ? findVariantByCode(host.roomDb, sku) : null;
  const item = found ? findItemRow(host.roomDb, host.roomId, found.itemId) : null;
  if (!found || !item) return null;
  if (storeVariantId) {
    links.push(
      ...linkVariantsQueries(host.roomDb, [
        {
          storeVariantId,
          inventoryItemId: "",
          productId: item.storeProductId,
          itemId: item.id,
          variantId: found.variantId,
        },
      ]),
    );
  }
  return { item, variantId: found.variantId, inventoryItemId: "" };
}

/** Stock changes gathered per item, with what the store's levels must say after them. */
class StoreWrite {
  private readonly changes = new Map<string, { item: ItemRow; changes: StockChange[] }>();
  private readonly levels = new Map<string, StoreLevelRow>();
  readonly statements: RoomStatement[] = [];

  constructor(private readonly host: RoomHost) {}

  add(item: ItemRow, change: StockChange): void {
    const entry = this.changes.get(item.id) ?? { item, changes: [] };
    entry.changes.push(change);
    this.changes.set(item.id, entry);
  }

  /** The store's level of an inventory item at a location as this write has left it (null when unknown). */
  level(inventoryItemId: string, storeLocationId: string): StoreLevelRow | null {
    if (!inventoryItemId) return null;
    const key = `${inventoryItemId} ${storeLocationId}`;
    const level = this.levels.get(key) ?? findLevel(this.host.roomDb, inventoryItemId, storeLocationId);
    return level ? { ...level } : null;
  }

  setLevel(level: StoreLevelRow): void {
    this.levels.set(`${level.inventoryItemId} ${level.storeLocationId}`, level);
  }

  /** Writes it all in one transaction: the movements, the levels, and `also`. */
  commit(also: readonly RoomStatement[]): number {
    const { host } = this;
    const at = host.now();
    const items: ItemChange[] = [];
    for (const { item, changes } of this.changes.values()) {
      const moves = stockMoves(item, changes, made(host, STORE_ACTOR, at));
      items.push(stockOnlyChange(host, STORE_ACTOR, item, moves, "store"));
    }
    const levels = [...this.levels.values()].map((level) => saveLevelQuery(host.roomDb, level));
    const last = [...this.statements, ...also, ...levels];
    if (items.length === 0) {
      if (last.length) runTogether(host.roomDb, last);
      return 0;
    }
    writeItems(host, { actor: STORE_ACTOR, at, items, last });
    return items.reduce((sum, change) => sum + (change.moves?.rows.length ?? 0), 0);
  }
}

/**
 * The store's times are whole seconds, ours milliseconds. Within one
 * second, the room orders things as they can only have happened: the
 * product made (its starting level), then our adjustments, then the
 * store's sales and reports of that second — so a report of the same
 * second includes our adjustment, and a sale of that second comes after
 * the product was made.
 */
export const startedAt = (ms: number) => Math.floor(ms / 1000) * 1000 - 2;
const sentAtFor = (ms: number) => Math.floor(ms / 1000) * 1000 - 1;

/** The events moved into a level since its report: [at, delta] pairs. */
function laterOf(level: StoreLevelRow): [number, number][] {
  try {
    const parsed = JSON.parse(level.later) as unknown;
    return Array.isArray(parsed) ? (parsed as [number, number][]) : [];
  } catch {
    return [];
  }
}

/**
 * A store event's part in a level: an event after the last reported level
 * moves it (the next report will include it); one the report already
 * included explains part of its pending change — or, once that change was
 * written as a correction, takes it back here.
 */
function explain(write: StoreWrite, target: Target, place: Place, delta: number, at: number, reference: string): void {
  const level = write.level(target.inventoryItemId, place.storeLocationId);
  if (!level) return;
  if (at > level.reportedAt) {
    // The newest LATER_KEPT: a room whose store sends no reports must not grow this for ever.
    const later = [...laterOf(level), [at, delta]].slice(-LATER_KEPT);
    write.setLevel({ ...level, available: level.available + delta, later: JSON.stringify(later) });
    return;
  }
  if (level.settlesAt > 0) {
    const pending = level.pending - delta;
    write.setLevel({ ...level, pending, settlesAt: pending === 0 ? 0 : level.settlesAt });
    return;
  }
  if (place.locationId) {
    write.add(target.item, {
      variantId: target.variantId,
      locationId: place.locationId,
      delta: -delta,
      reason: "correction",
      note: "The store's count had this already",
      reference,
    });
  }
}

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
