/**
 * The browser upload object against a scripted server: chunking, progress,
 * pause/continue/abort, pausing while the connection is down, and resuming
 * after a reload from the chunks the server says it has.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Upload } from "../../app/files/upload";
import type { ClientMessage } from "../../protocol/ddp";
import { connect, type FakeSocket, type Harness } from "./live-fake-socket";

type MethodMessage = Extract<ClientMessage, { msg: "method" }>;

let live: Harness;
let socket: FakeSocket;
const BYTES = Uint8Array.from({ length: 20 }, (_, i) => i + 1);
const file = () => new File([BYTES], "lamp.jpg", { type: "image/jpeg", lastModified: 1_700_000_000_000 });

beforeEach(() => {
  localStorage.clear();
  live = connect();
  socket = live.handshake();
});

afterEach(() => {
  live.connection.close();
});

/** Answered so far, so each call is answered once. */
let answered = new Set<string>();
beforeEach(() => {
  answered = new Set();
});

async function nextCall(method: string): Promise<MethodMessage> {
  // Generous (vi.waitFor gives up after 1 s by default): a loaded machine must still pass.
  return vi.waitFor(
    () => {
      const call = socket.sentOf("method").find((m) => m.method === method && !answered.has(m.id));
      if (!call) throw new Error(`no ${method} call yet`);
      answered.add(call.id);
      return call;
    },
    { timeout: 15_000, interval: 20 },
  );
}

function answer(call: MethodMessage, result: unknown): void {
  socket.receive({ msg: "result", id: call.id, result });
  socket.receive({ msg: "updated", methods: [call.id] });
}

function writes(): MethodMessage[] {
  return socket.sentOf("method").filter((m) => m.method === "files.write");
}

const started = { uploadId: "up-1", chunkSize: 8, chunkCount: 3, received: [] };
const doc = { _id: "f1", name: "lamp.jpg", size: 20 };

describe("the upload object", () => {
  it("sends every chunk as bytes, reports progress, and completes with the file record", async () => {
    const upload = new Upload(live.connection, file(), { roomId: "r1", collection: "itemPhotos", window: 2 });
    const progress: number[] = [];
    upload.on("progress", (value) => progress.push(value));
    const start = await nextCall("files.start");
    expect(start.params?.[0]).toMatchObject({
      collection: "itemPhotos",
      name: "lamp.jpg",
      type: "image/jpeg",
      size: 20,
    });
    answer(start, started);
    for (let i = 0; i < 3; i++) {
      const write = await nextCall("files.write");
      const [uploadId, chunkId, bytes] = write.params as [string, number, Uint8Array];
      expect(uploadId).toBe("up-1");
      expect(bytes).toEqual(BYTES.slice((chunkId - 1) * 8, chunkId * 8));
      answer(write, { received: i + 1 });
    }
    answer(await nextCall("files.finish"), doc);
    await expect(upload.done).resolves.toEqual(doc);
    expect(upload.state).toBe("completed");
    expect(upload.progress).toBe(100);
    expect(progress.at(-1)).toBe(100);
    // The chunks travelled as binary frames, not base64 text.
    expect(socket.frames.filter((frame) => typeof frame !== "string")).toHaveLength(3);
    // A finished upload is forgotten: the same file again starts afresh.
    expect(localStorage.getItem("stockroom.uploads")).toBe("{}");
  });

  it("pauses and continues on request, and abort tells the server", async () => {
    const upload = new Upload(live.connection, file(), { roomId: "r1", collection: "itemPhotos", window: 1 });
    answer(await nextCall("files.start"), started);
    const first = await nextCall("files.write");
    upload.pause();
    expect(upload.state).toBe("paused");
    answer(first, { received: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(writes()).toHaveLength(1);
    upload.continue();
    expect(upload.state).toBe("active");
    await nextCall("files.write");
    upload.abort();
    expect(upload.state).toBe("aborted");
    await expect(upload.done).rejects.toMatchObject({ reason: "Upload aborted" });
    const abort = await nextCall("files.abort");
    expect(abort.params).toEqual(["up-1"]);
  });

  it("pauses while the connection is down and continues when it returns", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const upload = new Upload(live.connection, file(), { roomId: "r1", collection: "itemPhotos", window: 1 });
      const events: string[] = [];
      upload.on("pause", () => events.push("pause"));
      upload.on("continue", () => events.push("continue"));
      answer(await nextCall("files.start"), started);
      answer(await nextCall("files.write"), { received: 1 });
      await nextCall("files.write");
      socket.drop();
      expect(upload.state).toBe("paused");
      // The first retry comes after 10 ms.
      await vi.advanceTimersByTimeAsync(10);
      socket = live.handshake("session-2");
      expect(upload.state).toBe("active");
      expect(events).toEqual(["pause", "continue"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("chosen with no line, waits without calling the server and starts when the line is back", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      socket.drop();
      const upload = new Upload(live.connection, file(), { roomId: "r1", collection: "itemPhotos", window: 2 });
      expect(upload.state).toBe("paused");
      expect(upload.waitingForLine).toBe(true);
      upload.continue(); // pressing Continue with no line changes nothing
      expect(upload.state).toBe("paused");
      await vi.advanceTimersByTimeAsync(10);
      socket = live.handshake("session-2");
      expect(upload.state).toBe("active");
      answer(await nextCall("files.start"), started);
      for (let i = 0; i < 3; i++) answer(await nextCall("files.write"), { received: i + 1 });
      answer(await nextCall("files.finish"), doc);
      await expect(upload.done).resolves.toEqual(doc);
      // Started once, though the call could have been made before the line came back.
      expect(socket.sentOf("method").filter((m) => m.method === "files.start")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("after a reload, the same file continues from the chunks the server has", async () => {
    const first = new Upload(live.connection, file(), { roomId: "r1", collection: "itemPhotos", window: 1 });
    answer(await nextCall("files.start"), started);
    answer(await nextCall("files.write"), { received: 1 });
    await nextCall("files.write");
    // The page goes away here; a new page picks the same file.
    first.pause();
    live.connection.close();
    live = connect();
    socket = live.handshake();
    answered = new Set();

    const again = new Upload(live.connection, file(), { roomId: "r1", collection: "itemPhotos", window: 4 });
    const status = await nextCall("files.status");
    expect(status.params).toEqual(["up-1"]);
    answer(status, { ...started, received: [1, 2] });
    const write = await nextCall("files.write");
    expect(write.params?.[1]).toBe(3);
    answer(write, { received: 3 });
    answer(await nextCall("files.finish"), doc);
    await expect(again.done).resolves.toEqual(doc);
    expect(socket.sentOf("method").some((m) => m.method === "files.start")).toBe(false);
  });

  it("when finish says chunks are missing (the server lost them), sends them again and finishes", async () => {
    const upload = new Upload(live.connection, file(), { roomId: "r1", collection: "itemPhotos", window: 1 });
    answer(await nextCall("files.start"), started);
    for (let i = 1; i <= 3; i++) answer(await nextCall("files.write"), { received: i });
    const refused = await nextCall("files.finish");
    socket.receive({
      msg: "result",
      id: refused.id,
      error: {
        error: 400,
        reason: "Upload is incomplete: 1 of 3 chunks received",
        message: "Upload is incomplete: 1 of 3 chunks received [400]",
        errorType: "Meteor.Error",
        isClientSafe: true,
      },
    });
    socket.receive({ msg: "updated", methods: [refused.id] });
    const status = await nextCall("files.status");
    expect(status.params).toEqual(["up-1"]);
    answer(status, { ...started, received: [1] });
    const second = await nextCall("files.write");
    answer(second, { received: 2 });
    const third = await nextCall("files.write");
    answer(third, { received: 3 });
    expect([second.params?.[1], third.params?.[1]]).toEqual([2, 3]);
    answer(await nextCall("files.finish"), doc);
    await expect(upload.done).resolves.toEqual(doc);
    expect(upload.progress).toBe(100);
  });

  it("refuses an empty file without calling the server", async () => {
    const upload = new Upload(live.connection, new File([], "empty.jpg", { type: "image/jpeg" }), {
      roomId: "r1",
      collection: "itemPhotos",
    });
    await expect(upload.done).rejects.toMatchObject({ reason: "Can't upload empty file" });
    expect(socket.sentOf("method")).toHaveLength(0);
  });

  it("surfaces a server refusal as the upload's error", async () => {
    const upload = new Upload(live.connection, file(), { roomId: "r1", collection: "itemPhotos" });
    const start = await nextCall("files.start");
    socket.receive({
      msg: "result",
      id: start.id,
      error: {
        error: 415,
        reason: "Files of type image/jpeg are not accepted here",
        message: "x",
        errorType: "Meteor.Error",
        isClientSafe: true,
      },
    });
    socket.receive({ msg: "updated", methods: [start.id] });
    await expect(upload.done).rejects.toMatchObject({ error: 415 });
    expect(upload.state).toBe("aborted");
    expect(upload.error?.reason).toBe("Files of type image/jpeg are not accepted here");
  });
});
