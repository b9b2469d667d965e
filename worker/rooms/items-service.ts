/**
 * Item writes for one room. The RoomDO is the only writer of its room's
 * items, so every write goes through here and is announced to subscribers.
 */
import * as v from "valibot";
import { COLLECTION, type ItemFields, type ItemPatch, itemFieldsSchema, itemPatchSchema } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { findRoomFile } from "../db/files-repo";
import { deleteItem, findItem, findItemBySku, insertItem, toItemDoc, updateItem } from "../db/items-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "./room-host";

function invalid(issues: v.BaseIssue<unknown>[]): LiveError {
  return new LiveError(400, issues[0]?.message ?? "Invalid item");
}

async function assertSkuFree(host: RoomHost, sku: string | undefined, exceptId?: string): Promise<void> {
  if (!sku) return;
  const existing = await findItemBySku(host.db, host.roomId, sku);
  if (existing && existing.id !== exceptId) throw new LiveError(409, `SKU ${sku} is already used in this room`);
}

/** Photos must be this room's own item photos. */
async function assertPhotosHere(host: RoomHost, photos: string[] | undefined): Promise<void> {
  for (const photoId of photos ?? []) {
    const file = await findRoomFile(host.db, host.roomId, photoId);
    if (file?.collection !== "itemPhotos") throw new LiveError(400, `Photo ${photoId} is not in this room`);
  }
}

export async function addItem(host: RoomHost, input: unknown, id?: string): Promise<string> {
  const parsed = v.safeParse(itemFieldsSchema, input);
  if (!parsed.success) throw invalid(parsed.issues);
  const fields: ItemFields = parsed.output;
  await assertSkuFree(host, fields.sku);
  await assertPhotosHere(host, fields.photos);
  const row = await insertItem(host.db, host.roomId, fields, id);
  host.emit({ collection: COLLECTION.ITEMS, id: row.id, doc: asDoc(toItemDoc(row)), previous: null });
  return row.id;
}

export async function editItem(host: RoomHost, id: string, input: unknown): Promise<void> {
  const parsed = v.safeParse(itemPatchSchema, input);
  if (!parsed.success) throw invalid(parsed.issues);
  const patch: ItemPatch = parsed.output;
  const before = await findItem(host.db, host.roomId, id);
  if (!before) throw new LiveError(404, "Item not found");
  await assertSkuFree(host, patch.sku, id);
  await assertPhotosHere(host, patch.photos);
  const row = await updateItem(host.db, host.roomId, id, patch);
  if (!row) throw new LiveError(404, "Item not found");
  host.emit({ collection: COLLECTION.ITEMS, id, doc: asDoc(toItemDoc(row)), previous: asDoc(toItemDoc(before)) });
}

export async function removeItem(host: RoomHost, id: string): Promise<void> {
  const before = await findItem(host.db, host.roomId, id);
  if (!before || !(await deleteItem(host.db, host.roomId, id))) throw new LiveError(404, "Item not found");
  host.emit({ collection: COLLECTION.ITEMS, id, doc: null, previous: asDoc(toItemDoc(before)) });
}
