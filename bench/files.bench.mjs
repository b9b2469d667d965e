// File-upload benchmarks (docs/protocol.md §4), in one workerd and one run:
//   (a) a 64 MiB upload over the live connection — chunks as base64 in JSON
//       text (what Meteor clients send) and as binary frames (what ours
//       sends) — and over the HTTP upload route, each beside one raw R2 PUT
//       of the same bytes through the same Worker; target ≥ 0.7× its speed;
//   (b) peak memory of the workerd process during each upload, above its
//       idle level, beside the same for the raw PUT.
// The bench client sends file bytes in binary frames without per-message
// deflate (photos do not compress; deflating them was the transport's limit).
// BENCH_UPLOAD_WAYS=binary,parts runs only the ways named (and the raw PUT);
// BENCH_PART_WINDOW sets how many whole parts go at once (default: the app's).
// BENCH_UPLOAD_GC_MS=100 (a diagnostic) has the Worker's collector run every so many ms during each
// upload, through its inspector: what the peak is once the garbage of frames already handled is gone.
// Each way runs ROUNDS times, interleaved; the figure is the median round.
import { randomBytes } from "node:crypto";
import { freePort } from "../tests/support/server.ts";
import {
  about,
  importTs,
  inspectWorker,
  knob,
  note,
  openSocket,
  percentile,
  processTree,
  report,
  rssOf,
  section,
  signedUp,
  startBenchServer,
  UPLOAD_PART_BYTES,
  uploadOverHttp,
} from "./harness.mjs";

const SIZE = knob("BENCH_UPLOAD_MIB", 64, 11) * 1024 * 1024;
const ROUNDS = knob("BENCH_UPLOAD_ROUNDS", 3, 1);
const SPEED_TARGET = 0.7;

about(
  `A ${SIZE / 1024 / 1024} MiB upload over the live connection (base64 in JSON text, as Meteor clients send; binary frames, as ours) and over the HTTP upload route, ` +
    "each beside one raw R2 PUT of the same bytes through the same Worker: speed, peak workerd memory above idle, and the most bytes of parts the room held at once.",
);

const { encodeBinaryFrame } = await importTs("protocol/binary-frame.ts");
/** Chunks in flight at once: the app's own upload window. */
const { DEFAULT_CHUNK_SIZE: CHUNK_SIZE, PART_WINDOW, UPLOAD_WINDOW } = await importTs("protocol/files.ts");
const WINDOW = Number(process.env.BENCH_UPLOAD_WINDOW ?? UPLOAD_WINDOW);

const bytes = randomBytes(SIZE);
bytes.set([0xff, 0xd8, 0xff, 0xe0]); // starts like a JPEG, as the collection requires
const mib = SIZE / 1024 / 1024;

const GC_EVERY_MS = Number(process.env.BENCH_UPLOAD_GC_MS ?? 0);

/** Runs `work` while sampling the server's memory; returns time and peak growth. */
async function measured(server, work) {
  const pids = processTree(server.pid);
  const idle = rssOf(pids);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pids));
  }, 20);
  let collecting = false;
  const collector =
    server.inspector &&
    setInterval(() => {
      if (collecting) return;
      collecting = true;
      server.inspector.command("HeapProfiler.collectGarbage").finally(() => {
        collecting = false;
      });
    }, GC_EVERY_MS);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
    if (collector) clearInterval(collector);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, rssOf(pids));
  return { ms, memory: peak - idle };
}

/** Sends chunks 1…count, WINDOW at a time, through `send(chunkId, chunk)`. */
async function sendChunks(chunkSize, count, send) {
  let next = 1;
  const lane = async () => {
    while (next <= count) {
      const id = next++;
      await send(id, bytes.subarray((id - 1) * chunkSize, id * chunkSize));
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, lane));
}

const START = { collection: "itemPhotos", name: "bench.jpg", type: "image/jpeg", size: SIZE };

async function liveUpload(client, frame) {
  const { uploadId, chunkSize, chunkCount } = await client.call("files.start", [START]);
  await sendChunks(chunkSize, chunkCount, (id, chunk) =>
    frame === "binary"
      ? client.call("files.write", [uploadId, id, chunk], encodeBinaryFrame)
      : client.call("files.write", [uploadId, id, { $binary: Buffer.from(chunk).toString("base64") }]),
  );
  const file = await client.call("files.finish", [uploadId]);
  if (file.size !== SIZE) throw new Error(`stored ${file.size} bytes, sent ${SIZE}`);
}

async function httpUpload(server, roomId, token, parts = false) {
  const file = await uploadOverHttp(server.url, {
    roomId,
    token,
    start: START,
    bytes,
    parts,
    window: WINDOW,
    partWindow: Number(process.env.BENCH_PART_WINDOW ?? PART_WINDOW),
  });
  if (file.size !== SIZE) throw new Error(`stored ${file.size} bytes, sent ${SIZE}`);
}

/** The transport alone: the same chunks over a raw WebSocket to a DO that only acknowledges them. */
async function rawSocket(server, chunkSize) {
  const acks = [];
  const socket = await openSocket(`${server.wsUrl}/bench/echo/upload`, () => acks.shift()?.());
  await sendChunks(chunkSize, Math.ceil(SIZE / chunkSize), (_id, chunk) => {
    const acked = new Promise((resolve) => acks.push(resolve));
    socket.send(chunk, { compress: false }); // as the live client sends file bytes
    return acked;
  });
  socket.close(1000);
}

async function rawPut(server) {
  const response = await fetch(`${server.url}/bench/r2-put`, { method: "PUT", body: bytes });
  const { size } = await response.json();
  if (size !== SIZE) throw new Error(`raw PUT stored ${size} bytes`);
}

const inspectorPort = GC_EVERY_MS > 0 ? await freePort() : undefined;
const server = await startBenchServer({ inspectorPort });
try {
  const user = await signedUp(server.wsUrl, "upload");
  const { token } = user;
  const roomId = await user.newRoom("Upload bench");
  const client = await user.openRoom(roomId);
  if (inspectorPort) server.inspector = await inspectWorker(inspectorPort);

  const allWays = {
    "raw R2 PUT": () => rawPut(server),
    "raw WebSocket, no storage (transport only)": () => rawSocket(server, CHUNK_SIZE),
    "live, base64 in JSON text": () => liveUpload(client, "text"),
    "live, binary frames": () => liveUpload(client, "binary"),
    "HTTP upload route, 512 KiB chunks": () => httpUpload(server, roomId, token),
    "HTTP upload route, 5 MiB parts to R2": () => httpUpload(server, roomId, token, true),
  };
  // BENCH_UPLOAD_WAYS=binary,parts keeps the raw PUT and the ways whose names contain one of the words (for profiling one).
  const only = process.env.BENCH_UPLOAD_WAYS?.split(",");
  const ways = Object.fromEntries(
    Object.entries(allWays).filter(
      ([name]) => name === "raw R2 PUT" || !only || only.some((word) => name.includes(word)),
    ),
  );
  // One warm-up of each, then the measured rounds.
  for (const work of Object.values(ways)) await work();
  const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, work] of Object.entries(ways)) {
      await client.call("bench.partsHighWater", []); // the room's high-water mark starts afresh
      const result = await measured(server, work);
      // The most bytes of parts the room's object held in memory at once during this upload.
      result.held = await client.call("bench.partsHighWater", []);
      results[name].push(result);
    }
  }
  const median = (name, key) =>
    percentile(
      results[name].map((r) => r[key]),
      50,
    );
  const speed = (name) => mib / (median(name, "ms") / 1000);
  const mibps = (value) => `${value.toFixed(1)} MiB/s`;
  const megabytes = (value) => `${(value / 1024 / 1024).toFixed(1)} MiB`;

  section(`(a) ${mib} MiB upload, speed (median of ${ROUNDS}) vs one raw R2 PUT through the same Worker`);
  for (const name of Object.keys(ways).slice(1)) {
    // The targets: whole parts over HTTP at 0.9× a raw PUT, the live connection (our client's binary
    // frames; base64 text is what Meteor clients send, kept for comparison) at 0.7×.
    const target = name.includes("parts") ? 0.9 : name.includes("binary") ? SPEED_TARGET : undefined;
    report(name, speed(name), speed("raw R2 PUT"), mibps, target, true);
  }
  section(`(b) peak workerd memory above idle during the upload (median of ${ROUNDS}) vs the raw PUT`);
  for (const name of Object.keys(ways).slice(1)) {
    report(name, median(name, "memory"), Math.max(median("raw R2 PUT", "memory"), 1), megabytes);
  }
  note(`raw R2 PUT itself: ${megabytes(median("raw R2 PUT", "memory"))} above idle`);
  section(`(c) the most bytes of parts the room's Durable Object held in memory at once (largest of ${ROUNDS})`);
  const largest = (name, key) => Math.max(...results[name].map((r) => r[key]));
  for (const name of Object.keys(ways).slice(1)) note(`${name}: ${megabytes(largest(name, "held"))}`);
  // The memory targets are in parts, not ratios: whole parts over HTTP ≤ 2 parts, the live connection ≤ 3.
  // The process's peak also counts frames the runtime handed over and the collector has not reached yet (the
  // transport-only way holds nothing and shows them); what the room holds is what our code decides.
  for (const [word, parts] of [
    ["parts", 2],
    ["binary", 3],
  ]) {
    const name = Object.keys(ways).find((way) => way.includes(word));
    if (!name) continue;
    const peak = median(name, "memory");
    const held = largest(name, "held");
    const budget = parts * UPLOAD_PART_BYTES;
    const verdict = (bytes) => (bytes <= budget ? "met" : "NOT met");
    note(
      `${name}: target ≤ ${parts} parts (${megabytes(budget)}): room holds at most ${megabytes(held)} (${verdict(held)}); process peak ${megabytes(peak)} (${verdict(peak)})`,
    );
  }
  client.close();
  user.home.close();
  server.inspector?.close();
} finally {
  await server.stop();
}
