/**
 * Uploads that cannot go wrong: the uploader's current role on every chunk
 * and at finish; a finish that answers the same when re-sent and leaves no
 * bytes without a record when it fails; a cron sweep for any that are left;
 * an item made by the server as part of finishing its photo; public copies
 * stored without photo tags whatever the client sent; originals only for
 * those who work on the items.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PUBLICATION } from "../../protocol/api";
import type { FinishedFile } from "../../protocol/files";
import { seededId } from "../../protocol/random-stream";
import { sweepOrphanObjects } from "../../worker/files/orphan-sweep";
import { signFileLink } from "../../worker/files/signed-links";
import { connectToRoom, createRoom, type DdpSocket, ownerToken, signUpUser } from "./ddp-socket";
import { chunkOf, jpegLike, startLive, taggedJpeg, uploadRequest, writeLive } from "./files-helpers";
import { roomRow } from "./room-rows";

const CHUNK = 524_288;
const DAY = 24 * 3600_000;
const text = (bytes: ArrayBuffer | Uint8Array) => new TextDecoder("latin1").decode(bytes);

async function addMember(roomId: string, role: "member" | "viewer") {
  const person = await signUpUser();
  const { socket } = await connectToRoom(roomId);
  expect((await socket.call("members.invite", [person.email, role])).error).toBeUndefined();
  socket.close();
  return person;
}

/** Uploads `bytes` over the live connection and finishes; answers what finish answered. */
async function upload(socket: DdpSocket, bytes: Uint8Array, options: Record<string, unknown> = {}) {
  const { answer, started } = await startLive(socket, { name: "lamp.jpg", size: bytes.byteLength, ...options });
  if (answer.error) return answer;
  for (let id = 1; id <= started.chunkCount; id++) {
    await writeLive(socket, started.uploadId, id, chunkOf(bytes, CHUNK, id), "binary");
  }
  return socket.call("files.finish", [started.uploadId]);
}

async function fileCount(roomId: string): Promise<number> {
  const row = await roomRow<{
    n: number;
  }>(roomId, "SELECT COUNT(*) AS n FROM files WHERE room_id = ?", roomId);
  return row?.n ?? 0;
}

async function storedKeys(roomId: string): Promise<string[]> {
  return (await env.FILES.list({ prefix: `rooms/${roomId}/` })).objects.map((object) => object.key);
}

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`https://stockroom.test${path}`, { headers });

describe("the uploader's current role", () => {
  it("refuses a member removed mid-upload at the next chunk and at finish; nothing appears", async () => {
    const roomId = await createRoom();
    const member = await addMember(roomId, "member");
    const bytes = jpegLike(2 * CHUNK + 10);
    const start = async () => {
      const response = await uploadRequest(roomId, member.token, "start", {
        body: JSON.stringify({ name: "lamp.jpg", type: "image/jpeg", size: bytes.byteLength }),
      });
      return ((await response.json()) as { uploadId: string }).uploadId;
    };
    const chunk = (uploadId: string, chunkId: number) =>
      uploadRequest(roomId, member.token, "chunk", { uploadId, chunkId, body: chunkOf(bytes, CHUNK, chunkId) });
    // One upload half done, another with every chunk in.
    const halfway = await start();
    expect((await chunk(halfway, 1)).status).toBe(200);
    const complete = await start();
    for (const id of [1, 2, 3]) expect((await chunk(complete, id)).status).toBe(200);

    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("members.remove", [member.id])).error).toBeUndefined();
    socket.close();

    const next = await chunk(halfway, 2);
    expect(next.status).toBe(403);
    expect(await next.json()).toEqual({ error: "Access denied" });
    const finish = await uploadRequest(roomId, member.token, "finish", { uploadId: complete });
    expect(finish.status).toBe(403);
    expect(await fileCount(roomId)).toBe(0);
    expect(await storedKeys(roomId)).toEqual([]);
  });
});

describe("finishing", () => {
  it("answers a re-sent finish (live or HTTP) with the same file, made once", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const bytes = jpegLike(1000);
    const { started } = await startLive(socket, { name: "lamp.jpg", size: bytes.byteLength });
    await writeLive(socket, started.uploadId, 1, bytes);
    const first = await socket.call("files.finish", [started.uploadId]);
    const again = await socket.call("files.finish", [started.uploadId]);
    expect((again.result as FinishedFile)._id).toBe((first.result as FinishedFile)._id);
    const overHttp = await uploadRequest(roomId, ownerToken(roomId), "finish", { uploadId: started.uploadId });
    expect(((await overHttp.json()) as FinishedFile)._id).toBe((first.result as FinishedFile)._id);
    expect(await fileCount(roomId)).toBe(1);
    socket.close();
  });

  it("leaves no stored bytes when recording the file fails", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    // The new item's SKU is free when the upload starts, and taken by the time it finishes.
    const bytes = jpegLike(1000);
    const { started } = await startLive(socket, {
      name: "vase.jpg",
      size: bytes.byteLength,
      meta: { newItem: { title: "Vase", sku: "V-1" } },
    });
    await writeLive(socket, started.uploadId, 1, bytes);
    expect((await socket.call("items.add", [{ title: "Other", sku: "V-1" }])).error).toBeUndefined();
    const finished = await socket.call("files.finish", [started.uploadId]);
    expect(finished.error).toMatchObject({ error: 409, reason: "SKU V-1 is already used in this room" });
    expect(await fileCount(roomId)).toBe(0);
    expect(await storedKeys(roomId)).toEqual([]);
    socket.close();
  });
});

describe("the orphan sweep (cron)", () => {
  it("removes stored bytes that no file record accounts for once they are a day old, and nothing else", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const kept = (await upload(socket, jpegLike(1000))).result as FinishedFile;
    socket.close();
    const base = `rooms/${roomId}/itemPhotos`;
    await env.FILES.put(`${base}/no-such-file/original`, "orphan");
    await env.FILES.put(`${base}/${kept._id}/web`, "a version its record does not list");

    // Today they are too young: a finish may still be on its way.
    await sweepOrphanObjects(env, Date.now());
    expect((await storedKeys(roomId)).sort()).toHaveLength(3);
    // Two days on, every page of the bucket is read (over runs) and the orphans go.
    for (let run = 0; run < 5; run++) await sweepOrphanObjects(env, Date.now() + 2 * DAY);
    expect(await storedKeys(roomId)).toEqual([`${base}/${kept._id}/original`]);
  });
});

describe("a new item from a photo", () => {
  it("is created by the server as the photo finishes, once, with the photo", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe(PUBLICATION.ITEMS);
    const bytes = jpegLike(1000);
    const { started } = await startLive(socket, {
      name: "lamp.jpg",
      size: bytes.byteLength,
      meta: { tags: { caption: "Brass lamp" }, newItem: { title: "Brass lamp", quantity: 1, status: "draft" } },
    });
    await writeLive(socket, started.uploadId, 1, bytes);
    const finished = (await socket.call("files.finish", [started.uploadId])).result as FinishedFile;
    expect(finished.itemId).toBe(seededId(finished._id, "items"));
    // The fields went to the item, not to the photo's meta.
    expect(finished.meta).toEqual({ tags: { caption: "Brass lamp" } });
    const item = await socket.next((m) => m.msg === "added" && m.collection === "items" && m.id === finished.itemId);
    expect(item.fields).toMatchObject({ title: "Brass lamp", quantity: 1, status: "draft", photos: [finished._id] });
    // The socket closes (the tab is gone); a re-sent finish finds the same item.
    socket.close();
    const { socket: later } = await connectToRoom(roomId);
    const again = (await later.call("files.finish", [started.uploadId])).result as FinishedFile;
    expect(again.itemId).toBe(finished.itemId);
    const items = await roomRow(roomId, "SELECT COUNT(*) AS n FROM items WHERE room_id = ?", roomId);
    expect(items).toEqual({ n: 1 });
    later.close();
  });

  it("refuses bad item fields at start, before any byte is stored", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const cases: [Record<string, unknown>, string][] = [
      [{ meta: { newItem: { title: "" } } }, "Title is required"],
      [{ meta: { newItem: { title: "x", photos: ["a"] } } }, "Unknown item field"],
      [{ collection: "roomLogos", meta: { newItem: { title: "Logo" } } }, "Only an item photo can become a new item"],
    ];
    for (const [options, reason] of cases) {
      const { answer } = await startLive(socket, { name: "a.jpg", size: 100, ...options });
      expect((answer.error as { reason: string }).reason).toContain(reason);
    }
    socket.close();
  });
});

describe("public copies and originals", () => {
  it("strips photo tags from a public copy sent with them; the original keeps its own", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const original = taggedJpeg(3000);
    const doc = (await upload(socket, original)).result as FinishedFile;
    const web = await upload(socket, taggedJpeg(2000), { fileId: doc._id, version: "web" });
    expect(web.error).toBeUndefined();
    const link = (await socket.call("files.link", [doc._id])).result as { url: string; version: string };
    expect(link.version).toBe("web");
    const shared = new Uint8Array(await (await get(link.url)).arrayBuffer());
    expect(text(shared)).not.toMatch(/Exif|GPSLatitude|xmpmeta/);
    expect(shared.byteLength).toBeLessThan(2000);
    expect([shared[0], shared[1], shared.at(-2), shared.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    expect((web.result as FinishedFile).versions.web?.size).toBe(shared.byteLength);
    // The team still has the original with its tags.
    const own = await get(doc.path, { Cookie: `stockroom_login=${ownerToken(roomId)}` });
    expect(text(await own.arrayBuffer())).toContain("GPSLatitude");
    socket.close();
  });

  it("refuses a public copy it cannot clean: another format, or a damaged file", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const doc = (await upload(socket, jpegLike(1000))).result as FinishedFile;
    const heic = await upload(socket, jpegLike(500), { fileId: doc._id, version: "web", type: "image/heic" });
    expect(heic.error).toMatchObject({ error: 415, reason: "A shareable copy must be a JPEG, PNG or WebP image" });
    const damaged = jpegLike(500).subarray(0, 400);
    const broken = await upload(socket, damaged, { fileId: doc._id, version: "web" });
    expect(broken.error).toMatchObject({ error: 415 });
    expect(Object.keys(((await socket.call("files.link", [doc._id])).error ?? {}) as object)).toContain("reason");
    socket.close();
  });

  it("keeps an item photo's original from viewers and from links; members have it", async () => {
    const roomId = await createRoom();
    const viewer = await addMember(roomId, "viewer");
    const member = await addMember(roomId, "member");
    const { socket } = await connectToRoom(roomId);
    const doc = (await upload(socket, taggedJpeg(3000))).result as FinishedFile;
    await upload(socket, jpegLike(1000), { fileId: doc._id, version: "thumbnail" });
    socket.close();
    const thumbnail = doc.path.replace("/original/", "/thumbnail/");
    expect((await get(doc.path, { Cookie: `stockroom_login=${viewer.token}` })).status).toBe(403);
    expect((await get(thumbnail, { Cookie: `stockroom_login=${viewer.token}` })).status).toBe(200);
    expect((await get(doc.path, { Cookie: `stockroom_login=${member.token}` })).status).toBe(200);
    const original = { size: doc.size, type: doc.type, extension: doc.extension, etag: '"x"' };
    const link = { fileId: doc._id, collection: "itemPhotos", name: doc.name, version: "original" };
    const forged = await signFileLink(env, { ...link, storagePath: doc._storagePath, stored: original }, Date.now());
    expect((await get(`${doc.path}?token=${forged}`)).status).toBe(401);
  });

  it("stores a room logo without its photo tags (every member, viewers too, sees it)", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const logo = (await upload(socket, taggedJpeg(3000), { collection: "roomLogos", name: "logo.jpg" }))
      .result as FinishedFile;
    const stored = await env.FILES.get(`rooms/${roomId}/roomLogos/${logo._id}/original`);
    expect(text(await (stored as R2ObjectBody).arrayBuffer())).not.toMatch(/Exif|GPSLatitude|xmpmeta/);
    socket.close();
  });
});
