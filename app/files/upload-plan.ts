/**
 * What an upload still has to send, worked out from the chunks the server
 * says it has: the chunks that go over the live connection, and parts 2
 * onward that go whole over HTTP (part-request.ts). Only arithmetic on chunk
 * and part numbers and byte offsets, kept apart from the upload's states and
 * sending (upload.ts), which re-plans on start, on resume and when the server
 * lost parts it had.
 */
import { partChunksOf } from "../../protocol/files";

/** How the server cut the file: its chunk size and count (from `files.start` / `files.status`). */
export interface ChunkLayout {
  chunkSize: number;
  chunkCount: number;
}

export interface UploadPlan {
  /** Chunks to send over the live connection, in order. */
  pending: number[];
  /** Whole parts to send over HTTP, in order. */
  pendingParts: number[];
  /** Bytes of the chunks the server already has. */
  acknowledgedBytes: number;
}

/** What is left to send of a `size`-byte file, given the chunks the server says it has. */
export function planUpload(
  layout: ChunkLayout,
  size: number,
  received: readonly number[],
  httpParts: boolean | undefined,
): UploadPlan {
  const have = new Set(received);
  const plan: UploadPlan = { pending: [], pendingParts: [], acknowledgedBytes: 0 };
  for (let id = 1; id <= layout.chunkCount; id++) {
    if (have.has(id)) plan.acknowledgedBytes += chunkLength(layout, size, id);
    else plan.pending.push(id);
  }
  takeWholeParts(layout, plan, httpParts);
  return plan;
}

/**
 * Moves parts 2 onward out of the chunk queue when none of their chunks is
 * on the server yet: they go whole over HTTP. A part begun as chunks (before
 * a reload, say) finishes as chunks.
 */
function takeWholeParts(layout: ChunkLayout, plan: UploadPlan, httpParts: boolean | undefined): void {
  const { chunkSize, chunkCount } = layout;
  const partChunks = partChunksOf(chunkSize);
  if (httpParts === false || chunkCount <= partChunks) return;
  const pending = new Set(plan.pending);
  for (let partNo = 2; (partNo - 1) * partChunks < chunkCount; partNo++) {
    const first = (partNo - 1) * partChunks + 1;
    const last = Math.min(chunkCount, partNo * partChunks);
    let whole = true;
    for (let id = first; id <= last && whole; id++) whole = pending.has(id);
    if (!whole) continue;
    plan.pendingParts.push(partNo);
    for (let id = first; id <= last; id++) pending.delete(id);
  }
  plan.pending = plan.pending.filter((id) => pending.has(id));
}

/** The bytes of part `partNo` (from 1) of a `size`-byte file. */
export function partRange(layout: ChunkLayout, size: number, partNo: number): { start: number; end: number } {
  const { chunkSize } = layout;
  const partBytes = partChunksOf(chunkSize) * chunkSize;
  return { start: (partNo - 1) * partBytes, end: Math.min(size, partNo * partBytes) };
}

/** The length of chunk `id` (from 1) of a `size`-byte file: the last one may be short. */
function chunkLength(layout: ChunkLayout, size: number, id: number): number {
  const { chunkSize } = layout;
  return Math.min(chunkSize, size - (id - 1) * chunkSize);
}
