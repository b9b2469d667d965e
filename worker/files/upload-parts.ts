/**
 * How an upload's chunks fall into R2 multipart parts: `partChunks` chunks
 * a part, numbered from 1, the last part and the last chunk possibly short.
 */
/** What of an upload (upload-store.ts) decides its parts. */
interface Shape {
  size: number;
  chunkSize: number;
  chunkCount: number;
  partChunks: number;
}

/** First and last chunk id of a part. */
export function chunkRangeOf(upload: Shape, partNo: number): [number, number] {
  const first = (partNo - 1) * upload.partChunks + 1;
  return [first, Math.min(partNo * upload.partChunks, upload.chunkCount)];
}

export function partOf(upload: Shape, chunkId: number): number {
  return Math.floor((chunkId - 1) / upload.partChunks) + 1;
}

export function partCountOf(upload: Shape): number {
  return Math.ceil(upload.chunkCount / upload.partChunks);
}

export function chunkCountOfPart(upload: Shape, partNo: number): number {
  const [first, last] = chunkRangeOf(upload, partNo);
  return last - first + 1;
}

/** Bytes in one part: its chunks, the last one possibly short. */
export function partLengthOf(upload: Shape, partNo: number): number {
  const [first, last] = chunkRangeOf(upload, partNo);
  return Math.min(upload.size, last * upload.chunkSize) - (first - 1) * upload.chunkSize;
}
