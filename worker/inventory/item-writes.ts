/**
 * What every item writer's read and check steps share (before it hands its
 * plan to the write pipeline, item-pipeline.ts): the room's item by id,
 * codes and photos checked, its history entry and who makes its movements.
 */
import type * as v from "valibot";
import { LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import { findRoomFile } from "../db/room/files-repo";
import type { HistoryEntry } from "../db/room/item-history-repo";
import { findItem, findItemByBarcode, findItemBySku, findVariantByCode } from "../db/room/items-repo";
import type { ItemRow } from "../db/room/room-schema";
import type { RoomHost } from "../rooms/room-host";
import type { Made } from "./stock-moves";

export function invalid(issues: v.BaseIssue<unknown>[]): LiveError {
  return new LiveError(400, issues[0]?.message ?? "Invalid item");
}

export const skuTaken = (sku: string) => new LiveError(409, `SKU ${sku} is already used in this room`);
const barcodeTaken = (barcode: string, title?: string) =>
  new LiveError(409, `Barcode ${barcode} is already on ${title ? `“${title}”` : "another item"}`);

/** The codes that name one item of the room: its SKU and its barcode. */
export interface ItemCodes {
  sku?: string;
  barcode?: string;
}

/** A SKU or barcode another item of the room already has is refused, naming it. */
export async function assertCodesFree(host: RoomHost, codes: ItemCodes, exceptId?: string): Promise<void> {
  if (codes.sku) {
    const existing = findItemBySku(host.roomDb, host.roomId, codes.sku);
    if (existing && existing.id !== exceptId) throw skuTaken(codes.sku);
  }
  if (codes.barcode) {
    const existing = findItemByBarcode(host.roomDb, host.roomId, codes.barcode);
    if (existing && existing.id !== exceptId) throw barcodeTaken(codes.barcode, existing.title);
  }
  // A variant's own SKU or barcode (of another product) names it as surely.
  for (const code of [codes.sku, codes.barcode]) {
    const variant = code ? findVariantByCode(host.roomDb, code) : null;
    if (code && variant && variant.itemId !== exceptId) {
      throw code === codes.sku ? skuTaken(code) : barcodeTaken(code);
    }
  }
}

/**
 * Writes are queued, so the checks above hold; the unique indexes are the
 * last word all the same, and their refusals are reported in words: a SKU
 * or barcode in use in this room, or an item id (ids are global) already taken.
 */
export function guardUnique<T>(codes: ItemCodes, write: () => T): T {
  try {
    return write();
  } catch (error) {
    const text = String(error);
    if (text.includes("items.room_id, items.sku")) {
      throw codes.sku ? skuTaken(codes.sku) : new LiveError(409, "A SKU in this change is already used in this room");
    }
    if (text.includes("items.room_id, items.barcode")) {
      throw codes.barcode
        ? barcodeTaken(codes.barcode)
        : new LiveError(409, "A barcode in this change is already on another item");
    }
    if (text.includes("UNIQUE constraint failed: items.id")) throw new LiveError(409, "An item with this id exists");
    throw error;
  }
}

/** Photos must be this room's own item photos. */
export async function assertPhotosHere(host: RoomHost, photos: string[] | undefined): Promise<void> {
  for (const photoId of photos ?? []) {
    const file = await findRoomFile(host.roomDb, host.roomId, photoId);
    if (file?.collection !== "itemPhotos") throw new LiveError(400, `Photo ${photoId} is not in this room`);
  }
}

/** The room's item with this id, or a 404 in words. */
export async function itemHere(host: RoomHost, itemId: string): Promise<ItemRow> {
  const item = await findItem(host.roomDb, host.roomId, itemId);
  if (!item) throw new LiveError(404, "Item not found");
  return item;
}

export function historyEntry(
  host: RoomHost,
  itemId: string,
  actor: string,
  action: HistoryEntry["action"],
  changes: object,
  via = "",
): HistoryEntry {
  return { id: newId(), itemId, userId: actor, action, changes: JSON.stringify(changes), at: host.now(), via };
}

/** Who makes a write's stock movements, and when (its history entry's time). */
export function made(_host: RoomHost, actor: string, at: number): Made {
  return { by: actor, at, newId };
}
