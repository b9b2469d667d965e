// A room of 100,000 items (BENCH_BIG_ITEMS) served in windows from its own
// SQLite (docs/architecture.md §5), beside a room of 100 in the same run:
//   - first rows: from subscribing to `items.window` (the first 50, newest
//     first) to the first `added` (target ≤ 1.5× the small room);
//   - search: a search's window until `ready`, p50 (target ≤ 150 ms);
//   - the Worker's JavaScript heap after GC with both rooms open and
//     searched — the big one also holding 20,000 photos (BENCH_BIG_PHOTOS),
//     50,000 scans in an open stocktake (BENCH_BIG_SCANS) and a label's code
//     on every item, its logos, first screen's photos, labels, stocktake, its
//     tally and own scans subscribed — beside the heap with only the small
//     room (target ≤ 64 MB);
//   - a write with 50 people holding the same window (BENCH_WATCHERS), until
//     the last of them has it, and the server's CPU per write, each beside
//     the same write with one;
//   - a backup of each room downloaded whole: its time and size;
//   - that backup restored into a new room (uploaded over the HTTP route in
//     parts first, not timed): from `rooms.restoreBackup` until the room has
//     filled itself and let its connections go to read it afresh.
import { freePort } from "../tests/support/server.ts";
import {
  about,
  heapAfterGc,
  inspectWorker,
  knob,
  ms,
  note,
  percentile,
  report,
  section,
  signedUp,
  sleep,
  startBenchServer,
  treeCpuSeconds,
  uploadOverHttp,
} from "./harness.mjs";

const BIG = knob("BENCH_BIG_ITEMS", 100_000, 2_000);
const SMALL = 100;
const ROUNDS = knob("BENCH_ROUNDS", 30, 3);
const PHOTOS = knob("BENCH_BIG_PHOTOS", 20_000, 400);
const SCANS = knob("BENCH_BIG_SCANS", 50_000, 1_000);
const CODES = knob("BENCH_BIG_CODES", BIG, 2_000);
const WATCHERS = knob("BENCH_WATCHERS", 50, 5);
const WRITES = knob("BENCH_WATCHED_WRITES", 40, 5);
const TERMS = [
  "brass lamp",
  "oak 12",
  "linen cushion 9",
  "walnut",
  "copper clock 77",
  "glass bowl",
  "stone 5",
  "wool rug 3",
];
const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

about(
  `A room of ${BIG.toLocaleString("en-US")} items served in windows from its own SQLite, beside a room of ${SMALL} in the same run: ` +
    "its first rows, a search, and the Worker's JavaScript heap after GC.",
);

const inspectorPort = await freePort();
const server = await startBenchServer({ inspectorPort });
try {
  const owner = await signedUp(server.wsUrl, "big");
  const smallId = await owner.newRoom("Small shop");
  const bigId = await owner.newRoom("Big shop");
  const small = await owner.openRoom(smallId);
  const big = await owner.openRoom(bigId);
  await small.call("bench.seedItems", [SMALL]);
  const seedStart = performance.now();
  await big.call("bench.seedItems", [BIG]);
  const seeded = await big.call("bench.seedExtras", [PHOTOS, SCANS, CODES]);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const inspector = await inspectWorker(inspectorPort);
  await sleep(1000);

  let subs = 0;
  /** ms from `sub` to the first `added`, and to `ready`; the subscription is ended after. */
  async function openWindow(client, query) {
    const id = `w${++subs}`;
    const start = performance.now();
    let firstAt = null;
    const stopWatching = client.onMessage((m) => {
      if (firstAt === null && m.msg === "added" && m.collection === "items") firstAt = performance.now() - start;
    });
    const ready = client.next((m) => m.msg === "ready" && m.subs.includes(id), "ready");
    client.ws.send(JSON.stringify({ msg: "sub", id, name: "items.window", params: [query] }));
    await ready;
    const readyAt = performance.now() - start;
    stopWatching();
    client.ws.send(JSON.stringify({ msg: "unsub", id }));
    await client.next((m) => m.msg === "nosub" && m.id === id, "nosub");
    return { firstAt, readyAt };
  }

  await openWindow(small, { limit: 50 });
  const smallHeap = await heapAfterGc(inspector, server.url);
  const firstSmall = [];
  const firstBig = [];
  const searchSmall = [];
  const searchBig = [];
  for (let round = 0; round < ROUNDS; round++) {
    firstSmall.push((await openWindow(small, { limit: 50 })).firstAt);
    firstBig.push((await openWindow(big, { limit: 50 })).firstAt);
    const text = TERMS[round % TERMS.length];
    searchSmall.push((await openWindow(small, { text, limit: 50 })).readyAt);
    searchBig.push((await openWindow(big, { text, limit: 50 })).readyAt);
  }
  // Both rooms open, a window of each held, as a screen would, with what a room page and the stocktake
  // subscribe besides: the logos, the photos of the rows on screen, the labels and the open stocktake.
  await openWindow(big, { sort: "title", descending: false, limit: 200 });
  const hold = async (id, name, params = []) => {
    big.ws.send(JSON.stringify({ msg: "sub", id, name, params }));
    const answer = await big.next(
      (m) => (m.msg === "ready" && m.subs.includes(id)) || (m.msg === "nosub" && m.id === id),
      name,
    );
    if (answer.msg === "nosub") throw new Error(`bench: ${name} refused: ${JSON.stringify(answer.error)}`);
  };
  await hold("held", "items.window", [{ limit: 200 }]);
  await hold("logos", "files");
  await hold("photos", "files", [Array.from({ length: 50 }, (_, i) => `${bigId}-photo-${BIG - 1 - i}`)]);
  await hold("labels", "stocktake.labels");
  await hold("stocktake", "stocktake");
  await hold("scans", "stocktake.scans", [`${bigId}-stocktake`]);
  await hold("tally", "stocktake.tally", [`${bigId}-stocktake`]);
  const bigHeap = await heapAfterGc(inspector, server.url);

  // A write with many people holding the same window: each of them has the item's change.
  async function watchedWrites(count) {
    const watchers = [];
    for (let i = 0; i < count; i++) {
      // Plain connections: a batching one gets others' changes at most every 100 ms (frame-batcher.ts).
      const watcher = await owner.openRoom(bigId);
      await watcher.subscribe("items.window", [{ limit: 50 }]);
      watchers.push(watcher);
    }
    const itemId = `${bigId}-${BIG - 1}`;
    const times = [];
    // The server's CPU (wrangler and workerd, all of it) over the writes: what one write costs it.
    const cpuBefore = treeCpuSeconds(server.pid);
    for (let n = 0; n < WRITES; n++) {
      const quantity = 1_000 + n + count * 100;
      const start = performance.now();
      const seen = watchers.map((watcher) =>
        watcher.next((m) => m.msg === "changed" && m.id === itemId && m.fields?.quantity === quantity, "changed"),
      );
      await big.call("bench.updateItem", [itemId, { quantity }]);
      await Promise.all(seen);
      times.push(performance.now() - start);
    }
    const cpuPerWrite = ((treeCpuSeconds(server.pid) - cpuBefore) * 1000) / WRITES;
    for (const watcher of watchers) watcher.close();
    return { p50: percentile(times, 50), cpuPerWrite };
  }
  const oneWatching = await watchedWrites(1);
  const manyWatching = await watchedWrites(WATCHERS);

  // A backup of each room: the whole ZIP downloaded (the big room's photos are records only: no bytes in R2).
  async function backup(roomId) {
    const start = performance.now();
    const response = await fetch(`${server.url}/api/rooms/${roomId}/export`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    if (!response.ok) throw new Error(`bench: export ${response.status}`);
    const zip = new Uint8Array(await response.arrayBuffer());
    return { ms: performance.now() - start, bytes: zip.byteLength, zip };
  }
  const smallBackup = await backup(smallId);
  const bigBackup = await backup(bigId);

  // Each backup into a new room: uploaded, then restored (docs/operations.md §7).
  async function restore({ zip }, name) {
    const roomId = await owner.newRoom(name);
    const start = { collection: "roomBackups", name: "backup.zip", type: "application/zip", size: zip.byteLength };
    const file = await uploadOverHttp(server.url, { roomId, token: owner.token, start, bytes: zip });
    const client = await owner.openRoom(roomId);
    const started = performance.now();
    await client.call("rooms.restoreBackup", [file._id]);
    // Done, the room lets its connections go (4003); stopped, it says why.
    await client
      .next((m) => m.collection === "roomOpening" && m.fields?.failed, "the restore's end", 1_800_000)
      .then(
        (m) => {
          throw new Error(`bench: the restore stopped: ${m.fields.failed}`);
        },
        (error) => {
          if (error.closeCode !== 4003) throw error;
        },
      );
    return performance.now() - started;
  }
  const smallRestore = await restore(smallBackup, "Small shop restored");
  const bigRestore = await restore(bigBackup, "Big shop restored");

  section(
    `a room of ${BIG.toLocaleString("en-US")} items (seeded in ${seedSeconds.toFixed(1)} s) vs one of ${SMALL}, served in windows from the room's SQLite, ${ROUNDS} rounds`,
  );
  report("first rows (50, newest first), p50", percentile(firstBig, 50), percentile(firstSmall, 50), ms, 1.5);
  const searchP50 = percentile(searchBig, 50);
  report("search until ready, p50", searchP50, percentile(searchSmall, 50), ms);
  note(`  search p50 ${searchP50.toFixed(1)} ms (target ≤ 150 ms: ${searchP50 <= 150 ? "met" : "NOT met"})`);
  report("Worker heap after GC, both rooms open", bigHeap, smallHeap, MB);
  note(`  heap ${MB(bigHeap)} (target ≤ 64 MB: ${bigHeap <= 64 * 1024 * 1024 ? "met" : "NOT met"})`);
  note(
    `  the big room holds ${seeded.photos.toLocaleString("en-US")} photos, ${seeded.scans.toLocaleString("en-US")} scans and ${seeded.codes.toLocaleString("en-US")} labels' codes; its stocktake's tally and own scans are subscribed too`,
  );
  section(`a write until everyone holding the window has it, ${WATCHERS} people vs one, ${WRITES} writes`);
  report(`write seen by all ${WATCHERS}, p50`, manyWatching.p50, oneWatching.p50, ms);
  report(
    `server CPU per write, ${WATCHERS} people holding the window`,
    manyWatching.cpuPerWrite,
    oneWatching.cpuPerWrite,
    ms,
  );
  note("    CPU counted in the clock's ticks (10 ms) over all the writes, so a figure below a tick per run is rough");
  section("a backup (the room at one moment, as one ZIP) of the big room vs the small one");
  report("backup downloaded", bigBackup.ms, smallBackup.ms, ms);
  report("backup size", bigBackup.bytes, smallBackup.bytes, MB);
  report("backup restored into a new room", bigRestore, smallRestore, ms);
  note(
    "    the big room's photos are records without bytes here: the restore drops them, as it does any the backup lacks",
  );
  inspector.close();
  small.close();
  big.close();
  owner.home.close();
} finally {
  await server.stop();
}
