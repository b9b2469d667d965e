/**
 * File operations of one room, shared by the live methods and the HTTP
 * upload route: every check happens before a byte is stored, and a file
 * becomes visible (D1 record + change to subscribers) only once complete.
 */
import * as v from "valibot";
import { COLLECTION } from "../../protocol/api";
import { type ItemFields, itemFieldsSchema } from "../../protocol/args";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import type { UploadProgress } from "../../protocol/files";
import {
  chunkSizeOf,
  cleanFileName,
  FILE_ERRORS,
  MAX_PUBLIC_COPY_SIZE,
  NEW_ITEM_META_KEY,
  PUBLIC_COPY_TYPES,
  typeAllowed,
} from "../../protocol/files";
import { newId } from "../db/directory/database";
import { owedToDirectory } from "../db/room/directory-outbox";
import { collectionConfig, deleteFileQuery, findRoomFile, toFileDoc, versionsOf } from "../db/room/files-repo";
import { runTogether } from "../db/room/room-database";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";

export const startUploadSchema = v.object(
  {
    collection: v.pipe(v.string("Collection must be text"), v.maxLength(64)),
    name: v.pipe(v.string("File name must be text"), v.maxLength(1024, "File name is too long")),
    type: v.optional(v.pipe(v.string("Type must be text"), v.maxLength(255, "Type is too long"))),
    size: v.pipe(v.number("Size must be a number"), v.integer("Size must be a whole number of bytes")),
    meta: v.optional(
      v.pipe(
        v.record(v.string(), v.unknown(), "Meta must be an object"),
        v.check((meta) => JSON.stringify(meta).length <= 16_000, "Meta is too large"),
      ),
    ),
    /** For a version other than the original: the file it belongs to. */
    fileId: v.optional(v.pipe(v.string(), v.maxLength(64))),
    version: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, "Unknown version"))),
  },
  "Upload options must be an object",
);
export type StartUpload = v.InferOutput<typeof startUploadSchema>;

/** A photo's new item: the item's fields but its photos (the server adds the photo being uploaded). */
const newItemSchema = v.omit(itemFieldsSchema, ["photos"]);

export function parseStartUpload(value: unknown): StartUpload {
  const result = v.safeParse(startUploadSchema, value);
  if (!result.success) throw new LiveError(400, result.issues[0]?.message ?? ERROR_TEXT.MATCH_FAILED);
  return result.output;
}

async function requireUploader(host: RoomHost, userId: string | null, collection: string) {
  const config = collectionConfig(collection);
  if (!config) throw new LiveError(404, `No file collection named ${collection}`);
  const role = userId ? await host.roleOf(userId) : null;
  if (!userId || !role || !config.uploadRoles.includes(role)) throw new LiveError(403, ERROR_TEXT.ACCESS_DENIED);
  return { config, userId };
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/**
 * "This file is too large (70.2 MB); the limit is 64 MB." Rounding can make a
 * file just over the limit read the same as the limit, so then both are also
 * given in bytes, which always differ.
 */
function tooLargeMessage(size: number, limit: number): string {
  if (megabytes(size) !== megabytes(limit)) {
    return `This file is too large (${megabytes(size)}); the limit is ${megabytes(limit)}.`;
  }
  const bytes = (n: number) => `${n.toLocaleString("en-US")} bytes`;
  return `This file is too large (${bytes(size)}); the limit is ${megabytes(limit)} (${bytes(limit)}).`;
}

export async function startUpload(
  host: RoomHost,
  callerId: string | null,
  input: StartUpload,
): Promise<UploadProgress> {
  const { config, userId } = await requireUploader(host, callerId, input.collection);
  if (input.size <= 0) throw new LiveError(400, FILE_ERRORS.EMPTY);
  if (input.size > config.maxSize) {
    throw new LiveError(413, tooLargeMessage(input.size, config.maxSize));
  }
  const name = cleanFileName(input.name);
  if (!name) throw new LiveError(400, FILE_ERRORS.NO_NAME);
  const type = (input.type || "application/octet-stream").toLowerCase();
  if (!typeAllowed(config, type)) throw new LiveError(415, `Files of type ${type} are not accepted here`);

  const version = input.version ?? "original";
  let fileId = newId();
  if (version !== "original") {
    if (!config.versions.includes(version)) throw new LiveError(400, `Unknown version ${version}`);
    assertPublicCopy(type, input.size);
    const file = input.fileId ? await findRoomFile(host.roomDb, host.roomId, input.fileId) : null;
    if (!file || file.collection !== input.collection) throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
    fileId = file.id;
  }
  const meta = { ...(input.meta ?? {}) };
  if (NEW_ITEM_META_KEY in meta) meta[NEW_ITEM_META_KEY] = parseNewItem(config.name, version, meta[NEW_ITEM_META_KEY]);
  await host.uploads.cleanUpIdle();
  return host.uploads.start({
    collection: config.name,
    fileId,
    version,
    name,
    type,
    size: input.size,
    chunkSize: chunkSizeOf(config),
    meta,
    userId,
    r2Key: `${storagePathOf(host.roomId, config.name, fileId)}/${version}`,
  });
}

/** Public copies are stored in one piece, in a type whose tags the server can strip. */
function assertPublicCopy(type: string, size: number): void {
  if (!PUBLIC_COPY_TYPES.includes(type)) {
    throw new LiveError(415, "A shareable copy must be a JPEG, PNG or WebP image");
  }
  if (size > MAX_PUBLIC_COPY_SIZE) {
    throw new LiveError(413, `A shareable copy may be at most ${MAX_PUBLIC_COPY_SIZE / 1024 / 1024} MB`);
  }
}

/** The new item's fields, checked now so finishing cannot fail on them (its photo is added at finish). */
function parseNewItem(collection: string, version: string, value: unknown): Omit<ItemFields, "photos"> {
  if (collection !== "itemPhotos" || version !== "original") {
    throw new LiveError(400, "Only an item photo can become a new item");
  }
  const parsed = v.safeParse(newItemSchema, value);
  if (!parsed.success) throw new LiveError(400, parsed.issues[0]?.message ?? "Invalid item");
  return parsed.output;
}

export function storagePathOf(roomId: string, collection: string, fileId: string): string {
  return `rooms/${roomId}/${collection}/${fileId}`;
}

export async function removeFile(host: RoomHost, userId: string | null, fileId: string): Promise<void> {
  const file = await findRoomFile(host.roomDb, host.roomId, fileId);
  if (!file) throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
  await requireUploader(host, userId, file.collection);
  await host.bucket.delete(Object.keys(versionsOf(file)).map((version) => `${file.storagePath}/${version}`));
  runTogether(host.roomDb, [
    deleteFileQuery(host.roomDb, file.id),
    owedToDirectory(host.roomDb, { kind: "file-room", fileId: file.id, roomId: null }, host.now()),
  ]);
  host.emit({ collection: COLLECTION.FILES, id: file.id, doc: null, previous: asDoc(toFileDoc(file)) });
  await host.syncDirectory();
}

/** Deleting a room: its uploads in progress and every R2 object of its files go too. */
export async function removeRoomFiles(host: RoomHost): Promise<void> {
  await host.uploads.discardAll();
  let cursor: string | undefined;
  do {
    const page = await host.bucket.list({ prefix: `rooms/${host.roomId}/`, cursor });
    if (page.objects.length > 0) await host.bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
