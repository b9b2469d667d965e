/**
 * File operations of one room, shared by the live methods and the HTTP
 * upload route: every check happens before a byte is stored, and a file
 * becomes visible (D1 record + change to subscribers) only once complete.
 */
import * as v from "valibot";
import { COLLECTION } from "../../protocol/api";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import { chunkSizeOf, cleanFileName, extensionOf, FILE_ERRORS, type FileDoc, typeAllowed } from "../../protocol/files";
import { newId } from "../db/database";
import {
  collectionConfig,
  deleteFile,
  findRoomFile,
  insertFile,
  setFileVersions,
  toFileDoc,
  versionsOf,
} from "../db/files-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import type { UploadProgress } from "./upload-manager";

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

export async function startUpload(
  host: RoomHost,
  callerId: string | null,
  input: StartUpload,
): Promise<UploadProgress> {
  const { config, userId } = await requireUploader(host, callerId, input.collection);
  if (input.size <= 0) throw new LiveError(400, FILE_ERRORS.EMPTY);
  if (input.size > config.maxSize) {
    throw new LiveError(413, `File is too large: ${megabytes(input.size)}, at most ${megabytes(config.maxSize)}`);
  }
  const name = cleanFileName(input.name);
  if (!name) throw new LiveError(400, FILE_ERRORS.NO_NAME);
  const type = (input.type || "application/octet-stream").toLowerCase();
  if (!typeAllowed(config, type)) throw new LiveError(415, `Files of type ${type} are not accepted here`);

  const version = input.version ?? "original";
  let fileId = newId();
  if (version !== "original") {
    if (!config.versions.includes(version)) throw new LiveError(400, `Unknown version ${version}`);
    const file = input.fileId ? await findRoomFile(host.db, host.roomId, input.fileId) : null;
    if (!file || file.collection !== input.collection) throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
    fileId = file.id;
  }
  await host.uploads.cleanUpIdle();
  return host.uploads.start({
    collection: config.name,
    fileId,
    version,
    name,
    type,
    size: input.size,
    chunkSize: chunkSizeOf(config),
    meta: input.meta ?? {},
    userId,
    r2Key: `${storagePathOf(host.roomId, config.name, fileId)}/${version}`,
  });
}

export function storagePathOf(roomId: string, collection: string, fileId: string): string {
  return `rooms/${roomId}/${collection}/${fileId}`;
}

export async function finishUpload(host: RoomHost, userId: string | null, uploadId: string): Promise<FileDoc> {
  const { upload, etag } = await host.uploads.finish(uploadId, userId ?? "");
  const stored = { size: upload.size, type: upload.type, extension: extensionOf(upload.name), etag };
  if (upload.version === "original") {
    const row = {
      id: upload.fileId,
      roomId: host.roomId,
      collection: upload.collection,
      name: upload.name,
      type: upload.type,
      size: upload.size,
      extension: stored.extension,
      meta: upload.meta,
      versions: JSON.stringify({ original: stored }),
      storagePath: storagePathOf(host.roomId, upload.collection, upload.fileId),
      userId: upload.userId,
      createdAt: host.now(),
    };
    await insertFile(host.db, row);
    const doc = toFileDoc(row);
    host.emit({ collection: COLLECTION.FILES, id: row.id, doc: asDoc(doc), previous: null });
    return doc;
  }
  const file = await findRoomFile(host.db, host.roomId, upload.fileId);
  if (!file) {
    // Removed while this version was uploading: do not leave its bytes behind.
    await host.bucket.delete(upload.r2Key);
    throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
  }
  const before = toFileDoc(file);
  const versions = { ...versionsOf(file), [upload.version]: stored };
  await setFileVersions(host.db, file.id, versions);
  const doc = toFileDoc({ ...file, versions: JSON.stringify(versions) });
  host.emit({ collection: COLLECTION.FILES, id: file.id, doc: asDoc(doc), previous: asDoc(before) });
  return doc;
}

export async function removeFile(host: RoomHost, userId: string | null, fileId: string): Promise<void> {
  const file = await findRoomFile(host.db, host.roomId, fileId);
  if (!file) throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
  await requireUploader(host, userId, file.collection);
  await host.bucket.delete(Object.keys(versionsOf(file)).map((version) => `${file.storagePath}/${version}`));
  await deleteFile(host.db, file.id);
  host.emit({ collection: COLLECTION.FILES, id: file.id, doc: null, previous: asDoc(toFileDoc(file)) });
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
