/**
 * Uploads in progress, in the RoomDO's own SQLite: the declared file, the
 * chunks not yet sent on to R2, and the R2 parts already uploaded. Nothing
 * here is visible to clients until the upload completes.
 */
import { chunkRangeOf } from "./upload-parts";

export interface UploadRow {
  id: string;
  collection: string;
  fileId: string;
  version: string;
  name: string;
  type: string;
  size: number;
  chunkSize: number;
  chunkCount: number;
  /** Chunks per R2 part (parts are ≥ 5 MiB, all equal but the last). */
  partChunks: number;
  meta: string;
  userId: string;
  r2Key: string;
  multipartId: string | null;
  updatedAt: number;
}

interface RawUpload extends Record<string, SqlStorageValue> {
  id: string;
  collection: string;
  file_id: string;
  version: string;
  name: string;
  type: string;
  size: number;
  chunk_size: number;
  chunk_count: number;
  part_chunks: number;
  meta: string;
  user_id: string;
  r2_key: string;
  multipart_id: string | null;
  updated_at: number;
}

function fromRaw(raw: RawUpload): UploadRow {
  return {
    id: raw.id,
    collection: raw.collection,
    fileId: raw.file_id,
    version: raw.version,
    name: raw.name,
    type: raw.type,
    size: raw.size,
    chunkSize: raw.chunk_size,
    chunkCount: raw.chunk_count,
    partChunks: raw.part_chunks,
    meta: raw.meta,
    userId: raw.user_id,
    r2Key: raw.r2_key,
    multipartId: raw.multipart_id,
    updatedAt: raw.updated_at,
  };
}

export class UploadStore {
  /** Its tables come from the room's migrations (worker/db/room/migrations/0013_tables_made_at_start.sql). */
  constructor(private readonly sql: SqlStorage) {}

  /** Ends an upload that finished: its state goes, a note of what it made stays (one transaction). */
  finished(upload: UploadRow, itemId: string | null, now: number): void {
    this.delete(upload.id);
    this.sql.exec(
      "INSERT OR REPLACE INTO uploads_finished (id, user_id, file_id, item_id, at) VALUES (?, ?, ?, ?, ?)",
      upload.id,
      upload.userId,
      upload.fileId,
      itemId,
      now,
    );
  }

  /** What an earlier finish of this upload made, if it finished. */
  finishedAs(uploadId: string): { userId: string; fileId: string; itemId: string | null } | null {
    const row = this.sql
      .exec<{ user_id: string; file_id: string; item_id: string | null }>(
        "SELECT user_id, file_id, item_id FROM uploads_finished WHERE id = ?",
        uploadId,
      )
      .toArray()[0];
    return row ? { userId: row.user_id, fileId: row.file_id, itemId: row.item_id } : null;
  }

  forgetFinishedBefore(cutoff: number): void {
    this.sql.exec("DELETE FROM uploads_finished WHERE at < ?", cutoff);
  }

  insert(row: UploadRow): void {
    this.sql.exec(
      `INSERT INTO uploads (id, collection, file_id, version, name, type, size, chunk_size, chunk_count, part_chunks,
        meta, user_id, r2_key, multipart_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.collection,
      row.fileId,
      row.version,
      row.name,
      row.type,
      row.size,
      row.chunkSize,
      row.chunkCount,
      row.partChunks,
      row.meta,
      row.userId,
      row.r2Key,
      row.multipartId,
      row.updatedAt,
    );
  }

  find(id: string): UploadRow | null {
    const raw = this.sql.exec<RawUpload>("SELECT * FROM uploads WHERE id = ?", id).toArray()[0];
    return raw ? fromRaw(raw) : null;
  }

  touch(id: string, now: number): void {
    this.sql.exec("UPDATE uploads SET updated_at = ? WHERE id = ?", now, id);
  }

  setMultipartId(id: string, multipartId: string): void {
    this.sql.exec("UPDATE uploads SET multipart_id = ? WHERE id = ?", multipartId, id);
  }

  /** Stores a chunk unless it (or its part) is already here; true when stored now. */
  putChunk(uploadId: string, chunkId: number, partNo: number, data: Uint8Array): boolean {
    if (this.partDone(uploadId, partNo)) return false;
    const cursor = this.sql.exec(
      "INSERT OR IGNORE INTO upload_chunks (upload_id, chunk_id, part_no, data) VALUES (?, ?, ?, ?)",
      uploadId,
      chunkId,
      partNo,
      data,
    );
    return cursor.rowsWritten > 0;
  }

  chunksInPart(uploadId: string, partNo: number): number {
    const row = this.sql
      .exec<{ n: number }>(
        "SELECT count(*) AS n FROM upload_chunks WHERE upload_id = ? AND part_no = ?",
        uploadId,
        partNo,
      )
      .one();
    return row.n;
  }

  /** The part's bytes in chunk order: the only place a part is held in memory. */
  partBytes(uploadId: string, partNo: number): Uint8Array {
    const rows = this.sql
      .exec<{ data: ArrayBuffer }>(
        "SELECT data FROM upload_chunks WHERE upload_id = ? AND part_no = ? ORDER BY chunk_id",
        uploadId,
        partNo,
      )
      .toArray();
    const total = rows.reduce((sum, row) => sum + row.data.byteLength, 0);
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const row of rows) {
      bytes.set(new Uint8Array(row.data), offset);
      offset += row.data.byteLength;
    }
    return bytes;
  }

  firstChunk(uploadId: string): Uint8Array | null {
    const row = this.sql
      .exec<{ data: ArrayBuffer }>("SELECT data FROM upload_chunks WHERE upload_id = ? AND chunk_id = 1", uploadId)
      .toArray()[0];
    return row ? new Uint8Array(row.data) : null;
  }

  /** Records an uploaded part and drops its chunks, in one transaction. */
  partUploaded(uploadId: string, partNo: number, etag: string): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO upload_parts (upload_id, part_no, etag) VALUES (?, ?, ?)",
      uploadId,
      partNo,
      etag,
    );
    this.sql.exec("DELETE FROM upload_chunks WHERE upload_id = ? AND part_no = ?", uploadId, partNo);
  }

  partDone(uploadId: string, partNo: number): boolean {
    return (
      this.sql.exec("SELECT 1 FROM upload_parts WHERE upload_id = ? AND part_no = ?", uploadId, partNo).toArray()
        .length > 0
    );
  }

  parts(uploadId: string): { partNumber: number; etag: string }[] {
    return this.sql
      .exec<{ part_no: number; etag: string }>(
        "SELECT part_no, etag FROM upload_parts WHERE upload_id = ? ORDER BY part_no",
        uploadId,
      )
      .toArray()
      .map((row) => ({ partNumber: row.part_no, etag: row.etag }));
  }

  /** Chunk ids the server has, whether still here or already sent on in a part. */
  receivedChunks(upload: UploadRow): number[] {
    const held = this.sql
      .exec<{ chunk_id: number }>("SELECT chunk_id FROM upload_chunks WHERE upload_id = ?", upload.id)
      .toArray()
      .map((row) => row.chunk_id);
    const sent = this.parts(upload.id).flatMap(({ partNumber }) => {
      const [first, last] = chunkRangeOf(upload, partNumber);
      return Array.from({ length: last - first + 1 }, (_, i) => first + i);
    });
    return [...held, ...sent].sort((a, b) => a - b);
  }

  /** How many of `receivedChunks` there are, without listing them (once per chunk written). */
  receivedCount(upload: UploadRow): number {
    const held = this.sql
      .exec<{ n: number }>("SELECT count(*) AS n FROM upload_chunks WHERE upload_id = ?", upload.id)
      .one().n;
    return this.parts(upload.id).reduce((sum, { partNumber }) => {
      const [first, last] = chunkRangeOf(upload, partNumber);
      return sum + last - first + 1;
    }, held);
  }

  delete(uploadId: string): void {
    this.sql.exec("DELETE FROM upload_chunks WHERE upload_id = ?", uploadId);
    this.sql.exec("DELETE FROM upload_parts WHERE upload_id = ?", uploadId);
    this.sql.exec("DELETE FROM uploads WHERE id = ?", uploadId);
  }

  idleSince(cutoff: number): UploadRow[] {
    return this.sql.exec<RawUpload>("SELECT * FROM uploads WHERE updated_at < ?", cutoff).toArray().map(fromRaw);
  }

  count(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM uploads").one().n;
  }
}
