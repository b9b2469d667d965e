// Stock between the store and the room, as people see it (docs/stock.md), against
// a local fake Shopify at its HTTP boundary, in real Chromium:
//   (a) a sale in the store — its signed orders/create webhook, through the
//       real route and queue — until the count drops in a browser that has
//       the catalogue open, p50 and p99 of BENCH_STORE_SALES; beside a sale
//       recorded here by a teammate's connection (stock.adjust) until the
//       same browser shows it: the live path without the store;
//   (b) a delivery received here until the store has it (the fake Admin
//       API's level moved by our inventoryAdjustQuantities), p50 and p99;
//       beside the same movement until the teammate's connection hears of
//       it (the room's own fan-out). The push waits PUSH_DELAY_MS (500 ms)
//       on purpose, so a burst of movements is one adjustment.
import { launchBrowser } from "../tests/support/browser.ts";
import { FakeShopify } from "../tests/support/fake-shopify.ts";
import { startFakeShopifyServer } from "../tests/support/fake-shopify-server.ts";
import { buildApp, startServer } from "../tests/support/server.ts";
import { about, knob, ms, note, percentile, postOrderWebhook, report, section, signedUp } from "./harness.mjs";

const SALES = knob("BENCH_STORE_SALES", 40, 3);
const START = 100_000;

about(
  `In Chromium, ${SALES} store sales (signed webhooks through the route and queue) until an open catalogue shows each, beside a teammate's sale here; ` +
    "and a delivery received here until the fake Admin API has it, beside until a teammate's connection hears of it.",
);

process.env.NODE_ENV = "production";
buildApp();
const fake = new FakeShopify({ shopName: "Bench Shop" });
const shopify = await startFakeShopifyServer(fake);
const server = await startServer({ vars: { SHOPIFY_API_ORIGIN: shopify.origin } });
const browser = await launchBrowser();
try {
  const owner = await signedUp(server.url.replace("http", "ws"), "store-stock");
  const roomId = await owner.newRoom("Store stock bench");
  const room = await owner.openRoom(roomId);
  await room.call("store.connect", [fake.credentials]);
  const itemId = await room.call("items.add", [{ title: "Lamp", sku: "L-1", priceCents: 1000, quantity: START }]);
  await room.call("store.publish", [itemId]);
  const inventoryItem = [...fake.products.values()][0]?.variant.id.replace("ProductVariant", "InventoryItem");
  const shopFloor = fake.locations[0]?.id;
  if (!inventoryItem || !shopFloor) throw new Error("bench: the item did not reach the store");
  const teammate = await owner.openRoom(roomId);
  await teammate.subscribe("items");

  const page = await (await browser.newContext()).newPage();
  const loaded = { timeout: 120_000 };
  await page.goto(`${server.url}/sign-in`, loaded);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill("bench password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`, loaded);
  await page.goto(`${server.url}/rooms/${roomId}`, loaded);
  const count = page.getByRole("button", { name: "Edit quantity of Lamp" }).locator(".cell-value");
  await count.waitFor(loaded);

  let expected = START;
  /** Milliseconds from `act` until the open catalogue shows the count one lower. */
  async function untilShown(act) {
    expected -= 1;
    const started = performance.now();
    await act();
    await page
      .waitForFunction(
        // Found again each frame, not held: a row drawn again (a reconnect, a page of photos) is a new element.
        // Digits only: the count is shown grouped ("99,999").
        (want) =>
          [...document.querySelectorAll(".cell-button")]
            .find((button) => button.textContent?.endsWith(", edit quantity of Lamp"))
            ?.querySelector(".cell-value")
            ?.textContent?.replace(/\D/g, "") === want,
        String(expected),
        { timeout: 60_000, polling: "raf" },
      )
      .catch(async (error) => {
        // Says what the page showed instead, so a run that times out shows where the sale stopped.
        const cells = await page.evaluate(() =>
          [...document.querySelectorAll(".cell-button")].map((b) => b.textContent),
        );
        const status = await page.getByRole("status").allInnerTexts();
        throw new Error(
          `bench: the catalogue never showed ${expected}; its cells: ${JSON.stringify(cells).slice(0, 500)}; ` +
            `its status lines: ${JSON.stringify(status).slice(0, 500)}`,
          { cause: error },
        );
      });
    return performance.now() - started;
  }

  // (a) A store sale vs a teammate's sale, alternately, until the browser shows each.
  const storeSales = [];
  const handSales = [];
  for (let n = 0; n < SALES; n++) {
    storeSales.push(await untilShown(() => postOrderWebhook(server.url, fake, 50_000 + n)));
    handSales.push(
      await untilShown(() =>
        teammate.call("stock.adjust", [{ itemId, locationId: "main", quantity: -1, reason: "sold" }]),
      ),
    );
  }
  section(`(a) a sale until an open catalogue in Chromium shows it, ${SALES} each`);
  report(
    "store sale (webhook → route → queue → room → browser), p50",
    percentile(storeSales, 50),
    percentile(handSales, 50),
    ms,
  );
  report("store sale, p99", percentile(storeSales, 99), percentile(handSales, 99), ms);
  note("    baseline: the same sale recorded here by a teammate's connection, until the same browser shows it");

  // (b) A delivery here until the store has it, vs until a teammate's connection hears of it.
  /** Waits until the store's count is `level` (what the room has sent it so far). */
  async function storeAt(level, what) {
    const deadline = performance.now() + 60_000;
    while (fake.levelOf(inventoryItem, shopFloor) !== level) {
      if (performance.now() > deadline) {
        throw new Error(
          `bench: the store has ${fake.levelOf(inventoryItem, shopFloor)}, not ${level}, a minute after ${what}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  // The teammate's sales of (a) went to the store too (the store's own sales came from it): in step first.
  await storeAt(START - SALES, "the teammate's sales");
  const toStore = [];
  const toTeammate = [];
  for (let n = 0; n < SALES; n++) {
    const before = fake.levelOf(inventoryItem, shopFloor);
    const heard = teammate.next(
      (m) => m.msg === "changed" && m.collection === "items" && m.id === itemId && m.fields?.quantity !== undefined,
      "the teammate's change",
    );
    const started = performance.now();
    await room.call("stock.adjust", [{ itemId, locationId: "main", quantity: 1, reason: "received" }]);
    await heard;
    toTeammate.push(performance.now() - started);
    await storeAt(before + 1, "a delivery");
    toStore.push(performance.now() - started);
  }
  section(`(b) a delivery received here until the store has it, ${SALES} of them`);
  report(
    "movement → store (outbox, inventoryAdjustQuantities), p50",
    percentile(toStore, 50),
    percentile(toTeammate, 50),
    ms,
  );
  report("movement → store, p99", percentile(toStore, 99), percentile(toTeammate, 99), ms);
  note("    baseline: the same movement until a teammate's connection hears of it; the push waits 500 ms on purpose");
  note(`    adjustments the store took: ${fake.adjustments.length}`);
  teammate.close();
  room.close();
  owner.home.close();
} finally {
  await browser.close();
  await server.stop();
  await shopify.close();
}
