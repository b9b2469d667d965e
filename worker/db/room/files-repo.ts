/** Finished file records, in the room's own SQLite. */
import { and, eq, inArray } from "drizzle-orm";
import {
  DEFAULT_DOWNLOAD_ROUTE,
  downloadPath,
  FILE_COLLECTIONS,
  type FileCollectionConfig,
  type FileDoc,
  type FileVersion,
  mediaFlags,
} from "../../../protocol/files";
import { chunks } from "./items-repo";
import type { RoomDatabase } from "./room-database";
import { type FileRow, files } from "./room-schema";

/** What the record keeps per version; the ETag answers If-None-Match without reading R2. */
export interface StoredVersion {
  size: number;
  type: string;
  extension: string;
  etag: string;
}

export function collectionConfig(name: string): FileCollectionConfig | null {
  return Object.hasOwn(FILE_COLLECTIONS, name)
    ? ((FILE_COLLECTIONS as Record<string, FileCollectionConfig>)[name] ?? null)
    : null;
}

export function versionsOf(row: FileRow): Record<string, StoredVersion> {
  return JSON.parse(row.versions) as Record<string, StoredVersion>;
}

export function toFileDoc(row: FileRow): FileDoc {
  const config = collectionConfig(row.collection);
  const route = config?.downloadRoute ?? DEFAULT_DOWNLOAD_ROUTE;
  const versions: Record<string, FileVersion> = {};
  for (const [name, version] of Object.entries(versionsOf(row))) {
    versions[name] = {
      path: downloadPath(route, row.collection, row.id, name, version.extension),
      size: version.size,
      type: version.type,
      extension: version.extension,
    };
  }
  return {
    _id: row.id,
    size: row.size,
    name: row.name,
    type: row.type,
    path: downloadPath(route, row.collection, row.id, "original", row.extension),
    extension: row.extension,
    ...mediaFlags(row.type),
    meta: JSON.parse(row.meta) as Record<string, unknown>,
    userId: row.userId,
    versions,
    _storagePath: row.storagePath,
    _downloadRoute: route,
    _collectionName: row.collection,
    public: config?.public ?? false,
    roomId: row.roomId,
    createdAt: new Date(row.createdAt),
  };
}

export async function findRoomFile(db: RoomDatabase, roomId: string, id: string): Promise<FileRow | null> {
  return (
    (await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.roomId, roomId)))
      .get()) ?? null
  );
}

export async function listRoomFiles(db: RoomDatabase, roomId: string): Promise<FileRow[]> {
  return db.select().from(files).where(eq(files.roomId, roomId)).all();
}

/** The room's files of one collection (its logos: a handful), by the collection's index. */
export function listFilesOf(db: RoomDatabase, roomId: string, collection: string): FileRow[] {
  return db
    .select()
    .from(files)
    .where(and(eq(files.roomId, roomId), eq(files.collection, collection)))
    .all();
}

/** The room's files with these ids (missing ones are simply absent). */
export function findRoomFiles(db: RoomDatabase, roomId: string, ids: readonly string[]): FileRow[] {
  return chunks([...new Set(ids)]).flatMap((part) =>
    db
      .select()
      .from(files)
      .where(and(eq(files.roomId, roomId), inArray(files.id, part)))
      .all(),
  );
}

export async function insertFile(db: RoomDatabase, row: FileRow): Promise<void> {
  await db.insert(files).values(row);
}

/** The insert as a statement, to run in a batch with others (e.g. the item made from a photo). */
export function insertFileQuery(db: RoomDatabase, row: FileRow) {
  return db.insert(files).values(row);
}

export async function setFileVersions(
  db: RoomDatabase,
  id: string,
  versions: Record<string, StoredVersion>,
): Promise<void> {
  await db
    .update(files)
    .set({ versions: JSON.stringify(versions) })
    .where(eq(files.id, id));
}

export function deleteFileQuery(db: RoomDatabase, id: string) {
  return db.delete(files).where(eq(files.id, id));
}

/** The stored versions of these files, by id (files that do not exist are absent). */
export async function versionsByFile(db: RoomDatabase, ids: readonly string[]): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ id: files.id, versions: files.versions })
      .from(files)
      .where(inArray(files.id, part))
      .all();
    for (const row of rows) found.set(row.id, new Set(Object.keys(JSON.parse(row.versions) as object)));
  }
  return found;
}
