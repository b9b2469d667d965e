// The stall (docs/stock.md), in real Chromium: a scan at the stall — the
// code typed by a handheld scanner and Enter, the variant's card, one tap on
// Sold — until the sale shows on another phone (the item's quantity in its
// catalogue), beside the same scan in a stocktake until the count shows on
// another phone (the review's Counted cell). Same room, same run, rounds
// alternating; each phone is a page with its own live connection. Target:
// ≤ 2.5× — the stall has one step more: its tap comes after the card is
// drawn, and a click waits for two animation frames (~33 ms) before it
// presses, as a finger waits to see the card.
// BENCH_SMOKE=1 runs two rounds (npm test runs it that way).
import { launchBrowser } from "../tests/support/browser.ts";
import { buildApp, startServer } from "../tests/support/server.ts";
import { about, knob, ms, note, percentile, report, section, signUpWithRoom } from "./harness.mjs";

const ROUNDS = knob("BENCH_ROUNDS", 15, 2);
const START = 500;

about(
  "In Chromium, a scan at the stall (code and Enter, the variant's card, one tap on Sold) until another phone shows the sale, " +
    "beside the same scan in a stocktake until another phone shows the count.",
);

process.env.NODE_ENV = "production";
buildApp();
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const seller = await context.newPage();
  const roomUrl = await signUpWithRoom(seller, server.url, "Stall bench");
  await seller.getByLabel("Title", { exact: true }).fill("Mug");
  await seller.getByLabel("SKU", { exact: true }).fill("MUG");
  await seller.getByLabel("Qty", { exact: true }).fill(String(START));
  await seller.getByRole("button", { name: "Add item" }).click();
  await seller.getByTestId("item-row").filter({ hasText: "MUG" }).waitFor();

  // The other phone that watches the catalogue; the two that count.
  const watcher = await context.newPage();
  await watcher.goto(roomUrl);
  const counter = await context.newPage();
  await counter.goto(`${roomUrl}/stocktake`);
  await counter.getByRole("button", { name: "Start stocktake" }).click();
  await counter.getByRole("heading", { name: /Stocktake under way/ }).waitFor();
  const countWatcher = await context.newPage();
  await countWatcher.goto(`${roomUrl}/stocktake`);
  await countWatcher.getByRole("heading", { name: /Stocktake under way/ }).waitFor();
  await seller.goto(`${roomUrl}/stall`);

  /** Resolves in `page` with the moment `cell()` first reads `expected`. */
  function watch(page, selector, rowText, cellIndex, expected) {
    const seen = page.evaluate(
      ({ selector, rowText, cellIndex, expected }) =>
        new Promise((resolve) => {
          const read = () => {
            const row = [...document.querySelectorAll(selector)].find((each) => each.textContent.includes(rowText));
            // A catalogue cell's value is its `.cell-value` (the rest is words for screen readers).
            const cell = row?.querySelectorAll("td, th")[cellIndex];
            return (cell?.querySelector(".cell-value") ?? cell)?.textContent?.trim();
          };
          const done = () => resolve(performance.timeOrigin + performance.now());
          if (read() === expected) return done();
          const observer = new MutationObserver(() => {
            if (read() !== expected) return;
            observer.disconnect();
            done();
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        }),
      { selector, rowText, cellIndex, expected },
    );
    // Awaited by the round; a round that fails first reports its own error, not this one's.
    seen.catch(() => {});
    return seen;
  }

  /** Marks the moment Enter goes down in `page` (the scanner's last keystroke). */
  async function typeAndMark(page, label, text) {
    // The phone in hand is the tab in front (a tab behind gets few animation frames, which clicks wait for).
    await page.bringToFront();
    await page.getByLabel(label, { exact: true }).fill(text);
    await page.evaluate(() => {
      window.__enter = 0;
      document.addEventListener(
        "keydown",
        (event) => {
          if (event.key === "Enter") window.__enter = performance.timeOrigin + performance.now();
        },
        { capture: true, once: true },
      );
    });
    await page.keyboard.press("Enter");
    return () => page.evaluate(() => window.__enter);
  }

  // Which catalogue cell holds the quantity, found once.
  const qtyIndex = await watcher.evaluate(() => {
    const row = [...document.querySelectorAll('[data-testid="item-row"]')].find((each) =>
      each.textContent.includes("MUG"),
    );
    return [...(row?.querySelectorAll("td, th") ?? [])].findIndex((cell) => cell.getAttribute("data-label") === "Qty");
  });
  if (qtyIndex < 0) throw new Error("bench: no Qty cell in the catalogue's row");

  let left = START;
  async function sale() {
    left -= 1;
    const seen = watch(watcher, '[data-testid="item-row"]', "MUG", qtyIndex, String(left));
    const enter = await typeAndMark(seller, "Scan a label or barcode, or type a SKU", "MUG");
    await seller.getByTestId("stall-card").getByRole("button", { name: "Sold" }).click();
    return (await seen) - (await enter());
  }

  let counted = 0;
  async function count() {
    counted += 1;
    const seen = watch(countWatcher, '[data-testid="stocktake-table"] tr', "Mug", 2, String(counted));
    const enter = await typeAndMark(counter, "Scan a label or type a SKU", "MUG");
    return (await seen) - (await enter());
  }

  await sale(); // warm-up
  await count();
  const sales = [];
  const counts = [];
  for (let round = 0; round < ROUNDS; round++) {
    sales.push(await sale());
    counts.push(await count());
  }
  section(`a scan until another phone shows it, median of ${ROUNDS} (Enter to the other page's change)`);
  note(`  stall p90 ${ms(percentile(sales, 90))}; stocktake p90 ${ms(percentile(counts, 90))}`);
  report("stall: scan, Sold, shown on another phone", percentile(sales, 50), percentile(counts, 50), ms, 2.5);
} finally {
  await browser.close();
  await server.stop();
}
