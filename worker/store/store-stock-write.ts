/**
 * One write of the store's stock events (store-stock.ts): where a store
 * location's stock is here, which variant a store variant is, the stock
 * changes gathered per item with what the store's levels must say after
 * them — committed together through the one write path — and how an
 * event moves the store's level as the room knows it (docs/stock.md,
 * "Stock from the store"). The caller holds host.writes.
 */
import { STORE_ACTOR } from "../../protocol/api";
import { findItemRow } from "../db/room/item-statements";
import { findItemBySku, findVariantByCode } from "../db/room/items-repo";
import { firstLocationId } from "../db/room/locations-repo";
import { type RoomStatement, runTogether } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import {
  findLevel,
  findStoreLocation,
  findVariantLink,
  linkVariantsQueries,
  listStoreLocations,
  saveLevelQuery,
} from "../db/room/store-stock-repo";
import type { StoreLevelRow } from "../db/room/store-stock-tables";
import { type ItemChange, writeItems } from "../inventory/item-pipeline";
import { made } from "../inventory/item-writes";
import { stockOnlyChange } from "../inventory/stock-change";
import { type StockChange, stockMoves } from "../inventory/stock-moves";
import type { RoomHost } from "../rooms/room-host";

/** Events kept per level to compare a late report with (a report later than that many changes is rare). */
const LATER_KEPT = 200;

/** Where a store location's stock is here: the store's location (known or not) and the room's, or null for none. */
export interface Place {
  storeLocationId: string;
  locationId: string | null;
}

/**
 * The room location a store location's stock is. An online order names
 * none: it is the store's first location's. A room that has not read the
 * store's locations yet keeps everything at its own first location.
 */
export function placeOf(host: RoomHost, storeLocationId: string | null): Place {
  const known = listStoreLocations(host.roomDb);
  if (known.length === 0) return { storeLocationId: storeLocationId ?? "", locationId: firstLocationId(host.roomDb) };
  const id = storeLocationId ?? known.find((location) => location.active)?.storeLocationId ?? "";
  const location = findStoreLocation(host.roomDb, id);
  return { storeLocationId: id, locationId: location?.active && location.locationId ? location.locationId : null };
}

export interface Target {
  item: ItemRow;
  variantId: string;
  inventoryItemId: string;
}

/**
 * The variant here a store variant is: by its link, else by its SKU (then
 * linked, so the next order finds it at once). Null for one the room does
 * not have: its sale is the store's alone.
 */
export function targetOf(
  host: RoomHost,
  storeVariantId: string | null,
  sku: string,
  links: RoomStatement[],
): Target | null {
  const link = storeVariantId ? findVariantLink(host.roomDb, { storeVariantId }) : null;
  if (link) {
    const item = findItemRow(host.roomDb, host.roomId, link.itemId);
    return item ? { item, variantId: link.variantId, inventoryItemId: link.inventoryItemId } : null;
  }
  // A variant's SKU, else a product without options whose own SKU it is (its one variant is the item).
  const variant = sku ? findVariantByCode(host.roomDb, sku) : null;
  const simple = !variant && sku ? findItemBySku(host.roomDb, host.roomId, sku) : null;
  const found = variant ?? (simple && simple.variants === "[]" ? { itemId: simple.id, variantId: simple.id } : null);
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
export class StoreWrite {
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
export const sentAtFor = (ms: number) => Math.floor(ms / 1000) * 1000 - 1;

/** The events moved into a level since its report: [at, delta] pairs. */
export function laterOf(level: StoreLevelRow): [number, number][] {
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
export function explain(
  write: StoreWrite,
  target: Target,
  place: Place,
  delta: number,
  at: number,
  reference: string,
): void {
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
