/**
 * A restore's photos (backup-restore.ts, docs/operations.md §7): each file's
 * original and the copies its collection makes, from the backup's ZIP into
 * the new room's storage, streamed, never held whole.
 */
import type { ZipEntry } from "unzipit";
import { MAX_PUBLIC_COPY_SIZE, PUBLIC_COPY_TYPES } from "../../protocol/files";
import type { RestoredFile } from "../db/room/backup-rows";
import { collectionConfig } from "../db/room/files-repo";
import { storagePathOf } from "../files/files-service";
import { stripPhotoTags } from "../files/strip-tags";
import { originalEntry, versionEntry } from "./backup-entries";
import { type BackupFile, BackupUnreadable } from "./backup-file";
import type { RoomHost } from "./room-host";

/**
 * One file's original and copies into the room's storage; answers its
 * copies as its record lists them, or null when the backup has no original.
 * A copy the backup lacks (one made before backups kept copies) is made
 * from the original with its photo tags stripped, as an imported photo's
 * are; where that cannot be done the copy is left out, and the original
 * serves in its place.
 */
export async function copyFile(
  host: RoomHost,
  backup: BackupFile,
  file: RestoredFile,
): Promise<Record<string, unknown> | null> {
  const original = backup.entries.get(originalEntry(file.collection, file.old_id, file.name));
  const config = collectionConfig(file.collection);
  // No bytes, a collection this release does not have, or more bytes than it takes: no record either.
  if (!original || !config || original.size > config.maxSize) return null;
  const storagePath = storagePathOf(host.roomId, file.collection, file.file_id);
  const stored = await copyEntry(host, original, `${storagePath}/original`, file.type);
  if (!stored) return null;
  const listed = parseObject(file.versions);
  const versions: Record<string, unknown> = {};
  if ("original" in listed) {
    versions.original = { size: stored.size, type: file.type, extension: file.extension, etag: stored.etag };
  }
  /** The original with its photo tags stripped, made once for every copy a version 1 backup lacks. */
  let stripped: Uint8Array | null | undefined;
  // Only the copies this collection makes: a backup cannot ask for others.
  for (const version of config.versions) {
    const kept = listed[version] as { type?: unknown; extension?: unknown } | undefined;
    if (!kept || typeof kept.type !== "string" || typeof kept.extension !== "string") continue;
    const { type, extension } = kept as { type: string; extension: string };
    const key = `${storagePath}/${version}`;
    const entry = backup.entries.get(versionEntry(file.collection, file.old_id, version, extension));
    if (entry) {
      if (entry.size > MAX_PUBLIC_COPY_SIZE) continue;
      const copy = await copyEntry(host, entry, key, type);
      if (copy) versions[version] = { size: copy.size, type, extension, etag: copy.etag };
      continue;
    }
    // A backup from before copies were kept: the original, its photo tags stripped, serves as the copy.
    if (stripped === undefined) {
      stripped = null;
      if (PUBLIC_COPY_TYPES.includes(file.type) && original.size <= MAX_PUBLIC_COPY_SIZE) {
        const result = stripPhotoTags(new Uint8Array(await original.arrayBuffer()), file.type);
        if (result.ok) stripped = result.bytes;
      }
    }
    if (!stripped) continue;
    const put = await host.bucket.put(key, stripped, { httpMetadata: { contentType: file.type } });
    versions[version] = { size: stripped.byteLength, type: file.type, extension: file.extension, etag: put.httpEtag };
  }
  return versions;
}

/**
 * A ZIP entry into R2 as it streams (its size is in the ZIP's directory):
 * never held whole in memory. An entry that cannot be read (damaged, or not
 * the size the directory says) answers null, as bytes the backup lacks; a
 * storage write that fails throws, to be tried again.
 */
async function copyEntry(
  host: RoomHost,
  entry: ZipEntry,
  key: string,
  contentType: string,
): Promise<{ size: number; etag: string } | null> {
  const { readable, writable } = new FixedLengthStream(entry.size);
  let source: ReadableStream<Uint8Array>;
  try {
    source = await entry.stream();
  } catch (error) {
    if (error instanceof BackupUnreadable) throw error;
    return null;
  }
  const piped = source.pipeTo(writable).then(
    () => null,
    (error: unknown) => error,
  );
  let put: R2Object;
  try {
    put = await host.bucket.put(key, readable, { httpMetadata: { contentType } });
  } catch (error) {
    const failed = await piped;
    if (failed && !(failed instanceof BackupUnreadable)) return null;
    throw error;
  }
  const failed = await piped;
  if (failed) {
    if (failed instanceof BackupUnreadable) throw failed;
    await host.bucket.delete(key);
    return null;
  }
  return { size: entry.size, etag: put.httpEtag };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
