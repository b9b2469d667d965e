// Offline edits (docs/protocol.md §9): 1,000 item edits made with no line, then the
// line comes back — the time until every one is confirmed by the server —
// beside the same 1,000 edits made online, from the first call to the last
// confirmation (same room, same page, same run). Target ≤ 2×. Also the
// device storage the 1,000 waiting edits took (their IndexedDB records).
// Both are paced by the server's call budget (150 calls per connection per
// 10 s, protocol/constants.ts), which the client keeps under. The app's own sync layer runs in the page (connection, stubs,
// IndexedDB journal, login: bench/offline-edits-entry.ts), without the UI.
import { build } from "esbuild";
import { launchBrowser } from "../tests/support/browser.ts";
import { callAsUser } from "../tests/support/ddp-script.ts";
import { buildApp, startServer } from "../tests/support/server.ts";
import { about, knob, ms, note, report, section, seedItems, signUpWithRoom } from "./harness.mjs";

const EDITS = knob("BENCH_EDITS", 1000, 10);
const ROUNDS = knob("BENCH_ROUNDS", 1, 1);
const TARGET = 2;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function harness() {
  const result = await build({
    entryPoints: [new URL("./offline-edits-entry.ts", import.meta.url).pathname],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    logLevel: "error",
  });
  return result.outputFiles[0].text;
}

about(
  `In Chromium, ${EDITS.toLocaleString("en-US")} item edits made offline, then the line back, until the server has confirmed all, ` +
    "beside the same edits made online (both paced by the call budget); and the device storage the waiting edits take.",
);

process.env.NODE_ENV = "production";
buildApp();
const script = await harness();
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpWithRoom(page, server.url, "First room");
  // The measured room is made without opening it: its items are seeded before it first wakes (see seedItems).
  const token = await page.evaluate(() => localStorage.getItem("stockroom.loginToken"));
  const [roomId] = await callAsUser(server.url, "/api/websocket", token, [
    { method: "rooms.create", params: ["Offline bench"] },
  ]);
  const ids = seedItems(server.stateDir, roomId, EDITS, (i) => ({ title: `Box ${i}`, sku: `SKU-${i}` }));

  // The harness page, at our origin (so it has the login), with a room socket the bench can cut.
  await page.route(`${server.url}/bench-offline`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>offline bench</title>" }),
  );
  let cut = false;
  const open = new Set();
  await page.routeWebSocket(/\/api\/rooms\/[^/]+\/websocket/, (socket) => {
    if (cut) return void socket.close({ code: 1006 });
    open.add(socket);
    socket.connectToServer();
  });
  await page.goto(`${server.url}/bench-offline`);
  await page.addScriptTag({ content: script });
  await page.evaluate((room) => window.offlineBench.open(room), roomId);

  /** Waits until the IndexedDB journal holds `count` waiting calls (its writes land a moment after the calls). */
  async function journalHolds(count) {
    const deadline = Date.now() + 60_000;
    while ((await page.evaluate(() => window.offlineBench.journalled())).count !== count) {
      if (Date.now() > deadline) throw new Error(`the journal never held ${count} calls`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const online = [];
  const offline = [];
  let stored = 0;
  let quantity = 10;
  for (let round = 0; round < ROUNDS; round++) {
    // Online: all EDITS at once, until the last is confirmed.
    online.push(
      await page.evaluate(
        async ([all, n]) => {
          const start = performance.now();
          window.offlineBench.edit(all, n);
          await window.offlineBench.settled();
          return performance.now() - start;
        },
        [ids, quantity++],
      ),
    );

    // Answered calls leave the journal a moment later (its writes are queued).
    await journalHolds(0);

    // Offline: the line goes, the same EDITS wait in IndexedDB, the line comes back.
    cut = true;
    for (const socket of open) await socket.close({ code: 1006 }).catch(() => {});
    open.clear();
    await page.waitForFunction(() => !window.offlineBench.connected());
    await page.evaluate(([all, n]) => window.offlineBench.edit(all, n), [ids, quantity++]);
    await journalHolds(EDITS);
    stored = (await page.evaluate(() => window.offlineBench.journalled())).bytes;
    cut = false;
    offline.push(
      await page.evaluate(async () => {
        const start = performance.now();
        window.offlineBench.reconnect();
        await window.offlineBench.settled();
        return performance.now() - start;
      }),
    );
    await journalHolds(0);
  }
  section(`${EDITS.toLocaleString("en-US")} item edits, median of ${ROUNDS} rounds in Chromium`);
  report(`${EDITS} offline edits, reconnect to confirmed`, median(offline), median(online), ms, TARGET);
  note(
    `device storage of ${EDITS} waiting edits (IndexedDB records, as JSON): ${kb(stored)} (${(stored / EDITS).toFixed(0)} bytes each)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
