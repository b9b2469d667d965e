/**
 * The parts of large uploads gathering in memory, chunk by chunk, until a
 * part is whole and goes to R2 in one `uploadPart`. Writing every chunk to
 * the object's SQLite and reading the part back cost more than the network
 * did (a CPU profile of a 64 MiB upload: a third of the Worker's time), and
 * the bytes only pass through on their way to R2.
 *
 * Not durable, on purpose: chunks held here go with the object (a restart,
 * an eviction), and then the upload's status no longer lists them, so the
 * client sends them again — at most the parts not yet in R2.
 */

/**
 * Bytes of parts gathered in memory per object, for all uploads together:
 * two uploads sending in order fit (about 2.5 parts each), and the object
 * stays far from its 128 MB limit whatever the senders do.
 */
export const PARTS_MEMORY_BUDGET = 24 * 1024 * 1024;

/** A part gathering in memory that nobody has added to for this long gives way to one that needs the room. */
const PART_IDLE_MS = 5 * 60_000;

interface PartBuffer {
  bytes: Uint8Array;
  chunks: Set<number>;
  /** Chunks the part is made of. */
  expected: number;
  /** When a chunk last arrived. */
  touchedAt: number;
}

export class PartBuffers {
  private readonly uploads = new Map<string, Map<number, PartBuffer>>();
  /** The most bytes held at once since the object woke or `resetHighWater` (the bench and tests check the bound). */
  private highWater = 0;

  /** Whether this part has begun gathering here. */
  has(uploadId: string, partNo: number): boolean {
    return this.uploads.get(uploadId)?.has(partNo) ?? false;
  }

  /**
   * Copies one chunk into its part at `offset` (the part is `length` bytes
   * of `expected` chunks); a chunk already here is ignored.
   */
  put(
    uploadId: string,
    partNo: number,
    part: { length: number; expected: number },
    chunk: { id: number; offset: number; bytes: Uint8Array },
    now: number,
  ): void {
    let parts = this.uploads.get(uploadId);
    if (!parts) {
      parts = new Map();
      this.uploads.set(uploadId, parts);
    }
    let buffer = parts.get(partNo);
    if (!buffer) {
      buffer = { bytes: new Uint8Array(part.length), chunks: new Set(), expected: part.expected, touchedAt: now };
      parts.set(partNo, buffer);
      this.highWater = Math.max(this.highWater, this.bytesHeld());
    }
    buffer.touchedAt = now;
    if (buffer.chunks.has(chunk.id)) return;
    buffer.bytes.set(chunk.bytes, chunk.offset);
    buffer.chunks.add(chunk.id);
  }

  /** The part's bytes once every chunk is here, else null. */
  whole(uploadId: string, partNo: number): Uint8Array | null {
    const buffer = this.uploads.get(uploadId)?.get(partNo);
    return buffer && buffer.chunks.size === buffer.expected ? buffer.bytes : null;
  }

  /** Parts of the upload held here (gathering or whole). */
  partsHeld(uploadId: string): number {
    return this.uploads.get(uploadId)?.size ?? 0;
  }

  /** Chunk ids held for the upload, in no particular order. */
  chunkIds(uploadId: string): number[] {
    const ids: number[] = [];
    for (const buffer of this.uploads.get(uploadId)?.values() ?? []) ids.push(...buffer.chunks);
    return ids;
  }

  count(uploadId: string): number {
    let count = 0;
    for (const buffer of this.uploads.get(uploadId)?.values() ?? []) count += buffer.chunks.size;
    return count;
  }

  /** Forgets one part (it is in R2), or every part of the upload. */
  drop(uploadId: string, partNo?: number): void {
    const parts = this.uploads.get(uploadId);
    if (!parts) return;
    if (partNo !== undefined) parts.delete(partNo);
    if (partNo === undefined || parts.size === 0) this.uploads.delete(uploadId);
  }

  /**
   * Whether a new part of `length` bytes fits the budget, once unfinished
   * parts no chunk has reached for PART_IDLE_MS (a paused or abandoned
   * upload) have given theirs up: their chunks are then no longer listed,
   * and the sender sends them again. Whole parts stay: they are on their
   * way to R2, or wait for `finish` to send them again.
   */
  hasRoomFor(length: number, now: number): boolean {
    if (this.bytesHeld() + length <= PARTS_MEMORY_BUDGET) return true;
    for (const [uploadId, parts] of this.uploads) {
      for (const [partNo, buffer] of parts) {
        const idle = buffer.touchedAt < now - PART_IDLE_MS && buffer.chunks.size < buffer.expected;
        if (idle) this.drop(uploadId, partNo);
      }
    }
    return this.bytesHeld() + length <= PARTS_MEMORY_BUDGET;
  }

  get bytesHighWater(): number {
    return this.highWater;
  }

  resetHighWater(): void {
    this.highWater = this.bytesHeld();
  }

  /** Bytes held for every upload (for the memory budget, tests and the bench). */
  bytesHeld(): number {
    let total = 0;
    for (const parts of this.uploads.values()) for (const buffer of parts.values()) total += buffer.bytes.byteLength;
    return total;
  }
}
