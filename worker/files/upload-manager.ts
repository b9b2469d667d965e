/**
 * The upload state machine of one room, fed by the live connection and the
 * HTTP route alike. Chunks arrive in any order, repeats ignored.
 *
 * A file of one part (up to 5 MiB, most photos) keeps its chunks in DO
 * SQLite and goes to R2 in one put at the end: many small uploads at once
 * cost no memory. A larger file's chunks gather in memory, part by part
 * (part-buffers.ts); a whole part goes to the R2 multipart upload (part-sender.ts) in the
 * background while the next one fills, one part at a time per upload. The
 * answer to the chunk that completes a part waits while the part before it
 * is still on its way to R2 (for at most FLUSH_WAIT_MS), and so does a
 * chunk that would begin a part while two whole ones wait for R2: a sender
 * faster than R2 is held back, and an upload holds three parts at most.
 * Memory for parts is capped per object (part-buffers.ts): chunks of a part that would go over it (many uploads at once, or chunks
 * sent far out of order) wait in SQLite like a small file's, and the part
 * goes to R2 from there once whole. Parts sent whole over HTTP never pass
 * through here at all (`partTarget`).
 */

import { LiveError } from "../../protocol/errors";
import type { UploadProgress } from "../../protocol/files";
import {
  chunkCountOf,
  expectedChunkLength,
  FILE_ERRORS,
  incompleteUpload,
  partChunksOf,
  UPLOAD_IDLE_LIFETIME,
} from "../../protocol/files";
import { newToken } from "../accounts/tokens";
import { KeyedQueue, settledWithin } from "../keyed-queue";
import { canMove } from "../transitions";
import { matchesImageType } from "./file-signature";
import { PartBuffers } from "./part-buffers";
import { PartSender } from "./part-sender";
import { chunkCountOfPart, chunkRangeOf, partCountOf, partLengthOf, partOf } from "./upload-parts";
import { UPLOAD_MOVES, UploadStates } from "./upload-states";
import { type UploadRow, UploadStore } from "./upload-store";

/** The longest a chunk's answer waits for the previous part to reach R2 (a hung R2 must not stall the connection). */
const FLUSH_WAIT_MS = 30_000;
/** Parts of one upload in memory at once: one gathering, one on its way to R2, one whole and waiting its turn. */
const PARTS_IN_MEMORY = 3;

/** How stale an upload's last-written time may get before a chunk refreshes it (idle uploads go after hours). */
const TOUCH_EVERY = 60_000;

/** What a caller declares; the rest of the row is worked out here. */
export type NewUpload = Omit<UploadRow, "id" | "chunkCount" | "partChunks" | "meta" | "multipartId" | "updatedAt"> & {
  meta: Record<string, unknown>;
};

/** An upload's bytes, now in R2 under `upload.r2Key`. */
export interface StoredUpload {
  upload: UploadRow;
  etag: string;
  /** Bytes in R2 (less than declared when tags were stripped). */
  size: number;
}

/** What an earlier finish made (for answering a re-sent finish). */
export interface FinishedRecord {
  fileId: string;
  itemId: string | null;
}

export class UploadManager {
  readonly store: UploadStore;
  /** Parts of large uploads still gathering (or on their way to R2). */
  readonly buffers = new PartBuffers();
  /** Whole parts on their way to R2. */
  private readonly parts: PartSender;
  /** One finish at a time per upload (see `exclusive`). */
  private readonly finishing = new KeyedQueue();
  /** Where each upload is (upload-states.ts): read from where its data is, but for `stored`. */
  private readonly states = new UploadStates((upload) => {
    if (!this.store.find(upload.id)) return this.store.finishedAs(upload.id) ? "recorded" : "discarded";
    return this.receivedCount(upload) < upload.chunkCount ? "receiving" : "whole";
  });

  constructor(
    sql: SqlStorage,
    private readonly bucket: R2Bucket,
    private readonly now: () => number,
  ) {
    this.store = new UploadStore(sql);
    this.parts = new PartSender(bucket, this.store, this.buffers);
  }

  start(input: NewUpload): UploadProgress {
    const chunkCount = chunkCountOf(input.size, input.chunkSize);
    const row: UploadRow = {
      id: newToken(),
      collection: input.collection,
      fileId: input.fileId,
      version: input.version,
      name: input.name,
      type: input.type,
      size: input.size,
      chunkSize: input.chunkSize,
      chunkCount,
      partChunks: partChunksOf(input.chunkSize),
      meta: JSON.stringify(input.meta),
      userId: input.userId,
      r2Key: input.r2Key,
      multipartId: null,
      updatedAt: this.now(),
    };
    this.store.insert(row);
    return { uploadId: row.id, chunkSize: row.chunkSize, chunkCount, received: [] };
  }

  /** The caller's upload, or the expired-session error (also for forged ids). */
  upload(uploadId: string, userId: string): UploadRow {
    const row = typeof uploadId === "string" ? this.store.find(uploadId) : null;
    if (!row || row.userId !== userId) throw new LiveError(408, FILE_ERRORS.SESSION_EXPIRED);
    return row;
  }

  progress(uploadId: string, userId: string): UploadProgress {
    const row = this.upload(uploadId, userId);
    return {
      uploadId: row.id,
      chunkSize: row.chunkSize,
      chunkCount: row.chunkCount,
      received: [...this.store.receivedChunks(row), ...this.buffers.chunkIds(row.id)].sort((a, b) => a - b),
    };
  }

  async write(uploadId: string, userId: string, chunkId: number, bytes: Uint8Array): Promise<{ received: number }> {
    const row = this.upload(uploadId, userId);
    if (!Number.isInteger(chunkId) || chunkId < 1 || chunkId > row.chunkCount) {
      throw new LiveError(400, `Chunk ${chunkId} is outside the file (1 to ${row.chunkCount})`);
    }
    const expected = expectedChunkLength(row.size, row.chunkSize, chunkId);
    if (bytes.byteLength !== expected) {
      throw new LiveError(400, `Chunk ${chunkId} has ${bytes.byteLength} bytes; the declared size needs ${expected}`);
    }
    if (chunkId === 1 && !matchesImageType(row.type, bytes)) {
      await this.abort(uploadId, userId);
      throw new LiveError(400, `The file's content is not ${row.type}`);
    }
    const partNo = partOf(row, chunkId);
    if (row.chunkCount <= row.partChunks) this.store.putChunk(row.id, chunkId, partNo, bytes);
    else if (this.store.partDone(row.id, partNo)) {
      // A repeat of a chunk whose part is already in R2: nothing to keep.
    } else if (this.gathersInMemory(row, partNo)) await this.gather(row, partNo, chunkId, bytes);
    else this.putInSql(row, partNo, chunkId, bytes);
    if (this.now() - row.updatedAt >= TOUCH_EVERY) this.store.touch(row.id, this.now());
    return { received: this.receivedCount(row) };
  }

  /**
   * Its bytes are in R2: the upload is `stored` — unless it was given up
   * while they went (aborted meanwhile), when they go too and the sender is
   * told the upload is over.
   */
  private async nowStored(upload: UploadRow): Promise<void> {
    const state = this.states.of(upload);
    if (state === "discarded") {
      await this.bucket.delete(upload.r2Key);
      throw new LiveError(408, FILE_ERRORS.SESSION_EXPIRED);
    }
    this.states.enter(upload, "stored", state);
  }

  /** Chunks held in SQLite and in memory, and those of parts already in R2. */
  private receivedCount(row: UploadRow): number {
    return this.store.receivedCount(row) + this.buffers.count(row.id);
  }

  /**
   * Whether a large file's part gathers in memory: one already gathering
   * does; one begun in SQLite (over the memory budget, or by an older
   * version of this code before a deploy) finishes there; a new one does if
   * the budget has room for it (see PartBuffers.hasRoomFor).
   */
  private gathersInMemory(row: UploadRow, partNo: number): boolean {
    if (this.buffers.has(row.id, partNo)) return true;
    if (this.store.chunksInPart(row.id, partNo) > 0) return false;
    return this.buffers.hasRoomFor(partLengthOf(row, partNo), this.now());
  }

  /** One chunk of a large file into SQLite; a part made whole there goes to R2 in the background. */
  private putInSql(row: UploadRow, partNo: number, chunkId: number, bytes: Uint8Array): void {
    this.store.putChunk(row.id, chunkId, partNo, bytes);
    if (this.store.chunksInPart(row.id, partNo) === chunkCountOfPart(row, partNo)) {
      // A part that fails here stays in SQLite and is sent again by finish().
      this.parts.send(row, partNo).catch((error: unknown) => console.warn("files: part upload failed", row.id, error));
    }
  }

  /** One chunk into its part in memory; a part made whole goes to R2 (see the header for the waiting). */
  private async gather(row: UploadRow, partNo: number, chunkId: number, bytes: Uint8Array): Promise<void> {
    if (!this.buffers.has(row.id, partNo) && this.buffers.partsHeld(row.id) >= PARTS_IN_MEMORY) {
      // Whole parts already wait for R2: a new part waits until they are there, so an upload holds three parts at most.
      const ahead = this.parts.ahead(row.id);
      if (ahead) await settledWithin(ahead, FLUSH_WAIT_MS);
      if (!this.store.find(row.id)) throw new LiveError(408, FILE_ERRORS.SESSION_EXPIRED);
      // Meanwhile the part may have come whole over HTTP, or other uploads filled the memory budget.
      if (this.store.partDone(row.id, partNo)) return;
      if (!this.gathersInMemory(row, partNo)) return this.putInSql(row, partNo, chunkId, bytes);
    }
    const [first] = chunkRangeOf(row, partNo);
    this.buffers.put(
      row.id,
      partNo,
      { length: partLengthOf(row, partNo), expected: chunkCountOfPart(row, partNo) },
      { id: chunkId, offset: (chunkId - first) * row.chunkSize, bytes },
      this.now(),
    );
    if (!this.buffers.whole(row.id, partNo)) return;
    const ahead = this.parts.ahead(row.id);
    // A part that fails here stays in memory and is sent again by finish().
    this.parts.send(row, partNo).catch((error: unknown) => console.warn("files: part upload failed", row.id, error));
    if (ahead) await settledWithin(ahead, FLUSH_WAIT_MS);
  }

  /**
   * Where the HTTP route may stream one whole part straight into R2 (no
   * bytes through this object): the multipart upload, started if needed.
   * Part 1 holds the file's signature, checked as chunks arrive, so it is
   * always sent in chunks; a file of one part too.
   */
  async partTarget(
    uploadId: string,
    userId: string,
    partNo: number,
    length: number,
  ): Promise<{ r2Key: string; multipartId: string }> {
    const row = this.checkedPart(uploadId, userId, partNo);
    const expected = partLengthOf(row, partNo);
    if (length !== expected) {
      throw new LiveError(400, `Part ${partNo} has ${length} bytes; the declared size needs ${expected}`);
    }
    const multipart = await this.parts.multipart(row);
    this.store.touch(row.id, this.now());
    return { r2Key: row.r2Key, multipartId: multipart.uploadId };
  }

  /** A part the HTTP route stored in R2: its chunks count as received, and finish uses its etag. */
  partSent(uploadId: string, userId: string, partNo: number, etag: string): { received: number } {
    const row = this.checkedPart(uploadId, userId, partNo);
    if (typeof etag !== "string" || etag === "") throw new LiveError(400, "A stored part needs its etag");
    this.store.partUploaded(row.id, partNo, etag);
    this.buffers.drop(row.id, partNo);
    this.store.touch(row.id, this.now());
    return { received: this.receivedCount(row) };
  }

  private checkedPart(uploadId: string, userId: string, partNo: number): UploadRow {
    const row = this.upload(uploadId, userId);
    const parts = partCountOf(row);
    if (parts < 2) throw new LiveError(400, "A file of one part is sent in chunks");
    if (!Number.isInteger(partNo) || partNo < 2 || partNo > parts) {
      throw new LiveError(400, `Part ${partNo} cannot be sent whole: parts 2 to ${parts} can (part 1 goes in chunks)`);
    }
    return row;
  }

  /**
   * Runs `work` for one upload at a time: a finish re-sent (or sent over
   * both channels) while the first is still running waits for it, and then
   * finds it finished.
   */
  exclusive<T>(uploadId: string, work: () => Promise<T>): Promise<T> {
    return this.finishing.run(uploadId, work);
  }

  /** What an earlier finish of this caller's upload made, if it finished. */
  finishedAs(uploadId: string, userId: string): FinishedRecord | null {
    const record = typeof uploadId === "string" ? this.store.finishedAs(uploadId) : null;
    return record && record.userId === userId ? { fileId: record.fileId, itemId: record.itemId } : null;
  }

  /**
   * Puts the bytes into R2 once every chunk is here. The upload's state
   * stays until `completed` (or `discardStored`), so the caller can record
   * the file first. `rewrite` may change a one-part file's bytes on the way
   * (e.g. strip photo tags); files of several parts never get one.
   */
  async storeBytes(upload: UploadRow, rewrite?: (bytes: Uint8Array) => Uint8Array): Promise<StoredUpload> {
    const received = this.receivedCount(upload);
    if (received < upload.chunkCount) {
      throw new LiveError(400, incompleteUpload(received, upload.chunkCount));
    }
    if (upload.chunkCount <= upload.partChunks) {
      const original = this.store.partBytes(upload.id, 1);
      const bytes = rewrite ? rewrite(original) : original;
      const object = await this.bucket.put(upload.r2Key, bytes, { httpMetadata: { contentType: upload.type } });
      await this.nowStored(upload);
      return { upload, etag: object.httpEtag, size: bytes.byteLength };
    }
    if (rewrite) throw new Error("files: a file of several parts cannot be rewritten");
    const parts = partCountOf(upload);
    for (let partNo = 1; partNo <= parts; partNo++) {
      if (!this.store.partDone(upload.id, partNo)) await this.parts.send(upload, partNo);
    }
    const stored = this.store.parts(upload.id);
    if (stored.length < parts) {
      // A part's bytes went (an upload removed meanwhile, a restart): the sender is told to send what is missing.
      throw new LiveError(400, incompleteUpload(this.receivedCount(upload), upload.chunkCount));
    }
    const multipart = await this.parts.multipart(upload);
    const object = await multipart.complete(stored);
    await this.nowStored(upload);
    return { upload, etag: object.httpEtag, size: upload.size };
  }

  /** The upload is recorded: its state goes, and a note of what it made stays for re-sent finishes. */
  completed(upload: UploadRow, itemId: string | null): void {
    this.states.enter(upload, "recorded");
    this.store.finished(upload, itemId, this.now());
  }

  /** Recording a stored upload failed: its bytes and state go, so nothing is left without a record. */
  async discardStored(upload: UploadRow): Promise<void> {
    this.states.enter(upload, "discarded");
    await this.bucket.delete(upload.r2Key);
    await this.free(upload);
  }

  /** The caller lost the right to upload here: the upload ends, with its parts. */
  async revoke(upload: UploadRow): Promise<void> {
    await this.discard(upload);
  }

  async abort(uploadId: string, userId: string): Promise<void> {
    const row = this.upload(uploadId, userId);
    await this.discard(row);
  }

  /** Removes uploads nobody has written to for a while, with their R2 parts. */
  async cleanUpIdle(): Promise<number> {
    this.store.forgetFinishedBefore(this.now() - UPLOAD_IDLE_LIFETIME);
    const idle = this.store.idleSince(this.now() - UPLOAD_IDLE_LIFETIME);
    for (const row of idle) await this.discard(row);
    return idle.length;
  }

  async discardAll(): Promise<void> {
    for (const row of this.store.idleSince(Number.POSITIVE_INFINITY)) await this.discard(row);
  }

  /**
   * Gives the upload up. Not while its finish holds its bytes in R2
   * (`stored`): the finish records the file or discards them itself. Nor
   * twice: one already given up has nothing left to free.
   */
  private async discard(row: UploadRow): Promise<void> {
    const state = this.states.of(row);
    if (state === "stored" || !canMove(UPLOAD_MOVES, state, "discarded")) return;
    this.states.enter(row, "discarded", state);
    await this.free(row);
  }

  /** Frees what the upload holds: its row and chunks, its parts in memory, its multipart upload in R2. */
  private async free(row: UploadRow): Promise<void> {
    // The stored row, not the caller's copy: a part sent since may have started the multipart upload.
    const multipartId = this.store.find(row.id)?.multipartId ?? row.multipartId;
    this.store.delete(row.id);
    this.buffers.drop(row.id);
    if (multipartId) {
      try {
        await this.bucket.resumeMultipartUpload(row.r2Key, multipartId).abort();
      } catch (error) {
        // Already completed or aborted: nothing left to free.
        console.warn("files: could not abort multipart upload", row.id, error);
      }
    }
  }
}
