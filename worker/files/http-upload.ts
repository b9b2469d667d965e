/**
 * The HTTP upload route's operations, run in the room's object on the same
 * upload state as the live methods (docs/protocol.md §4): the route has
 * already found who the caller is.
 */
import type { RoomHost } from "../rooms/room-host";
import { parseStartUpload, startUpload } from "./files-service";
import { finishUpload, partTarget, writeChunk } from "./finish-upload";

export type HttpUploadRequest =
  | { op: "start"; options: unknown }
  | { op: "chunk"; uploadId: string; chunkId: number; bytes: ArrayBuffer }
  | { op: "status" | "finish" | "abort"; uploadId: string }
  | { op: "partTarget"; uploadId: string; partNo: number; length: number }
  | { op: "partSent"; uploadId: string; partNo: number; etag: string };

export async function httpUpload(host: RoomHost, userId: string, request: HttpUploadRequest): Promise<unknown> {
  switch (request.op) {
    case "start":
      return startUpload(host, userId, parseStartUpload(request.options));
    case "chunk":
      return writeChunk(host, userId, request.uploadId, request.chunkId, new Uint8Array(request.bytes));
    case "status":
      return host.uploads.progress(request.uploadId, userId);
    case "finish":
      return finishUpload(host, userId, request.uploadId);
    case "abort":
      await host.uploads.abort(request.uploadId, userId);
      return null;
    case "partTarget":
      return partTarget(host, userId, request.uploadId, request.partNo, request.length);
    case "partSent":
      return host.uploads.partSent(request.uploadId, userId, request.partNo, request.etag);
  }
}
