/** Uploading from tests: over a live socket or the HTTP route, chunk by chunk. */
import { runInDurableObject, SELF } from "cloudflare:test";
import { bytesToBase64 } from "../../protocol/ejson";
import type { DdpSocket } from "./ddp-socket";

const JFIF = [
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
];
const SCAN = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];

/**
 * A JPEG in structure (SOI, JFIF, a scan, EOI) of exactly `size` bytes, its
 * picture data a pattern that makes every chunk different (and holds no
 * marker). Files under 32 bytes only start like a JPEG.
 */
export function jpegLike(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 13)) & 0x7f;
  if (size < 32) {
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    return bytes;
  }
  bytes.set([0xff, 0xd8, ...JFIF, ...SCAN]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

/**
 * The same with photo tags, as a careless client might send a "tag-free"
 * copy: an EXIF segment with a GPS position and an XMP packet.
 */
export function taggedJpeg(size: number): Uint8Array {
  const exif = new TextEncoder().encode("Exif\0\0MM\0*GPSLatitude 52.37403 GPSLongitude 4.88969");
  const xmp = new TextEncoder().encode(
    "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>52,22.4N</exif:GPSLatitude>",
  );
  const segment = (marker: number, body: Uint8Array) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const tags = [...segment(0xe1, exif), ...segment(0xe1, xmp)];
  const plain = jpegLike(size - tags.length);
  const bytes = new Uint8Array(size);
  bytes.set(plain.subarray(0, 20));
  bytes.set(tags, 20);
  bytes.set(plain.subarray(20), 20 + tags.length);
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
  init: { uploadId?: string; chunkId?: number; partNo?: number; body?: BodyInit; collection?: string } = {},
) {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    "X-Room-Id": roomId,
    "X-Upload-Op": op,
  };
  if (init.uploadId) headers["X-Upload-Id"] = init.uploadId;
  if (init.chunkId !== undefined) headers["X-Chunk-Id"] = String(init.chunkId);
  if (init.partNo !== undefined) headers["X-Part-No"] = String(init.partNo);
  return SELF.fetch(`https://stockroom.test/cdn/storage/${init.collection ?? "itemPhotos"}/__upload`, {
    method: "POST",
    headers,
    body: init.body,
  });
}

/** Bytes of large uploads' parts the room's object holds in memory (not yet in R2). */
export function bytesHeldInMemory(room: DurableObjectStub): Promise<number> {
  return runInDurableObject(room, (instance) => {
    const live = instance as unknown as { liveHost: { uploads: { buffers: { bytesHeld(): number } } } };
    return live.liveHost.uploads.buffers.bytesHeld();
  });
}
