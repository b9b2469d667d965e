// Benchmark: the catalogue with 100,000 items (BENCH_CATALOGUE_ITEMS). Three
// things a member feels, each measured in Chromium with that many items in
// the room beside the same with 100 (the baseline, same run, same page). A
// room past LIMITS.BIG_ROOM items shows its catalogue as a window the server
// searches and sorts (docs/architecture.md §5), so its count reads "200 of …":
//   - opening the room until the list shows its count and first rows;
//   - a search keystroke until the list shows the one match;
//   - another member's status change until it shows in the open list;
// and, for the large room, opening it again with the browser offline
// (shell from the service worker, what the room kept in IndexedDB) beside
// opening it online.
// Items are seeded straight into D1 as the previous release kept them (a SQL
// file through wrangler), so the setup takes seconds; each room moves them
// into its own storage when it first wakes. Everything measured goes
// through the real app.
import { launchBrowser } from "../tests/support/browser.ts";
import { callAsUser } from "../tests/support/ddp-script.ts";
import { buildApp, startServer } from "../tests/support/server.ts";
import { about, knob, ms, note, report, section, seedItems } from "./harness.mjs";

const ROUNDS = knob("BENCH_CATALOGUE_ROUNDS", 5, 1);
// The smoke run still passes LIMITS.BIG_ROOM, so the windowed list is what it exercises.
const LARGE = knob("BENCH_CATALOGUE_ITEMS", 100_000, 5_500);
const BIG_ROOM = 5_000;
const WINDOW = 200;
/** What the list's count says once the room's first rows are all there. */
const COUNT_CAP = 10_000;
const countTextOf = (count) =>
  count > COUNT_CAP
    ? `(${WINDOW.toLocaleString("en-US")} of ${COUNT_CAP.toLocaleString("en-US")}+)`
    : count > BIG_ROOM
      ? `(${WINDOW.toLocaleString("en-US")} of ${count.toLocaleString("en-US")})`
      : `(${count.toLocaleString("en-US")})`;
about(
  `In Chromium, a room of ${LARGE.toLocaleString("en-US")} items beside one of 100 (same run, same page): opening it, a search keystroke, ` +
    "another member's edit until it shows; and the large room opened again offline (service worker, IndexedDB) beside online.",
);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function seed(stateDir, roomId, count) {
  const now = Date.now();
  seedItems(stateDir, roomId, count, (i) => ({
    title: `Box ${String(i).padStart(5, "0")}`,
    sku: `SKU-${roomId}-${i}`,
    priceCents: 100 + (i % 5000),
    quantity: i % 7,
    tags: ["bench"],
    createdAt: now - i * 1000,
  }));
}

async function signUp(page, url) {
  await page.goto(`${url}/sign-up`);
  await page.getByLabel("E-mail").fill(`catalogue${Date.now()}@bench.example`);
  await page.getByLabel("Password").fill("a long password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${url}/`);
}

/** A new room, made without opening it (its items are seeded before it first wakes: see seedItems). */
async function createRoom(url, token, name) {
  const [roomId] = await callAsUser(url, "/api/websocket", token, [{ method: "rooms.create", params: [name] }]);
  return roomId;
}

async function measureRoom(page, server, roomId, count, token) {
  const firstRows = [];
  const open = [];
  const search = [];
  const remote = [];
  const countText = countTextOf(count);
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    await page.goto(`${server.url}/rooms/${roomId}`);
    // The list is newest first: the top row is Box 00000 once the right rows show.
    await page.getByTestId("item-row").first().filter({ hasText: "Box 00000" }).waitFor({ timeout: 120_000 });
    firstRows.push(performance.now() - start);
    await page.getByTestId("item-count").filter({ hasText: countText }).waitFor({ timeout: 120_000 });
    await page.getByTestId("item-row").first().waitFor();
    open.push(performance.now() - start);

    const target = `Box ${String(count - 1 - round).padStart(5, "0")}`;
    start = performance.now();
    await page.getByLabel("Search items").fill(target);
    // "(1 of 100)" in a room searched in the browser, "(1)" in one the server searches.
    await page
      .getByTestId("item-count")
      .filter({ hasText: /^\(1( of [\d,]+)?\)$/ })
      .waitFor();
    search.push(performance.now() - start);
    await page.getByLabel("Search items").fill("");

    // Someone else lists the newest item; the open list follows.
    const newest = `${roomId}-0`;
    const status = round % 2 === 0 ? "listed" : "draft";
    start = performance.now();
    await callAsUser(server.url, `/api/rooms/${roomId}/websocket`, token, [
      { method: "items.update", params: [newest, { status }] },
    ]);
    await page.waitForFunction(
      ([id, value]) =>
        document.querySelector(`[data-item-id="${id}"] [data-testid="item-status"]`)?.getAttribute("data-status") ===
        value,
      [newest, status],
    );
    remote.push(performance.now() - start);
  }
  return { firstRows: median(firstRows), open: median(open), search: median(search), remote: median(remote) };
}

/** Whether the room's items are kept in the browser's IndexedDB yet (app/live/doc-cache.ts). */
function itemsKept(page) {
  return page.evaluate(async () => {
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith("stockroom-docs:")) continue;
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const rows = await new Promise((resolve, reject) => {
        const all = db.transaction("collections").objectStore("collections").getAllKeys();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      });
      db.close();
      if (rows.some((key) => String(key).includes("items"))) return true;
    }
    return false;
  });
}

/** Opening the room with no network at all, from what the browser kept, until its first rows show. */
async function measureOfflineOpen(page, server, roomId, count) {
  // With no line a big room lists the copy kept on the device: all of it.
  const countText = `(${count.toLocaleString("en-US")})`;
  // The rooms were made without the page: it keeps the room list (what an offline open starts from) once it shows them.
  await page.goto(`${server.url}/`);
  await page
    .getByRole("link", { name: /Large room/ })
    .first()
    .waitFor({ timeout: 120_000 });
  await page.goto(`${server.url}/rooms/${roomId}`);
  await page.getByTestId("item-row").first().waitFor({ timeout: 120_000 });
  const deadline = Date.now() + 120_000;
  while (!(await itemsKept(page))) {
    if (Date.now() > deadline) throw new Error("the room's items were never kept in IndexedDB");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (count > BIG_ROOM) {
    // A big room's whole catalogue is copied to the device a page at a time (catalogue-copy.ts).
    await page
      .getByTestId("copy-status")
      .filter({ hasText: `Kept on this device for use offline: ${count.toLocaleString("en-US")} items.` })
      .waitFor({ timeout: 600_000 });
  }
  const times = [];
  await page.context().setOffline(true);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      await page.goto(`${server.url}/rooms/${roomId}`);
      await page.getByTestId("item-count").filter({ hasText: countText }).waitFor({ timeout: 120_000 });
      await page.getByTestId("item-row").first().waitFor();
      times.push(performance.now() - start);
    }
  } finally {
    await page.context().setOffline(false);
  }
  return median(times);
}

buildApp();
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUp(page, server.url);
  const token = await page.evaluate(() => localStorage.getItem("stockroom.loginToken"));
  const small = await createRoom(server.url, token, "Hundred");
  const large = await createRoom(server.url, token, "Large room");
  seed(server.stateDir, small, 100);
  seed(server.stateDir, large, LARGE);
  section(`catalogue, median of ${ROUNDS} rounds in Chromium (${LARGE} items against 100)`);
  const base = await measureRoom(page, server, small, 100, token);
  const big = await measureRoom(page, server, large, LARGE, token);
  report("open the room until its first rows show", big.firstRows, base.firstRows, ms, 1.5);
  report("open the room until the list shows its full count", big.open, base.open, ms);
  report("search keystroke until the match shows", big.search, base.search, ms);
  report("another member's edit until it shows", big.remote, base.remote, ms);
  const offlineOpen = await measureOfflineOpen(page, server, large, LARGE);
  section(`the ${LARGE}-item room opened again offline (from the browser), against online`);
  report("open offline until the first rows show", offlineOpen, big.open, ms);
  const rows = await page.getByTestId("item-row").count();
  note(`rows in the page with ${LARGE} items: ${rows}`);
} finally {
  await browser.close();
  await server.stop();
}
