/**
 * A large upload's whole parts on their way to R2: its multipart upload,
 * started once however many parts arrive at once (part 1 filling up in
 * chunks and a part sent whole over HTTP can both start it), and each part
 * sent from memory — or from SQLite, for a part begun there — one at a time
 * per upload. The upload manager decides when; this knows how.
 */
import { KeyedQueue } from "../keyed-queue";
import type { PartBuffers } from "./part-buffers";
import { chunkCountOfPart } from "./upload-parts";
import type { UploadRow, UploadStore } from "./upload-store";

export class PartSender {
  /** One part flush at a time per upload. */
  private readonly flushing = new KeyedQueue();
  /** Multipart uploads being created, so two parts arriving at once start one. */
  private readonly creating = new Map<string, Promise<R2MultipartUpload>>();

  constructor(
    private readonly bucket: R2Bucket,
    private readonly store: UploadStore,
    private readonly buffers: PartBuffers,
  ) {}

  /** The part still on its way to R2 for this upload, if one is: the next chunk may wait for it. */
  ahead(uploadId: string): Promise<void> | undefined {
    return this.flushing.tail(uploadId);
  }

  /** The upload's multipart upload in R2, started if it has none yet. */
  multipart(row: UploadRow): Promise<R2MultipartUpload> {
    const current = this.store.find(row.id);
    if (current?.multipartId) return Promise.resolve(this.bucket.resumeMultipartUpload(row.r2Key, current.multipartId));
    const creating = this.creating.get(row.id);
    if (creating) return creating;
    const created = this.bucket
      .createMultipartUpload(row.r2Key, { httpMetadata: { contentType: row.type } })
      .then((multipart) => {
        this.store.setMultipartId(row.id, multipart.uploadId);
        return multipart;
      })
      .finally(() => this.creating.delete(row.id));
    this.creating.set(row.id, created);
    return created;
  }

  /** Sends one complete part to R2 (from memory, or from SQLite for a part begun there); one at a time per upload. */
  send(row: UploadRow, partNo: number): Promise<void> {
    return this.flushing.run(row.id, async () => {
      if (!this.store.find(row.id) || this.store.partDone(row.id, partNo)) return;
      const bytes =
        this.buffers.whole(row.id, partNo) ??
        (this.store.chunksInPart(row.id, partNo) === chunkCountOfPart(row, partNo)
          ? this.store.partBytes(row.id, partNo)
          : null);
      if (!bytes) return;
      const multipart = await this.multipart(row);
      const part = await multipart.uploadPart(partNo, bytes);
      if (!this.store.find(row.id)) {
        // Aborted or cleaned up while this part was on its way: free it in R2 too.
        await multipart.abort().catch(() => {});
        return;
      }
      this.store.partUploaded(row.id, partNo, part.etag);
      this.buffers.drop(row.id, partNo);
    });
  }
}
