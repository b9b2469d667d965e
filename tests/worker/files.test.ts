/**
 * Uploads into R2 over the live connection and over HTTP, and the download
 * route, inside workerd with real D1, R2 and Durable Object storage.
 */
import { env, evictDurableObject, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { COLLECTION, LIMITS, PUBLICATION } from "../../protocol/api";
import { bytesToBase64 } from "../../protocol/ejson";
import { FILE_ERRORS, type FileDoc } from "../../protocol/files";
import { PARTS_MEMORY_BUDGET, type PartBuffers } from "../../worker/files/part-buffers";
import { connectToRoom, createRoom, DdpSocket, ownerToken, signUpUser } from "./ddp-socket";
import { bytesHeldInMemory, chunkOf, jpegLike, sha256, startLive, uploadRequest, writeLive } from "./files-helpers";
import { roomRow, roomStub } from "./room-rows";

const CHUNK = 524_288;

async function uploadSmall(roomId: string, bytes: Uint8Array, options: Record<string, unknown> = {}) {
  const { socket } = await connectToRoom(roomId);
  const { started } = await startLive(socket, {
    collection: "itemPhotos",
    name: "lamp.jpg",
    type: "image/jpeg",
    size: bytes.byteLength,
    ...options,
  });
  for (let id = 1; id <= started.chunkCount; id++)
    await writeLive(socket, started.uploadId, id, chunkOf(bytes, CHUNK, id));
  const finished = await socket.call("files.finish", [started.uploadId]);
  socket.close();
  return finished.result as FileDoc;
}

async function download(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`https://stockroom.test${path}`, { headers });
}

const cookieFor = (token: string) => ({ Cookie: `stockroom_login=${token}` });

describe("upload over the live connection", () => {
  it("takes chunks out of order and twice, and stores exactly the bytes sent", async () => {
    const roomId = await createRoom();
    const bytes = jpegLike(3 * CHUNK + 1234);
    const { socket } = await connectToRoom(roomId);
    const { started } = await startLive(socket, {
      collection: "itemPhotos",
      name: "lamp.jpg",
      type: "image/jpeg",
      size: bytes.byteLength,
      meta: { camera: { make: "Canon" } },
    });
    expect(started).toMatchObject({ chunkSize: CHUNK, chunkCount: 4, received: [] });
    // Base64 text (as Meteor clients send) and binary frames (as ours do) mixed.
    for (const [id, frame] of [
      [3, "binary"],
      [1, "text"],
      [4, "binary"],
      [1, "binary"],
      [2, "text"],
      [3, "text"],
    ] as const) {
      const answer = await writeLive(socket, started.uploadId, id, chunkOf(bytes, CHUNK, id), frame);
      expect(answer.error).toBeUndefined();
    }
    // There is no file before the upload completes.
    expect(await roomRow(roomId, "SELECT COUNT(*) AS n FROM files")).toEqual({ n: 0 });
    const finished = await socket.call("files.finish", [started.uploadId]);
    const doc = finished.result as FileDoc;
    expect(doc).toMatchObject({
      name: "lamp.jpg",
      size: bytes.byteLength,
      type: "image/jpeg",
      extension: "jpg",
      isImage: true,
      isPDF: false,
      meta: { camera: { make: "Canon" } },
      _collectionName: "itemPhotos",
      _downloadRoute: "/cdn/storage",
      roomId,
    });
    expect(doc.path).toBe(`/cdn/storage/itemPhotos/${doc._id}/original/${doc._id}.jpg`);
    await socket.subscribe(PUBLICATION.FILES, [[doc._id]]);
    expect(socket.held(COLLECTION.FILES).get(doc._id)).toMatchObject({ name: "lamp.jpg", size: bytes.byteLength });

    const response = await download(doc.path, cookieFor(ownerToken(roomId)));
    expect(response.status).toBe(200);
    expect(await sha256(await response.arrayBuffer())).toBe(await sha256(bytes));
    socket.close();
  });

  it("resumes on a new connection: the server says which chunks it has, and the bytes hash the same", async () => {
    const roomId = await createRoom();
    // Over 5 MiB, so parts go to an R2 multipart upload as they fill.
    const bytes = jpegLike(12 * CHUNK + 77);
    const first = await connectToRoom(roomId);
    const { started } = await startLive(first.socket, {
      collection: "itemPhotos",
      name: "big.jpg",
      type: "image/jpeg",
      size: bytes.byteLength,
    });
    for (let id = 1; id <= 11; id++) await writeLive(first.socket, started.uploadId, id, chunkOf(bytes, CHUNK, id));
    first.socket.close();

    const second = await connectToRoom(roomId);
    const status = await second.socket.call("files.status", [started.uploadId]);
    expect((status.result as { received: number[] }).received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const id of [13, 12]) await writeLive(second.socket, started.uploadId, id, chunkOf(bytes, CHUNK, id));
    const doc = (await second.socket.call("files.finish", [started.uploadId])).result as FileDoc;
    const object = await env.FILES.get(`rooms/${roomId}/itemPhotos/${doc._id}/original`);
    expect(await sha256(await (object as R2ObjectBody).arrayBuffer())).toBe(await sha256(bytes));
    second.socket.close();
  });

  it("holds a large file's unfinished part in memory: lost with the object, status no longer lists it and it is sent again", async () => {
    const roomId = await createRoom();
    // Two parts: 10 chunks, then 3.
    const bytes = jpegLike(12 * CHUNK + 77);
    const first = await connectToRoom(roomId);
    const { started } = await startLive(first.socket, { name: "big.jpg", size: bytes.byteLength });
    for (let id = 1; id <= 12; id++) {
      await writeLive(first.socket, started.uploadId, id, chunkOf(bytes, CHUNK, id), "binary");
    }
    // Part 1 is whole and goes to R2; part 2 (2 chunks and 77 bytes, allocated whole) has two of its three chunks, in memory only.
    const room = env.ROOM.getByName(roomId);
    const held = () => bytesHeldInMemory(room);
    // Generous: on a loaded machine the 5 MiB part can take seconds to reach R2.
    await vi.waitFor(async () => expect(await held()).toBe(2 * CHUNK + 77), { timeout: 15_000, interval: 100 });
    first.socket.close();
    await evictDurableObject(room);

    const second = await connectToRoom(roomId);
    const status = await second.socket.call("files.status", [started.uploadId]);
    expect((status.result as { received: number[] }).received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const early = await second.socket.call("files.finish", [started.uploadId]);
    expect(early.error).toMatchObject({ reason: "Upload is incomplete: 10 of 13 chunks received" });
    for (const id of [11, 12, 13]) {
      await writeLive(second.socket, started.uploadId, id, chunkOf(bytes, CHUNK, id), "binary");
    }
    const doc = (await second.socket.call("files.finish", [started.uploadId])).result as FileDoc;
    const object = await env.FILES.get(`rooms/${roomId}/itemPhotos/${doc._id}/original`);
    expect(await sha256(await (object as R2ObjectBody).arrayBuffer())).toBe(await sha256(bytes));
    expect(await held()).toBe(0);
    second.socket.close();
  });

  it("holds at most three parts in memory while a large file arrives in order, four chunks at a time as the app sends", async () => {
    const roomId = await createRoom();
    const bytes = jpegLike(60 * CHUNK); // six parts of 10 chunks
    const { socket } = await connectToRoom(roomId);
    const { started } = await startLive(socket, { name: "in-order.jpg", size: bytes.byteLength });
    const room = env.ROOM.getByName(roomId);
    await runInDurableObject(room, (instance) => {
      (
        instance as unknown as { liveHost: { uploads: { buffers: PartBuffers } } }
      ).liveHost.uploads.buffers.resetHighWater();
    });
    let next = 1;
    const lane = async () => {
      while (next <= 60) {
        const id = next++;
        await writeLive(socket, started.uploadId, id, chunkOf(bytes, CHUNK, id), "binary");
      }
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
    const doc = (await socket.call("files.finish", [started.uploadId])).result as FileDoc;
    expect(doc.size).toBe(bytes.byteLength);
    const highWater = await runInDurableObject(
      room,
      (instance) =>
        (instance as unknown as { liveHost: { uploads: { buffers: PartBuffers } } }).liveHost.uploads.buffers
          .bytesHighWater,
    );
    expect(highWater).toBeGreaterThanOrEqual(10 * CHUNK);
    expect(highWater).toBeLessThanOrEqual(3 * 10 * CHUNK);
    socket.close();
  });

  it("keeps a sender scattering chunks over many parts within the memory budget, and the file still arrives whole", async () => {
    const roomId = await createRoom();
    // Six parts of 10 chunks; the first chunk of each, sent before any part is whole, would hold 30 MiB in memory.
    const bytes = jpegLike(60 * CHUNK);
    const { socket } = await connectToRoom(roomId);
    const { started } = await startLive(socket, { name: "scattered.jpg", size: bytes.byteLength });
    const firsts = [1, 11, 21, 31, 41, 51];
    for (const id of firsts) await writeLive(socket, started.uploadId, id, chunkOf(bytes, CHUNK, id), "binary");
    const room = env.ROOM.getByName(roomId);
    expect(await bytesHeldInMemory(room)).toBeLessThanOrEqual(PARTS_MEMORY_BUDGET);
    // The parts past the budget wait in SQLite: every chunk is still counted.
    const status = await socket.call("files.status", [started.uploadId]);
    expect((status.result as { received: number[] }).received).toEqual(firsts);
    for (let id = 1; id <= 60; id++) {
      if (!firsts.includes(id)) await writeLive(socket, started.uploadId, id, chunkOf(bytes, CHUNK, id), "binary");
    }
    const doc = (await socket.call("files.finish", [started.uploadId])).result as FileDoc;
    const object = await env.FILES.get(`rooms/${roomId}/itemPhotos/${doc._id}/original`);
    expect(await sha256(await (object as R2ObjectBody).arrayBuffer())).toBe(await sha256(bytes));
    expect(await bytesHeldInMemory(room)).toBe(0);
    socket.close();
  });

  it("answers a malformed binary frame with a parse error and keeps the connection", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    socket.sendRaw(new Uint8Array([0, 0, 0, 200, 1, 2, 3]).buffer);
    await socket.next((m) => m.msg === "error" && m.reason === "Parse error");
    const { started } = await startLive(socket, { size: 10 });
    const answer = await writeLive(socket, started.uploadId, 1, jpegLike(10), "binary");
    expect(answer.result).toMatchObject({ received: 1 });
    socket.close();
  });

  it("refuses to finish an incomplete upload, and abort forgets it", async () => {
    const roomId = await createRoom();
    const bytes = jpegLike(2 * CHUNK);
    const { socket } = await connectToRoom(roomId);
    const { started } = await startLive(socket, {
      size: bytes.byteLength,
    });
    await writeLive(socket, started.uploadId, 1, chunkOf(bytes, CHUNK, 1));
    const early = await socket.call("files.finish", [started.uploadId]);
    expect(early.error).toMatchObject({ error: 400, reason: "Upload is incomplete: 1 of 2 chunks received" });
    expect((await socket.call("files.abort", [started.uploadId])).error).toBeUndefined();
    const after = await writeLive(socket, started.uploadId, 2, chunkOf(bytes, CHUNK, 2));
    expect(after.error).toMatchObject({
      error: 408,
      reason: "Can't continue upload, session expired. Please, start upload again.",
    });
    socket.close();
  });
});

describe("upload bad input", () => {
  async function startWith(options: Record<string, unknown>, token?: string) {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId, token ? { token } : {});
    const { answer } = await startLive(socket, {
      collection: "itemPhotos",
      name: "x.jpg",
      type: "image/jpeg",
      size: 10,
      ...options,
    });
    socket.close();
    return answer;
  }

  it("refuses an empty file, a missing name, a wrong type and an oversize file before storing anything", async () => {
    expect((await startWith({ size: 0 })).error).toMatchObject({ error: 400, reason: "Can't upload empty file" });
    expect((await startWith({ name: "\u0000\u0007" })).error).toMatchObject({
      error: 400,
      reason: "File name is required",
    });
    expect((await startWith({ type: "text/html" })).error).toMatchObject({
      error: 415,
      reason: "Files of type text/html are not accepted here",
    });
    expect((await startWith({ size: 65 * 1024 * 1024 })).error).toMatchObject({ error: 413 });
    expect((await startWith({ size: "10" })).error).toMatchObject({ error: 400, reason: "Size must be a number" });
    expect((await startWith({ collection: "secrets" })).error).toMatchObject({ error: 404 });
  });

  it("strips path separators and control characters from names", async () => {
    const roomId = await createRoom();
    const doc = await uploadSmall(roomId, jpegLike(100), { name: "../../etc/\u0001pass\u007fwd.JPG" });
    expect(doc.name).toBe("passwd.JPG");
    expect(doc.extension).toBe("jpg");
  });

  it("refuses chunks past the declared size, chunks of the wrong length and forged upload ids", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const { started } = await startLive(socket, {
      size: CHUNK + 10,
    });
    const past = await writeLive(socket, started.uploadId, 3, new Uint8Array(10));
    expect(past.error).toMatchObject({ error: 400, reason: "Chunk 3 is outside the file (1 to 2)" });
    // The declared size says the last chunk has 10 bytes; 20 arrive.
    const lying = await writeLive(socket, started.uploadId, 2, new Uint8Array(20));
    expect(lying.error).toMatchObject({ error: 400 });
    const forged = await writeLive(socket, "f".repeat(36), 1, jpegLike(CHUNK));
    expect(forged.error).toMatchObject({ error: 408 });
    const badBase64 = await socket.call("files.write", [started.uploadId, 1, "not base64!!"]);
    expect(badBase64.error).toMatchObject({ error: 400 });
    socket.close();
  });

  it("refuses a file that claims to be an image but is not, and forgets its upload", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const { started } = await startLive(socket, {
      size: 12,
    });
    const answer = await writeLive(socket, started.uploadId, 1, new TextEncoder().encode("<html>hi</ht"));
    expect(answer.error).toMatchObject({ error: 400, reason: "The file's content is not image/jpeg" });
    expect((await socket.call("files.status", [started.uploadId])).error).toMatchObject({ error: 408 });
    socket.close();
  });

  it("lets only editors upload, and nobody write to another person's upload", async () => {
    const roomId = await createRoom();
    const viewer = await signUpUser();
    const member = await signUpUser();
    const { socket: owner } = await connectToRoom(roomId);
    await owner.call("members.invite", [viewer.email, "viewer"]);
    await owner.call("members.invite", [member.email, "member"]);
    const { started } = await startLive(owner, {
      size: 10,
    });

    const { socket: asViewer } = await connectToRoom(roomId, { token: viewer.token });
    const refused = await startLive(asViewer, {
      size: 10,
    });
    expect(refused.answer.error).toMatchObject({ error: 403, reason: "Access denied" });
    const { socket: asMember } = await connectToRoom(roomId, { token: member.token });
    const hijack = await writeLive(asMember, started.uploadId, 1, jpegLike(10));
    expect(hijack.error).toMatchObject({ error: 408 });
    for (const socket of [owner, asViewer, asMember]) socket.close();
  });

  it("cleans up an upload nobody finished, with its R2 parts", async () => {
    const roomId = await createRoom();
    const bytes = jpegLike(11 * CHUNK);
    const { socket } = await connectToRoom(roomId);
    const { started } = await startLive(socket, {
      size: bytes.byteLength,
    });
    for (let id = 1; id <= 10; id++) await writeLive(socket, started.uploadId, id, chunkOf(bytes, CHUNK, id));
    const stub = env.ROOM.get(env.ROOM.idFromName(roomId));
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec("UPDATE uploads SET updated_at = 0");
    });
    // Any later upload in the room sweeps abandoned ones.
    await startLive(socket, { collection: "itemPhotos", name: "b.jpg", type: "image/jpeg", size: 10 });
    expect((await socket.call("files.status", [started.uploadId])).error).toMatchObject({ error: 408 });
    const left = await runInDurableObject(
      stub,
      (_instance, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM upload_chunks").one().n,
    );
    expect(left).toBe(0);
    expect(await bytesHeldInMemory(stub)).toBe(0);
    socket.close();
  });
});

describe("upload over HTTP", () => {
  it("feeds the same upload state: start, binary chunks, status, finish", async () => {
    const roomId = await createRoom();
    const token = ownerToken(roomId);
    const bytes = jpegLike(11 * CHUNK + 5);
    const start = await uploadRequest(roomId, token, "start", {
      body: JSON.stringify({ name: "http.jpg", type: "image/jpeg", size: bytes.byteLength }),
    });
    expect(start.status).toBe(200);
    const { uploadId, chunkCount } = (await start.json()) as { uploadId: string; chunkCount: number };
    expect(chunkCount).toBe(12);
    for (let id = chunkCount; id >= 1; id--) {
      const chunk = await uploadRequest(roomId, token, "chunk", {
        uploadId,
        chunkId: id,
        body: chunkOf(bytes, CHUNK, id).slice(),
      });
      expect(chunk.status).toBe(200);
    }
    // The live connection sees the same upload.
    const { socket } = await connectToRoom(roomId);
    const status = await socket.call("files.status", [uploadId]);
    expect((status.result as { received: number[] }).received).toHaveLength(12);
    socket.close();
    const finish = await uploadRequest(roomId, token, "finish", { uploadId });
    const doc = (await finish.json()) as FileDoc;
    const response = await download(doc.path, cookieFor(token));
    expect(await sha256(await response.arrayBuffer())).toBe(await sha256(bytes));
  });

  it("streams whole parts of 5 MiB straight to R2, part 1 in chunks, and stores exactly the bytes sent", async () => {
    const roomId = await createRoom();
    const token = ownerToken(roomId);
    // Three parts: 10 chunks (5 MiB), 10 chunks, and a short last one.
    const bytes = jpegLike(23 * CHUNK + 777);
    const start = await uploadRequest(roomId, token, "start", {
      body: JSON.stringify({ name: "large.jpg", type: "image/jpeg", size: bytes.byteLength }),
    });
    const { uploadId, chunkCount } = (await start.json()) as { uploadId: string; chunkCount: number };
    expect(chunkCount).toBe(24);
    const partOf = (partNo: number) =>
      bytes.slice((partNo - 1) * 10 * CHUNK, Math.min(bytes.byteLength, partNo * 10 * CHUNK));
    const sendPart = (partNo: number, body: Uint8Array, who = token) =>
      uploadRequest(roomId, who, "part", { uploadId, partNo, body });

    // Part 1 carries the file's signature, checked chunk by chunk: it cannot come whole.
    const whole1 = await sendPart(1, partOf(1));
    expect(whole1.status).toBe(400);
    expect(await whole1.json()).toEqual({
      error: "Part 1 cannot be sent whole: parts 2 to 3 can (part 1 goes in chunks)",
    });
    // A part of the wrong length is refused before a byte is stored; so is someone else's upload.
    const short = await sendPart(3, partOf(3).slice(1));
    expect(short.status).toBe(400);
    const stranger = await signUpUser();
    // (Someone else's upload id answers as an expired session, as a forged one does.)
    expect((await sendPart(2, partOf(2), stranger.token)).status).toBe(408);

    expect((await sendPart(3, partOf(3))).status).toBe(200);
    const part2 = await sendPart(2, partOf(2));
    expect(await part2.json()).toEqual({ received: 14 });
    for (let id = 1; id <= 10; id++) {
      const chunk = await uploadRequest(roomId, token, "chunk", {
        uploadId,
        chunkId: id,
        body: chunkOf(bytes, CHUNK, id).slice(),
      });
      expect(chunk.status).toBe(200);
    }
    // Sent again (its answer lost), a part replaces itself.
    expect(await (await sendPart(2, partOf(2))).json()).toEqual({ received: 24 });
    const finish = await uploadRequest(roomId, token, "finish", { uploadId });
    const doc = (await finish.json()) as FileDoc;
    expect(doc.size).toBe(bytes.byteLength);
    const response = await download(doc.path, cookieFor(token));
    expect(await sha256(await response.arrayBuffer())).toBe(await sha256(bytes));
  });

  it("answers clear errors: no login, an empty file, a stranger's room", async () => {
    const roomId = await createRoom();
    const anonymous = await SELF.fetch("https://stockroom.test/cdn/storage/itemPhotos/__upload", {
      method: "POST",
      headers: { "X-Room-Id": roomId, "X-Upload-Op": "start" },
      body: "{}",
    });
    expect(anonymous.status).toBe(401);
    const empty = await uploadRequest(roomId, ownerToken(roomId), "start", {
      body: JSON.stringify({ name: "e.jpg", type: "image/jpeg", size: 0 }),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Can't upload empty file" });
    const stranger = await signUpUser();
    const refused = await uploadRequest(roomId, stranger.token, "start", {
      body: JSON.stringify({ name: "e.jpg", type: "image/jpeg", size: 10 }),
    });
    expect(refused.status).toBe(403);
  });
});

describe("downloads", () => {
  it("serves byte ranges: first byte, last byte, suffix, open end, and 416 past the end", async () => {
    const roomId = await createRoom();
    const bytes = jpegLike(1000);
    const doc = await uploadSmall(roomId, bytes);
    const auth = cookieFor(ownerToken(roomId));
    const first = await download(doc.path, { ...auth, Range: "bytes=0-0" });
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Range")).toBe("bytes 0-0/1000");
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes.slice(0, 1));
    const last = await download(doc.path, { ...auth, Range: "bytes=999-999" });
    expect(new Uint8Array(await last.arrayBuffer())).toEqual(bytes.slice(999));
    const suffix = await download(doc.path, { ...auth, Range: "bytes=-100" });
    expect(suffix.headers.get("Content-Range")).toBe("bytes 900-999/1000");
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(900));
    const openEnd = await download(doc.path, { ...auth, Range: "bytes=990-" });
    expect((await openEnd.arrayBuffer()).byteLength).toBe(10);
    const clamped = await download(doc.path, { ...auth, Range: "bytes=995-5000" });
    expect(clamped.headers.get("Content-Range")).toBe("bytes 995-999/1000");
    await clamped.arrayBuffer();
    const past = await download(doc.path, { ...auth, Range: "bytes=1000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe("bytes */1000");
  });

  it("answers 304 to a matching ETag, and marks downloads as attachments on request", async () => {
    const roomId = await createRoom();
    const doc = await uploadSmall(roomId, jpegLike(500));
    const auth = cookieFor(ownerToken(roomId));
    const full = await download(doc.path, auth);
    const etag = full.headers.get("ETag") ?? "";
    await full.arrayBuffer();
    expect(full.headers.get("Content-Disposition")).toMatch(/^inline; filename="lamp.jpg"/);
    expect(full.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const cached = await download(doc.path, { ...auth, "If-None-Match": etag });
    expect(cached.status).toBe(304);
    const attachment = await download(`${doc.path}?download=true`, auth);
    expect(attachment.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    await attachment.arrayBuffer();
  });

  it("refuses a private file without the cookie, or to someone outside the room", async () => {
    const roomId = await createRoom();
    const doc = await uploadSmall(roomId, jpegLike(500));
    const anonymous = await download(doc.path);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Access denied" });
    const stranger = await signUpUser();
    expect((await download(doc.path, cookieFor(stranger.token))).status).toBe(401);
    // Nobody signed in learns nothing, not even whether a file exists; someone signed in is told it does not.
    expect((await download(`/cdn/storage/itemPhotos/nope/original/nope.jpg`)).status).toBe(401);
    expect((await download(`/cdn/storage/itemPhotos/nope/original/nope.jpg`, cookieFor(stranger.token))).status).toBe(
      404,
    );
  });

  it("serves an SVG so its script cannot run in our origin", async () => {
    const roomId = await createRoom();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { socket } = await connectToRoom(roomId);
    const { started } = await startLive(socket, {
      collection: "roomLogos",
      name: "logo.svg",
      type: "image/svg+xml",
      size: svg.byteLength,
    });
    await socket.call("files.write", [started.uploadId, 1, bytesToBase64(svg)]);
    const doc = (await socket.call("files.finish", [started.uploadId])).result as FileDoc;
    socket.close();
    const response = await download(doc.path, cookieFor(ownerToken(roomId)));
    expect(response.headers.get("Content-Security-Policy")).toMatch(/sandbox/);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await response.arrayBuffer();
  });
});

describe("the files publication", () => {
  it("sends the room's logos, or just the files asked for, never the whole table", async () => {
    const roomId = await createRoom();
    const lamp = await uploadSmall(roomId, jpegLike(500));
    const vase = await uploadSmall(roomId, jpegLike(600), { name: "vase.jpg" });
    const logo = await uploadSmall(roomId, jpegLike(400), { collection: "roomLogos", name: "logo.jpg" });

    const { socket } = await connectToRoom(roomId);
    expect((await socket.subscribe(PUBLICATION.FILES, [])).msg).toBe("ready");
    expect([...socket.held(COLLECTION.FILES).keys()]).toEqual([logo._id]);

    const { socket: screen } = await connectToRoom(roomId);
    expect((await screen.subscribe(PUBLICATION.FILES, [[vase._id, "no-such-file"]])).msg).toBe("ready");
    expect([...screen.held(COLLECTION.FILES).keys()]).toEqual([vase._id]);
    // A file asked for and removed goes; one not asked for is never sent.
    expect((await socket.call("files.remove", [vase._id])).error).toBeUndefined();
    await expect.poll(() => screen.held(COLLECTION.FILES).size).toBe(0);
    expect(screen.held(COLLECTION.FILES).has(lamp._id)).toBe(false);

    const tooMany = Array.from({ length: LIMITS.FILES_WINDOW + 1 }, (_, i) => `f${i}`);
    expect(await screen.subscribe(PUBLICATION.FILES, [tooMany])).toMatchObject({
      msg: "nosub",
      error: { error: 400, reason: `At most ${LIMITS.FILES_WINDOW} files at a time` },
    });
    socket.close();
    screen.close();
  });

  it("names where imported photos came from, for an export, only for the files asked about", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const lamp = await uploadSmall(roomId, jpegLike(500));
    // An upload's own meta does not claim a source: only the import's photo fetch writes one.
    await roomRow(
      roomId,
      "UPDATE files SET meta = ? WHERE id = ?",
      JSON.stringify({ source: "https://cdn.example/lamp.jpg", alt: "A lamp" }),
      lamp._id,
    );
    const vase = await uploadSmall(roomId, jpegLike(600));
    const answer = await socket.call("files.sources", [[lamp._id, vase._id, "gone"]]);
    expect(answer.result).toEqual([{ id: lamp._id, url: "https://cdn.example/lamp.jpg", alt: "A lamp" }]);
    socket.close();
  });
});

describe("removing files and shared links", () => {
  it("removes the record and its R2 objects", async () => {
    const roomId = await createRoom();
    const doc = await uploadSmall(roomId, jpegLike(500));
    const key = `rooms/${roomId}/itemPhotos/${doc._id}/original`;
    expect(await env.FILES.head(key)).not.toBeNull();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("files.remove", [doc._id])).error).toBeUndefined();
    socket.close();
    expect(await env.FILES.head(key)).toBeNull();
    expect((await download(doc.path, cookieFor(ownerToken(roomId)))).status).toBe(404);
  });

  it("deleting the room deletes every byte it kept: its files in R2, every table and key of its storage, its alarm", async () => {
    const roomId = await createRoom();
    const doc = await uploadSmall(roomId, jpegLike(500));
    const { socket } = await connectToRoom(roomId);
    // Things the old clean-up left behind: dashboard aggregates, the change log, variant codes, a bulk job.
    const tee = (await socket.call("items.add", [{ title: "Tee", quantity: 2 }])).result as string;
    await socket.call("items.setVariants", [
      tee,
      { options: ["Size"], variants: [{ _id: tee, values: ["S"], sku: "T-S" }] },
    ]);
    await socket.call("items.setStatus", [[tee], "ready"]);
    const tables = () =>
      runInDurableObject(roomStub(roomId), (_, state) => ({
        rows: [
          ...state.storage.sql.exec(
            // The runtime's own tables (_cf_…, sqlite_…) aside.
            "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 4) <> '_cf_' AND substr(name, 1, 7) <> 'sqlite_'",
          ),
        ].length,
        variantCodes: state.storage.sql
          .exec("SELECT count(*) AS n FROM sqlite_master WHERE name = 'variant_codes'")
          .one().n as number,
      }));
    expect((await tables()).variantCodes).toBe(1);

    expect((await socket.call("rooms.delete", [])).error).toBeUndefined();
    // Erased once the connections are closed (the answer and the room's ending go out first).
    await expect.poll(() => socket.closed?.code).toBe(4003);
    // The object's own storage: no table, no key, no alarm.
    await expect.poll(tables).toEqual({ rows: 0, variantCodes: 0 });
    expect(await env.FILES.head(`rooms/${roomId}/itemPhotos/${doc._id}/original`)).toBeNull();
    expect((await env.FILES.list({ prefix: `rooms/${roomId}/` })).objects).toEqual([]);
    await runInDurableObject(roomStub(roomId), async (_, state) => {
      expect([...(await state.storage.list()).keys()]).toEqual([]);
      expect(await state.storage.getAlarm()).toBeNull();
    });
    // No login names the room's object any more: a later token removal does not wake it to re-make its tables.
    const places = await env.DB.prepare("SELECT count(*) AS n FROM token_connections WHERE object_name = ?")
      .bind(roomId)
      .first<{ n: number }>();
    expect(places?.n).toBe(0);
  });

  it("shares only a photo's tag-free version, through a signed link that works without a login", async () => {
    const roomId = await createRoom();
    const doc = await uploadSmall(roomId, jpegLike(500));
    const { socket } = await connectToRoom(roomId);
    const refused = await socket.call("files.link", [doc._id]);
    expect(refused.error).toMatchObject({ error: 409 });
    // The browser uploads a re-encoded copy with no tags as the "web" version.
    const { started } = await startLive(socket, {
      collection: "itemPhotos",
      fileId: doc._id,
      version: "web",
      name: "lamp.jpg",
      type: "image/jpeg",
      size: 200,
    });
    await writeLive(socket, started.uploadId, 1, jpegLike(200));
    await socket.call("files.finish", [started.uploadId]);
    const link = (await socket.call("files.link", [doc._id])).result as { url: string; version: string };
    expect(link.version).toBe("web");
    socket.close();
    const shared = await download(link.url);
    expect(shared.status).toBe(200);
    expect((await shared.arrayBuffer()).byteLength).toBe(200);
    // The token is for that version only.
    const token = new URL(link.url, "https://x").searchParams.get("token");
    expect((await download(`${doc.path}?token=${token}`)).status).toBe(401);
    // The link carries what it serves: it works without the directory's entry for the file (nor the room's record).
    await env.DB.prepare("DELETE FROM file_rooms WHERE file_id = ?").bind(doc._id).run();
    expect((await download(link.url)).status).toBe(200);
    expect((await download(link.url.split("?")[0] as string)).status).toBe(401);
  });

  it("stops a link working the moment the member who asked for it leaves the room", async () => {
    const roomId = await createRoom();
    const doc = await uploadSmall(roomId, jpegLike(500));
    const { socket: owner } = await connectToRoom(roomId);
    // The tag-free copy a link serves, as the browser uploads it.
    const web = { collection: "itemPhotos", fileId: doc._id, version: "web", name: "lamp.jpg", size: 200 };
    const { started } = await startLive(owner, web);
    await writeLive(owner, started.uploadId, 1, jpegLike(200));
    expect((await owner.call("files.finish", [started.uploadId])).error).toBeUndefined();
    const member = await signUpUser();
    expect((await owner.call("members.invite", [member.email, "member"])).error).toBeUndefined();
    const { socket } = await connectToRoom(roomId, { token: member.token });
    const link = (await socket.call("files.link", [doc._id])).result as { url: string };
    const ownLink = (await owner.call("files.link", [doc._id])).result as { url: string };
    expect((await download(link.url)).status).toBe(200);

    expect((await owner.call("members.remove", [member.id])).error).toBeUndefined();
    const refused = await download(link.url);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: FILE_ERRORS.LINK_REVOKED });
    // The owner's link, and the room, are untouched.
    expect((await download(ownLink.url)).status).toBe(200);
    owner.close();
    socket.close();
  });
});

describe("a DDP client that is not logged in", () => {
  it("cannot start uploads in a room", async () => {
    const roomId = await createRoom();
    const { socket } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    const { answer } = await startLive(socket, {
      size: 10,
    });
    expect(answer.error).toMatchObject({ error: 403 });
    socket.close();
  });
});
