/** Uploading from tests: over a live socket or the HTTP route, chunk by chunk. */
import { SELF } from "cloudflare:test";
import { bytesToBase64 } from "../../protocol/ejson";
import type { DdpSocket } from "./ddp-socket";

/** Bytes that start like a JPEG, then a pattern that makes every chunk different. */
export function jpegLike(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 13)) & 0xff;
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

export async function sha256(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return bytesToBase64(new Uint8Array(digest));
}

export function chunkOf(bytes: Uint8Array, chunkSize: number, chunkId: number): Uint8Array {
  return bytes.subarray((chunkId - 1) * chunkSize, chunkId * chunkSize);
}

export interface Started {
  uploadId: string;
  chunkSize: number;
  chunkCount: number;
  received: number[];
}

/** Starts an upload; a JPEG named a.jpg in itemPhotos unless the options say otherwise. */
export async function startLive(socket: DdpSocket, options: Record<string, unknown>) {
  const answer = await socket.call("files.start", [
    { collection: "itemPhotos", name: "a.jpg", type: "image/jpeg", ...options },
  ]);
  return { answer, started: answer.result as Started };
}

/** One chunk as base64 text (what Meteor clients send), or as bytes in a binary frame (what ours sends). */
export async function writeLive(
  socket: DdpSocket,
  uploadId: string,
  chunkId: number,
  chunk: Uint8Array,
  frame: "text" | "binary" = "text",
) {
  if (frame === "binary") return socket.call("files.write", [uploadId, chunkId, chunk], undefined, true);
  return socket.call("files.write", [uploadId, chunkId, bytesToBase64(chunk)]);
}

export function uploadRequest(
  roomId: string,
  token: string,
  op: string,
  init: { uploadId?: string; chunkId?: number; body?: BodyInit; collection?: string } = {},
) {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    "X-Room-Id": roomId,
    "X-Upload-Op": op,
  };
  if (init.uploadId) headers["X-Upload-Id"] = init.uploadId;
  if (init.chunkId !== undefined) headers["X-Chunk-Id"] = String(init.chunkId);
  return SELF.fetch(`https://stockroom.test/cdn/storage/${init.collection ?? "itemPhotos"}/__upload`, {
    method: "POST",
    headers,
    body: init.body,
  });
}
