/**
 * Finishing an upload (live `files.finish` and the HTTP route alike), so
 * that it cannot go wrong:
 * - the caller's *current* room role is checked (someone removed mid-upload
 *   cannot finish; their upload ends);
 * - public copies, and originals every member sees, have their photo tags
 *   stripped before they reach storage, whatever the client sent;
 * - the file record — and, for a photo that is to become a new item, the
 *   item — are written in one D1 batch, so a tab closed after "Uploaded"
 *   never leaves a file without its item;
 * - if that write fails, the bytes just stored are removed (no orphan);
 * - a re-sent finish answers the same file (and item), and runs once.
 */
import { COLLECTION } from "../../protocol/api";
import type { ItemFields } from "../../protocol/args";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import {
  extensionOf,
  FILE_ERRORS,
  type FinishedFile,
  NEW_ITEM_META_KEY,
  PUBLIC_COPY_TYPES,
} from "../../protocol/files";
import { seededId } from "../../protocol/random-stream";
import { owedToDirectory } from "../db/room/directory-outbox";
import {
  collectionConfig,
  findRoomFile,
  insertFileQuery,
  setFileVersions,
  toFileDoc,
  versionsOf,
} from "../db/room/files-repo";
import { runTogether } from "../db/room/room-database";
import type { FileRow } from "../db/room/room-schema";
import { addItemWithNow } from "../inventory/items-service";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { storagePathOf } from "./files-service";
import { stripPhotoTags } from "./strip-tags";
import type { StoredUpload } from "./upload-manager";
import type { UploadRow } from "./upload-store";

/** Refuses (and ends) an upload whose uploader may no longer upload here. */
export async function requireCurrentUploader(host: RoomHost, upload: UploadRow): Promise<void> {
  const config = collectionConfig(upload.collection);
  const role = await host.roleOf(upload.userId);
  if (!config || !role || !config.uploadRoles.includes(role)) {
    await host.uploads.revoke(upload);
    throw new LiveError(403, ERROR_TEXT.ACCESS_DENIED);
  }
}

/** Writes one chunk, after checking the caller may still upload here. */
export async function writeChunk(
  host: RoomHost,
  userId: string | null,
  uploadId: string,
  chunkId: number,
  bytes: Uint8Array,
): Promise<{ received: number }> {
  const upload = host.uploads.upload(uploadId, userId ?? "");
  await requireCurrentUploader(host, upload);
  return host.uploads.write(uploadId, upload.userId, chunkId, bytes);
}

/** Where the HTTP route may stream a whole part into R2, after checking the caller may still upload here. */
export async function partTarget(host: RoomHost, userId: string, uploadId: string, partNo: number, length: number) {
  const upload = host.uploads.upload(uploadId, userId);
  await requireCurrentUploader(host, upload);
  return host.uploads.partTarget(uploadId, upload.userId, partNo, length);
}

export function finishUpload(host: RoomHost, userId: string | null, uploadId: string): Promise<FinishedFile> {
  const caller = userId ?? "";
  return host.uploads.exclusive(uploadId, async () => {
    const earlier = host.uploads.finishedAs(uploadId, caller);
    if (earlier) return finishedFile(host, earlier.fileId, earlier.itemId);
    const upload = host.uploads.upload(uploadId, caller);
    await requireCurrentUploader(host, upload);
    let stored: StoredUpload;
    try {
      stored = await host.uploads.storeBytes(upload, tagStripperFor(upload));
    } catch (error) {
      // Bytes that cannot be made safe are not kept, and the upload cannot go on.
      if (error instanceof LiveError && error.error === 415) await host.uploads.revoke(upload);
      throw error;
    }
    let finished: FinishedFile;
    try {
      finished = upload.version === "original" ? await recordOriginal(host, stored) : await recordVersion(host, stored);
    } catch (error) {
      await host.uploads.discardStored(upload);
      throw error;
    }
    host.uploads.completed(upload, finished.itemId ?? null);
    return finished;
  });
}

/** What strips the tags of this upload's bytes, if they are to be public. */
function tagStripperFor(upload: UploadRow): ((bytes: Uint8Array) => Uint8Array) | undefined {
  const config = collectionConfig(upload.collection);
  const isPublicCopy = upload.version !== "original";
  const strippedOriginal = upload.version === "original" && config?.stripOriginal && canStrip(upload.type);
  if (!isPublicCopy && !strippedOriginal) return undefined;
  return (bytes) => {
    const stripped = stripPhotoTags(bytes, upload.type);
    if (!stripped.ok) throw new LiveError(415, `This image cannot be made safe to share: ${stripped.reason}`);
    return stripped.bytes;
  };
}

/** Originals whose tags the server strips (SVG logos have no photo tags to strip). */
function canStrip(type: string): boolean {
  return PUBLIC_COPY_TYPES.includes(type) || type === "image/gif";
}

async function recordOriginal(host: RoomHost, stored: StoredUpload): Promise<FinishedFile> {
  const { upload } = stored;
  const { [NEW_ITEM_META_KEY]: newItem, ...meta } = JSON.parse(upload.meta) as Record<string, unknown>;
  const row: FileRow = {
    id: upload.fileId,
    roomId: host.roomId,
    collection: upload.collection,
    name: upload.name,
    type: upload.type,
    size: stored.size,
    extension: extensionOf(upload.name),
    meta: JSON.stringify(meta),
    versions: JSON.stringify({ original: versionOf(stored) }),
    storagePath: storagePathOf(host.roomId, upload.collection, upload.fileId),
    userId: upload.userId,
    createdAt: host.now(),
  };
  const doc = toFileDoc(row);
  // The record and the directory entry a member's download looks the file up by are written together.
  const owed = owedToDirectory(host.roomDb, { kind: "file-room", fileId: row.id, roomId: host.roomId }, host.now());
  if (newItem === undefined) {
    runTogether(host.roomDb, [insertFileQuery(host.roomDb, row), owed]);
    host.emit({ collection: COLLECTION.FILES, id: row.id, doc: asDoc(doc), previous: null });
    await host.syncDirectory();
    return doc;
  }
  // The item's id comes from the file's, so a second attempt makes the same item (or finds it made).
  const itemId = seededId(upload.fileId, COLLECTION.ITEMS);
  const fields = { ...(newItem as Omit<ItemFields, "photos">), photos: [row.id] };
  await host.writes.run(async () => {
    await addItemWithNow(host, upload.userId, fields, itemId, {
      statements: [insertFileQuery(host.roomDb, row), owed],
      photoIds: [row.id],
      // Subscribers get the photo before the item that shows it.
      beforeAnnounce: () => host.emit({ collection: COLLECTION.FILES, id: row.id, doc: asDoc(doc), previous: null }),
    });
  }, upload.userId);
  await host.syncDirectory();
  return { ...doc, itemId };
}

async function recordVersion(host: RoomHost, stored: StoredUpload): Promise<FinishedFile> {
  const { upload } = stored;
  const file = await findRoomFile(host.roomDb, host.roomId, upload.fileId);
  if (!file) throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
  const before = toFileDoc(file);
  const versions = { ...versionsOf(file), [upload.version]: versionOf(stored) };
  await setFileVersions(host.roomDb, file.id, versions);
  const doc = toFileDoc({ ...file, versions: JSON.stringify(versions) });
  host.emit({ collection: COLLECTION.FILES, id: file.id, doc: asDoc(doc), previous: asDoc(before) });
  return doc;
}

function versionOf(stored: StoredUpload) {
  return {
    size: stored.size,
    type: stored.upload.type,
    extension: extensionOf(stored.upload.name),
    etag: stored.etag,
  };
}

/** A re-sent finish: the file as it is now (and the item made from it). */
async function finishedFile(host: RoomHost, fileId: string, itemId: string | null): Promise<FinishedFile> {
  const file = await findRoomFile(host.roomDb, host.roomId, fileId);
  if (!file) throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
  const doc = toFileDoc(file);
  return itemId ? { ...doc, itemId } : doc;
}
