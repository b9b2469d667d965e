/**
 * A person's item writes, and the server's own (publishing, the store
 * sync): add, edit, restore, remove, photos. Each is one turn of the room's
 * write queue (host.writes): read and checked here, then written, read
 * back and announced by the write pipeline (item-pipeline.ts).
 */

import * as v from "valibot";
import { productEditFields, type QuantityMeanwhile, type VariantDoc } from "../../protocol/api";
import { type ItemFields, type ItemPatch, itemFieldsSchema, itemPatchSchema } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import { findRoomFile } from "../db/room/files-repo";
import { wasRemoved } from "../db/room/item-history-repo";
import { findItem, toItemDoc } from "../db/room/items-repo";
import type { RoomStatement } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import type { RoomHost } from "../rooms/room-host";
import { roomRecord } from "../rooms/room-record";
import { changedFields } from "./item-changes";
import { writeItems } from "./item-pipeline";
import { assertCodesFree, assertPhotosHere, historyEntry, invalid, made } from "./item-writes";
import { keptAtRemoval, restoredVariantMoves } from "./restored-variants";
import { arrivalMoves, removalMoves, totalMoves } from "./stock-moves";

/** An item someone adds (by hand, from a scan, offline and sent later): its labels go to the print station. */
export function addItem(host: RoomHost, actor: string, input: unknown, id = newId()): Promise<string> {
  return host.writes.run(() => addNow(host, actor, input, id, {}, undefined, true), actor);
}

/**
 * Statements to run in the same batch as a new item, before it (e.g. the
 * file record of the photo it is made from), and the photos they add.
 */
export interface CreatedWith {
  statements: RoomStatement[];
  photoIds: string[];
  /** Announces what the statements made, before the item is announced. */
  beforeAnnounce?: () => void;
}

async function addNow(
  host: RoomHost,
  actor: string,
  input: unknown,
  id: string,
  server: ServerFields = {},
  createdWith: CreatedWith = { statements: [], photoIds: [] },
  /** Someone made it (not the server from a store product): its labels are queued for the print station. */
  byPerson = false,
): Promise<string> {
  const parsed = v.safeParse(itemFieldsSchema, input);
  if (!parsed.success) throw invalid(parsed.issues);
  // Creates are idempotent on their id (docs/protocol.md §9): a call re-sent after its
  // answer was lost finds its item made — or made and removed — and does
  // nothing more.
  if ((await findItem(host.roomDb, host.roomId, id)) || (await wasRemoved(host.roomDb, host.roomId, id))) return id;
  // A new item is priced in the room's currency unless it says otherwise.
  const currency = parsed.output.currency ?? (await roomRecord(host))?.currency;
  const fields: ItemFields = { ...parsed.output, ...(currency ? { currency } : {}), ...server };
  await assertCodesFree(host, fields);
  await assertPhotosHere(
    host,
    fields.photos?.filter((photo) => !createdWith.photoIds.includes(photo)),
  );
  const entry = historyEntry(host, id, actor, "created", {});
  const moves = arrivalMoves(
    host.roomDb,
    { id, roomId: host.roomId, costCents: fields.costCents },
    fields.quantity,
    "Added with the item",
    made(host, actor, entry.at),
  );
  writeItems(host, {
    actor,
    at: entry.at,
    items: [{ id, before: null, row: { insert: fields, columns: moves ? { stock: moves.stock } : {} }, entry, moves }],
    first: createdWith.statements,
    announceFirst: createdWith.beforeAnnounce,
    labels: byPerson ? { kind: "added", title: fields.title } : undefined,
  });
  return id;
}

/**
 * A new item made together with other rows in one transaction (all or none), for
 * a caller that holds host.writes: e.g. finishing a photo upload creates
 * the photo's file record and its item at once (someone's, so its labels are queued).
 */
export function addItemWithNow(
  host: RoomHost,
  actor: string,
  input: unknown,
  id: string,
  createdWith: CreatedWith,
): Promise<string> {
  return addNow(host, actor, input, id, {}, createdWith, true);
}

/** An item made by the server (e.g. from a store product), for a caller that holds host.writes. */
export function addItemNow(
  host: RoomHost,
  actor: string,
  input: unknown,
  server: ServerFields,
  id = newId(),
): Promise<string> {
  return addNow(host, actor, input, id, server);
}

/**
 * An edit by the server (publishing, the store sync, a stocktake applied),
 * for a caller that holds host.writes. `via` says in the item's history
 * what the change came from (e.g. `stocktake:<id>`).
 */
export function editItemNow(
  host: RoomHost,
  actor: string,
  id: string,
  input: unknown,
  server: ServerFields = {},
  via = "",
): Promise<void> {
  return editNow(host, actor, id, input, server, via).then(() => {});
}

/** Edits an item; answers what happened meanwhile when a typed total had changed since it was seen. */
export function editItem(host: RoomHost, actor: string, id: string, input: unknown): Promise<QuantityMeanwhile | null> {
  return host.writes.run(() => editNow(host, actor, id, input), actor);
}

/**
 * Fields only the server sets: the store link, written by publishing and by
 * the store sync (client input never reaches here with it — the schemas refuse it).
 */
export interface ServerFields {
  storeProductId?: string;
}

async function editNow(
  host: RoomHost,
  actor: string,
  id: string,
  input: unknown,
  server: ServerFields = {},
  via = "",
): Promise<QuantityMeanwhile | null> {
  const parsed = v.safeParse(itemPatchSchema, input);
  if (!parsed.success) throw invalid(parsed.issues);
  const before = await findItem(host.roomDb, host.roomId, id);
  if (!before) throw new LiveError(404, "Item not found");
  const { quantityWas, ...asked } = parsed.output;
  // A total typed over one that changed meanwhile records the difference from what was seen (docs/stock.md).
  const meanwhile = seenMeanwhile(before, asked.quantity, quantityWas);
  const patch: ItemPatch & ServerFields = {
    ...asked,
    ...(meanwhile ? { quantity: meanwhile.now } : {}),
    ...server,
  };
  await assertCodesFree(host, patch, id);
  await assertPhotosHere(host, patch.photos);
  const ownVariants = before.variants === "[]" ? {} : variantEdit(before, patch);
  const changes = changedFields(toItemDoc(before), patch);
  if (Object.keys(changes).length === 0) return meanwhile;
  const entry = historyEntry(host, id, actor, "updated", changes, via);
  const moves = totalMoves(host.roomDb, before, patch.quantity, made(host, actor, entry.at), via);
  writeItems(host, {
    actor,
    at: entry.at,
    items: [{ id, before, row: { update: patch, columns: moves ? moves.columns : ownVariants }, entry, moves }],
  });
  return meanwhile;
}

/**
 * When a total typed as `typed` was typed over `was` and the item holds
 * something else now, what to record instead: the difference from what was
 * seen, added to what there is (never below 0).
 */
export function seenMeanwhile(
  before: Pick<ItemRow, "quantity" | "updatedBy">,
  typed: number | undefined,
  was: number | undefined,
  found = before.quantity,
): QuantityMeanwhile | null {
  if (typed === undefined || was === undefined || found === was) return null;
  return { was, typed, found, by: before.updatedBy, now: countOverSeen(found, typed, was) };
}

/**
 * What a typed count sets when what is held (`found`) is not what the person saw (`seen`): the
 * difference from what they saw, added to what is there now (docs/stock.md); the count itself when
 * they saw what is there, or nothing is known of what they saw.
 */
export function countOverSeen(found: number, typed: number, seen: number | undefined): number {
  return seen !== undefined && seen !== found ? Math.max(0, found + typed - seen) : typed;
}

/** An edit of a product sold in variants (protocol/variants.ts productEditFields): a price set is every variant's. */
function variantEdit(before: ItemRow, patch: ItemPatch): Partial<ItemRow> {
  const { variants } = productEditFields(toItemDoc(before), patch);
  return variants ? { variants: JSON.stringify(variants) } : {};
}

async function photosOf(host: RoomHost, id: string): Promise<string[]> {
  const row = await findItem(host.roomDb, host.roomId, id);
  if (!row) throw new LiveError(404, "Item not found");
  return toItemDoc(row).photos;
}

/** Appends a photo to the item's photos as they are now (not as a client last saw them). */
export function addItemPhoto(host: RoomHost, actor: string, id: string, photoId: string): Promise<void> {
  return host.writes.run(async () => {
    const photos = await photosOf(host, id);
    if (photos.includes(photoId)) return;
    await editNow(host, actor, id, { photos: [...photos, photoId] });
  }, actor);
}

/** Moves one photo to `index` in the item's current order, so concurrent moves and additions all count. */
export function moveItemPhoto(host: RoomHost, actor: string, id: string, photoId: string, index: number) {
  return host.writes.run(async () => {
    const photos = await photosOf(host, id);
    if (!photos.includes(photoId)) throw new LiveError(404, "That photo is not on this item");
    const next = photos.filter((photo) => photo !== photoId);
    next.splice(Math.min(index, next.length), 0, photoId);
    await editNow(host, actor, id, { photos: next });
  }, actor);
}

/**
 * Brings a removed item back under its id (the undo of a remove), with the
 * fields it had — as the person undoing saw them. Only an item this room
 * removed comes back, and only once; its store link does not (the product
 * was archived when the item went), so a listed item comes back ready.
 */
export function restoreItem(host: RoomHost, actor: string, id: string, input: unknown): Promise<void> {
  return host.writes.run(async () => {
    if (await findItem(host.roomDb, host.roomId, id)) return;
    if (!(await wasRemoved(host.roomDb, host.roomId, id))) throw new LiveError(404, "Item not found");
    const parsed = v.safeParse(itemFieldsSchema, input);
    if (!parsed.success) throw invalid(parsed.issues);
    const fields: ItemFields = {
      ...parsed.output,
      ...(parsed.output.status === "listed" ? { status: "ready" as const } : {}),
    };
    await assertCodesFree(host, fields);
    const photos = fields.photos ?? [];
    const present = await Promise.all(photos.map((photo) => findRoomFile(host.roomDb, host.roomId, photo)));
    fields.photos = photos.filter((_, index) => present[index]?.collection === "itemPhotos");
    const entry = historyEntry(host, id, actor, "restored", {});
    const kept = await keptAtRemoval(host, id);
    const sold = kept.product;
    const moves = sold
      ? restoredVariantMoves(host, id, sold.variants, made(host, actor, entry.at))
      : arrivalMoves(
          host.roomDb,
          { id, roomId: host.roomId, costCents: fields.costCents },
          fields.quantity,
          "Item restored",
          made(host, actor, entry.at),
        );
    const server = sold ? { options: JSON.stringify(sold.options), ...(moves?.columns ?? {}) } : {};
    const columns = {
      ...server,
      ...(moves ? { stock: moves.stock, quantity: moves.quantity } : {}),
      // Its labels name it again (the directory kept the code: share-codes.ts).
      ...(kept.shareCode ? { shareCode: kept.shareCode } : {}),
    };
    writeItems(host, {
      actor,
      at: entry.at,
      items: [{ id, before: null, row: { insert: fields, columns }, entry, moves }],
    });
  }, actor);
}

export function removeItem(host: RoomHost, actor: string, id: string): Promise<void> {
  return host.writes.run(() => removeNow(host, actor, id), actor);
}

async function removeNow(host: RoomHost, actor: string, id: string): Promise<void> {
  const before = await findItem(host.roomDb, host.roomId, id);
  // Removing is idempotent too: a re-sent remove of an item already removed is done.
  if (!before && (await wasRemoved(host.roomDb, host.roomId, id))) return;
  if (!before) throw new LiveError(404, "Item not found");
  // A product sold in variants leaves them in its history, so an undo of the remove brings them back.
  const variants =
    before.variants === "[]"
      ? {}
      : {
          options: { from: JSON.parse(before.options) as string[], to: null },
          variants: { from: JSON.parse(before.variants) as VariantDoc[], to: null },
        };
  const code = before.shareCode ? { shareCode: { from: before.shareCode, to: null } } : {};
  const entry = historyEntry(host, id, actor, "removed", {
    title: { from: before.title, to: null },
    ...variants,
    ...code,
  });
  const moves = removalMoves(before, made(host, actor, entry.at));
  writeItems(host, { actor, at: entry.at, items: [{ id, before, row: { remove: true }, entry, moves }] });
}
