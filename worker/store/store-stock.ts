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
import { type MovementReason, STORE_ACTOR } from "../../protocol/api";
import { findItemRow } from "../db/room/item-statements";
import { findVariantByCode } from "../db/room/items-repo";
import { firstLocationId } from "../db/room/locations-repo";
import { type RoomStatement, runTogether } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import { findListing, listingSentQuery } from "../db/room/store-listings-repo";
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
import type { StoreLevelRow } from "../db/room/store-stock-tables";
import { type ItemChange, writeItems } from "../inventory/item-pipeline";
import { made } from "../inventory/item-writes";
import { stockOnlyChange } from "../inventory/stock-change";
import { type StockChange, stockMoves } from "../inventory/stock-moves";
import type { RoomHost } from "../rooms/room-host";
import { parseSent } from "./store-fields";
import type { StoreLevelReport, StoreRestock, StoreSale } from "./store-stock-payloads";

/** How long a reported change waits for the order that explains it before it is a correction. */
export const SETTLE_MS = 60_000;

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

/** Stock changes gathered per item, with what the store's levels and listings must say after them. */
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
    const listings: RoomStatement[] = [];
    for (const { item, changes } of this.changes.values()) {
      const moves = stockMoves(item, changes, made(host, STORE_ACTOR, at));
      items.push(stockOnlyChange(host, STORE_ACTOR, item, moves, "store"));
      listings.push(...this.inStepWithStore(item, moves.quantity));
    }
    const levels = [...this.levels.values()].map((level) => saveLevelQuery(host.roomDb, level));
    const last = [...this.statements, ...also, ...levels, ...listings];
    if (items.length === 0) {
      if (last.length) runTogether(host.roomDb, last);
      return 0;
    }
    writeItems(host, { actor: STORE_ACTOR, at, items, last });
    return items.reduce((sum, change) => sum + (change.moves?.rows.length ?? 0), 0);
  }

  /**
   * What the store has of a published item now includes this change: an
   * edit it causes here is not sent back (publish.ts sends what differs).
   */
  private inStepWithStore(item: ItemRow, quantity: number): RoomStatement[] {
    const listing = this.listings.get(item.id);
    const sent = listing ? parseSent(listing.sent) : null;
    if (!listing || !sent) return [];
    return [listingSentQuery(this.host.roomDb, this.host.roomId, item.id, JSON.stringify({ ...sent, quantity }))];
  }

  readonly listings = new Map<string, { sent: string }>();

  async loadListings(): Promise<void> {
    for (const { item } of this.changes.values()) {
      const listing = await findListing(this.host.roomDb, this.host.roomId, item.id);
      if (listing) this.listings.set(item.id, listing);
    }
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
    write.setLevel({ ...level, available: level.available + delta });
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
  await write.loadListings();
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
  await write.loadListings();
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
    write.setLevel({ ...report, available: report.available, pending: 0, settlesAt: 0 });
    write.commit([]);
    return true;
  }
  if (report.reportedAt <= level.reportedAt) return false;
  const pending = level.pending + (report.available - level.available);
  const settlesAt = pending === 0 ? 0 : level.settlesAt || host.now() + SETTLE_MS;
  write.setLevel({ ...level, available: report.available, reportedAt: report.reportedAt, pending, settlesAt });
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
      await write.loadListings();
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
 * Our own change reached the store (publishing set its stock): the level
 * the store will report next is that, not a change to move stock by.
 */
export function storeLevelSetByUs(
  host: RoomHost,
  inventoryItemId: string,
  storeLocationId: string,
  available: number,
): Promise<void> {
  return host.writes.run(async () => {
    const level = findLevel(host.roomDb, inventoryItemId, storeLocationId);
    if (level) runTogether(host.roomDb, [saveLevelQuery(host.roomDb, { ...level, available })]);
  });
}

/** Whether the store reports this inventory item's levels to the room: its stock then moves only by movements. */
export function storeReportsLevels(host: RoomHost, inventoryItemId: string): boolean {
  return inventoryItemId !== "" && hasLevels(host.roomDb, inventoryItemId);
}
