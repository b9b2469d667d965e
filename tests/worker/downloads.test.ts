/**
 * The download route's conditional requests (If-None-Match compared weakly,
 * If-Range strongly) and the size limit's message, inside workerd with real
 * D1, R2 and Durable Object storage.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { FileDoc } from "../../protocol/files";
import { connectToRoom, createRoom, ownerToken } from "./ddp-socket";
import { jpegLike, startLive, writeLive } from "./files-helpers";

const MIB = 1024 * 1024;

/** One chunk's worth of JPEG in itemPhotos, finished: its record. */
async function uploadSmall(roomId: string, bytes: Uint8Array): Promise<FileDoc> {
  const { socket } = await connectToRoom(roomId);
  const { started } = await startLive(socket, { name: "lamp.jpg", size: bytes.byteLength });
  await writeLive(socket, started.uploadId, 1, bytes);
  const finished = await socket.call("files.finish", [started.uploadId]);
  socket.close();
  return finished.result as FileDoc;
}

/** A stored file, the owner's cookie, and the ETag the route gives it. */
async function storedFile() {
  const roomId = await createRoom();
  const bytes = jpegLike(1000);
  const doc = await uploadSmall(roomId, bytes);
  const auth = { Cookie: `stockroom_login=${ownerToken(roomId)}` };
  const get = (headers: Record<string, string> = {}) =>
    SELF.fetch(`https://stockroom.test${doc.path}`, { headers: { ...auth, ...headers } });
  const full = await get();
  await full.arrayBuffer();
  const etag = full.headers.get("ETag") ?? "";
  expect(etag).toMatch(/^"[^"]+"$/);
  return { bytes, get, etag };
}

describe("If-None-Match", () => {
  it("answers 304 to the weak form of our ETag, alone or in a list", async () => {
    const { get, etag } = await storedFile();
    const weak = await get({ "If-None-Match": `W/${etag}` });
    expect(weak.status).toBe(304);
    expect(weak.headers.get("ETag")).toBe(etag);
    const listed = await get({ "If-None-Match": `"something-else", W/${etag}, W/"another"` });
    expect(listed.status).toBe(304);
  });

  it("sends the file when no tag in the list is ours", async () => {
    const { get, etag, bytes } = await storedFile();
    const other = await get({ "If-None-Match": `W/"x${etag.slice(1)}, "nope"` });
    expect(other.status).toBe(200);
    expect(new Uint8Array(await other.arrayBuffer())).toEqual(bytes);
  });
});

describe("If-Range", () => {
  it("sends the range while the validator is our ETag", async () => {
    const { get, etag, bytes } = await storedFile();
    const partial = await get({ Range: "bytes=10-19", "If-Range": etag });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Range")).toBe("bytes 10-19/1000");
    expect(new Uint8Array(await partial.arrayBuffer())).toEqual(bytes.slice(10, 20));
  });

  it("sends the whole file for a stale tag, a weak tag or a date", async () => {
    const { get, etag, bytes } = await storedFile();
    for (const validator of ['"an-older-version"', `W/${etag}`, "Wed, 21 Oct 2015 07:28:00 GMT"]) {
      const response = await get({ Range: "bytes=10-19", "If-Range": validator });
      expect(response.status, validator).toBe(200);
      expect(response.headers.get("Content-Range"), validator).toBeNull();
      expect(response.headers.get("Content-Length"), validator).toBe("1000");
      expect(new Uint8Array(await response.arrayBuffer()), validator).toEqual(bytes);
    }
  });

  it("sends the whole file, not 416, when a stale validator comes with a range past the end", async () => {
    const { get, bytes } = await storedFile();
    const response = await get({ Range: "bytes=5000-", "If-Range": '"an-older-version"' });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(bytes.byteLength);
  });
});

describe("size limit", () => {
  async function refusal(collection: string, size: number) {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const { answer } = await startLive(socket, { collection, size });
    socket.close();
    return answer.error;
  }

  it("gives exact byte counts when a file is just over the limit", async () => {
    expect(await refusal("itemPhotos", 64 * MIB + 1)).toMatchObject({
      error: 413,
      reason: "This file is too large (67,108,865 bytes); the limit is 64 MB (67,108,864 bytes).",
    });
    expect(await refusal("roomLogos", 2 * MIB + 1)).toMatchObject({
      error: 413,
      reason: "This file is too large (2,097,153 bytes); the limit is 2 MB (2,097,152 bytes).",
    });
  });

  it("gives megabytes when they already differ", async () => {
    expect(await refusal("itemPhotos", 70.25 * MIB)).toMatchObject({
      error: 413,
      reason: "This file is too large (70.3 MB); the limit is 64 MB.",
    });
  });
});
