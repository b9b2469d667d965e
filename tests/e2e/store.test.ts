/**
 * The online store in Chromium, against a fake Shopify behind a local HTTP
 * server (the Worker sends its store calls there: SHOPIFY_API_ORIGIN). An
 * owner connects the room with a client ID and secret, syncs (a progress bar
 * while the orders come in page by page, then the counts; the products land
 * in the catalogue, the orders on the dashboard), publishes a selection with
 * a line per item, unpublishes one from its page and chooses order e-mails;
 * sells one in the store (the catalogue count drops live); a viewer sees the store but none of its buttons; a phone-wide screen shows
 * the panel without scrolling sideways. And both sides at once: a sale in
 * the store and a receipt here at the same moment both count on both sides,
 * a delivery sent again counts once, a title changed in both places is
 * shown with both values until the owner chooses, and a store product with
 * a SKU taken here waits for review and is imported as new.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { FakeShopify, productWebhookPayload } from "../support/fake-shopify";
import { type FakeShopifyServer, startFakeShopifyServer } from "../support/fake-shopify-server";
import { addItem, createRoom, signUp } from "../support/flows";
import { sendStoreWebhook } from "../support/store-webhooks";

// A small cost budget: each 25-order page (802 points) waits for it to refill, so the sync runs for seconds.
const fake = new FakeShopify({ shopName: "Corner Shop", maximumAvailable: 1000, restoreRate: 500 });
fake.addProduct({ title: "Walnut tray", variant: { sku: "WT-1", price: "35.00", inventoryQuantity: 4 } });
fake.addProduct({ title: "Linen napkins", variant: { sku: "LN-1", price: "12.00", inventoryQuantity: 10 } });
fake.addOrders(120);

// Filled in once the fake server is listening, before setUpServerAndBrowser's own hook starts the Worker.
const vars: Record<string, string> = {};
let shopify: FakeShopifyServer | undefined;
beforeAll(async () => {
  shopify = await startFakeShopifyServer(fake, market);
  vars.SHOPIFY_API_ORIGIN = shopify.origin;
});
afterAll(async () => {
  await shopify?.close();
});
const e2e = setUpServerAndBrowser({ vars });

const productTitled = (title: string) => [...fake.products.values()].find((product) => product.title === title);

// A second shop for the test of both sides at once (its own room, so the first test's figures stay its own).
const market = new FakeShopify({ shopName: "Market Stall" });

/** The fake's orders placed in the dashboard's last 30 UTC days, and its customers' revenue. */
function expectedFigures() {
  const since = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const recent = [...fake.orders.values()].filter(
    (order) => new Date(order.createdAt).toISOString().slice(0, 10) >= since,
  );
  const revenue = new Map<string, { cents: number; orders: number }>();
  for (const order of fake.orders.values()) {
    const name = fake.customers.get(order.customerId ?? "")?.displayName ?? "Guest";
    const entry = revenue.get(name) ?? { cents: 0, orders: 0 };
    entry.cents += Math.round(Number(order.total.amount) * 100);
    entry.orders += 1;
    revenue.set(name, entry);
  }
  const best = Math.max(...[...revenue.values()].map((entry) => entry.cents));
  const topCustomers = [...revenue].filter(([, entry]) => entry.cents === best);
  return { recentOrders: recent.length, topCustomers };
}

describe("the online store", () => {
  it("connects, syncs with progress, publishes a selection, unpublishes an item and keeps the order e-mail choice", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "owner.store@shop.example");
    await createRoom(page, "Corner Shop stock");
    const roomUrl = page.url();
    const tab = (on: Page, name: string) =>
      on.getByRole("navigation", { name: "Room" }).getByRole("link", { name, exact: true }).click();
    await tab(page, "Store");
    const panel = page.getByRole("region", { name: "Online store" });

    // 1. Not connected yet: the owner connects with the store's domain, client ID and secret.
    // The panel leads with what to do; "Service not configured" is its status, not its headline.
    await panel.getByTestId("store-status").filter({ hasText: "Status: Service not configured" }).waitFor();
    expect(await panel.locator("p").first().textContent()).toMatch(/^Connect your Shopify store/);
    expect(await panel.getByRole("radio", { name: "Client ID + client secret" }).isChecked()).toBe(true);
    // The admin address Shopify itself shows, pasted as it is, names the store.
    const shopName = fake.shop.replace(/\.myshopify\.com$/, "");
    await panel.getByLabel("Store domain").fill(`https://admin.shopify.com/store/${shopName}/products`);
    await panel.getByRole("textbox", { name: "Client ID", exact: true }).fill(fake.clientId);
    await panel.getByLabel("Client secret", { exact: true }).fill(fake.clientSecret);
    await panel.getByRole("button", { name: "Connect" }).click();
    await panel.getByRole("status").filter({ hasText: "Connected to Corner Shop" }).waitFor();
    expect(await panel.getByTestId("store-status").textContent()).toBe(`Connected to Corner Shop (${fake.shop})`);
    expect(await panel.getByLabel("Client secret", { exact: true }).count()).toBe(0);
    expect(fake.tokenRequests.length).toBeGreaterThan(0);
    // The store's first location keeps its stock at the room's first.
    expect(await panel.getByLabel("Room location for Shop floor").inputValue()).toBe("main");

    // 2. Sync: a progress bar while the orders come in, then what was brought.
    const sync = page.getByRole("region", { name: "Sync from the store" });
    await sync.getByTestId("store-sync-summary").filter({ hasText: "Not synced yet" }).waitFor();
    // The bar shows only while the sync runs (seconds): it is looked for from the press on.
    await Promise.all([
      sync.getByRole("progressbar", { name: /Syncing orders… [\d,]+ of 120/ }).waitFor(),
      sync.getByRole("button", { name: "Sync now" }).click(),
    ]);
    await sync
      .getByTestId("store-sync-summary")
      .filter({ hasText: "2 products, 120 orders, 30 customers" })
      .waitFor({ timeout: 30_000 });
    expect(await sync.getByRole("progressbar").count()).toBe(0);
    expect(await sync.getByRole("alert").count()).toBe(0);

    // The products are in the catalogue, listed as they are in the store.
    await tab(page, "Catalogue");
    const row = (title: string) => page.getByTestId("item-row").filter({ hasText: title });
    await row("Walnut tray").waitFor();
    await row("Linen napkins").waitFor();
    expect(await row("Walnut tray").getByTestId("item-status").getAttribute("data-status")).toBe("listed");
    expect(await row("Walnut tray").textContent()).toContain("WT-1");

    // The orders are on the dashboard: the count of the last 30 days, and the best customer.
    const expected = expectedFigures();
    expect(expected.recentOrders).toBeGreaterThan(0);
    await page.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Dashboard" }).click();
    const ordersTile = page.getByTestId("tile-orders").locator("strong");
    await expect.poll(() => ordersTile.textContent()).toBe(String(expected.recentOrders));
    await page.getByRole("listbox", { name: "Orders and revenue per day, last 30 days" }).waitFor();
    const topCustomers = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Top customers" }) });
    const first = topCustomers.getByRole("listitem").first();
    await first.waitFor();
    const [name, detail] = await first.locator("span").allTextContents();
    const top = expected.topCustomers.find(([customer]) => customer === name);
    expect(top, `top customer ${name}`).toBeDefined();
    expect(detail).toBe(`${top?.[1].orders} orders`);

    // 3. Publishing a selection: a line per item, each published; the store has them as they are here.
    await page.goto(roomUrl);
    await addItem(page, { title: "Oak stool", sku: "OS-1", price: "49", quantity: "5" });
    await addItem(page, { title: "Clay jug", sku: "CJ-1", price: "18.50" });
    await addItem(page, { title: "Wool throw", sku: "WO-1", price: "65.25" });
    const published = ["Oak stool", "Clay jug", "Wool throw"];
    for (const title of published) await page.getByLabel(`Select ${title}`, { exact: true }).check();
    await expect.poll(() => page.getByTestId("selected-count").textContent()).toBe("3 selected");
    await page
      .getByRole("toolbar", { name: "Selected items" })
      .getByRole("button", { name: "Publish to store" })
      .click();
    const progress = page.getByTestId("publish-progress");
    const lines = progress.getByRole("list", { name: "Items sent to the store" }).getByRole("listitem");
    await progress.getByRole("status").filter({ hasText: "3 published" }).waitFor({ timeout: 20_000 });
    expect((await lines.allTextContents()).sort()).toEqual(published.map((title) => `${title}published`).sort());
    expect(
      await progress.getByRole("progressbar", { name: "Publishing to the store 3 of 3" }).getAttribute("value"),
    ).toBe("3");
    expect(productTitled("Oak stool")).toMatchObject({ status: "ACTIVE", variant: { sku: "OS-1", price: "49.00" } });
    expect(productTitled("Clay jug")).toMatchObject({ status: "ACTIVE", variant: { sku: "CJ-1", price: "18.50" } });
    expect(productTitled("Wool throw")).toMatchObject({ status: "ACTIVE", variant: { sku: "WO-1", price: "65.25" } });
    await expect.poll(() => row("Clay jug").getByTestId("item-status").getAttribute("data-status")).toBe("listed");

    // A sale in the store lowers the count in the open catalogue, live, as a sale from the store.
    const quantityOf = (title: string) =>
      row(title)
        .getByRole("button", { name: `Edit quantity of ${title}` })
        .locator(".cell-value")
        .textContent();
    await expect.poll(() => quantityOf("Oak stool")).toBe("5");
    const oak = productTitled("Oak stool");
    for (const { topic, payload } of fake.sell(oak?.id ?? "", 2)) {
      expect((await sendStoreWebhook(e2e.server.url, fake, topic, payload)).status).toBe(200);
    }
    await expect.poll(() => quantityOf("Oak stool"), { timeout: 30_000 }).toBe("3");

    // A delivery received here reaches the store as an adjustment with reason "received"; the item says it is in step.
    await row("Oak stool").getByRole("link", { name: "Open Oak stool" }).last().click();
    await page.getByTestId("item-store-sync").filter({ hasText: "Stock in step with the store" }).waitFor();
    await page.getByRole("button", { name: "Record a change" }).click();
    await page.getByLabel("Why").selectOption({ label: "Received" });
    await page.getByLabel("Units added").fill("4");
    await page.keyboard.press("Enter");
    const oakItem = oak?.variant.id.replace("ProductVariant", "InventoryItem") ?? "";
    await expect.poll(() => fake.levelOf(oakItem, fake.locations[0]?.id ?? ""), { timeout: 30_000 }).toBe(7);
    expect(fake.adjustments.at(-1)).toMatchObject({ reason: "received", changes: [{ delta: 4 }] });
    await page.getByTestId("item-store-sync").filter({ hasText: "Stock in step with the store" }).waitFor();
    // Which number is which: the catalogue's is "available"; the store's three counts on asking.
    const counts = page.getByTestId("item-store-counts");
    await counts.getByRole("button", { name: "Counts in the store" }).click();
    const mainRow = counts.getByRole("row", { name: /^Main/ });
    await mainRow.waitFor();
    expect(await mainRow.getByRole("cell").allTextContents()).toEqual(["7", "2", "9"]);

    // A count changed in Shopify's admin that no webhook told the room of: the stock check lists it, and the
    // owner takes the store's count.
    fake.updateProduct(oak?.id ?? "", { variant: { inventoryQuantity: 2 } });
    await page.goto(`${roomUrl}/store`);
    const drift = page.getByTestId("store-drift");
    await drift.getByRole("button", { name: "Compare with the store" }).click();
    await drift.getByTestId("store-drift-summary").filter({ hasText: "1 difference" }).waitFor({ timeout: 30_000 });
    const line = drift.getByRole("row", { name: /Oak stool/ });
    expect(await line.getByRole("cell").allTextContents()).toEqual(["Main", "7", "2", "Take the store's Send ours"]);
    await line.getByRole("button", { name: "Take the store's count of Oak stool" }).click();
    await drift.getByRole("status").filter({ hasText: "Oak stool: the store's count is kept here." }).waitFor();
    await page.goto(roomUrl);
    await expect.poll(() => quantityOf("Oak stool")).toBe("2");

    // The item page says it is in the store; "Unpublish" archives the store's product.
    await row("Clay jug").getByRole("link", { name: "Open Clay jug" }).last().click();
    const section = page.getByTestId("item-store");
    await section.getByTestId("item-store-state").filter({ hasText: "In the store" }).waitFor();
    await section.getByRole("button", { name: "Unpublish" }).click();
    await section.getByRole("status").filter({ hasText: "Archived in the store." }).waitFor();
    await section.getByTestId("item-store-state").filter({ hasText: "Archived in the store" }).waitFor();
    expect(productTitled("Clay jug")?.status).toBe("ARCHIVED");
    expect(productTitled("Oak stool")?.status).toBe("ACTIVE");
    expect(await section.getByRole("button", { name: "Publish again" }).count()).toBe(1);

    // 4. The order e-mail choice is kept.
    await page.goto(`${roomUrl}/store`);
    const orderEmails = page.getByLabel("E-mail me each new order");
    expect(await orderEmails.isChecked()).toBe(false);
    await orderEmails.check();
    // Shown ticked at once; the box is usable again once the server has the choice.
    await expect.poll(() => orderEmails.getAttribute("aria-disabled")).toBe("false");
    await page.reload();
    await panel.getByTestId("store-status").filter({ hasText: "Connected to Corner Shop" }).waitFor();
    await expect.poll(() => orderEmails.isChecked()).toBe(true);

    // 5. A viewer who joins by link sees the store and its last sync, but nothing to press.
    await tab(page, "Team");
    await page.getByLabel("Join by QR code, as").selectOption("viewer");
    await page.getByRole("button", { name: "Show QR code" }).click();
    const link = await page.getByTestId("invite-code").getByRole("link").first().getAttribute("href");
    const viewerContext = await e2e.browser.newContext();
    const viewer = await viewerContext.newPage();
    await signUp(viewer, e2e.server.url, "viewer.store@shop.example");
    await viewer.goto(link as string);
    await viewer.waitForURL(roomUrl);
    await viewer.getByTestId("item-row").filter({ hasText: "Walnut tray" }).waitFor();
    await tab(viewer, "Store");
    const viewerPanel = viewer.getByRole("region", { name: "Online store" });
    await viewerPanel.getByTestId("store-status").filter({ hasText: "Connected to Corner Shop" }).waitFor();
    await viewerPanel.getByTestId("store-sync-summary").filter({ hasText: "Last synced" }).waitFor();
    expect(await viewerPanel.getByRole("button").count()).toBe(0);
    // Order e-mails are each member's own choice, viewers' too.
    expect(await viewer.getByLabel("E-mail me each new order").isChecked()).toBe(false);
    await tab(viewer, "Catalogue");
    await viewer.getByLabel("Select Oak stool", { exact: true }).check();
    await viewer.getByRole("toolbar", { name: "Selected items" }).waitFor();
    expect(await viewer.getByRole("button", { name: "Publish to store" }).count()).toBe(0);
    expect(await viewer.getByRole("button", { name: "Unpublish" }).count()).toBe(0);
    await viewerContext.close();

    // A phone-wide screen shows the panel without scrolling sideways.
    await tab(page, "Store");
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await sync.getByRole("button", { name: "Sync now" }).waitFor();
    const widths = () =>
      page.evaluate(() => {
        const root = document.scrollingElement as Element;
        return { scroll: root.scrollWidth, client: root.clientWidth };
      });
    const { scroll, client } = await widths();
    expect(scroll, "page width on a phone").toBeLessThanOrEqual(client);
    const box = await panel.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    await context.close();
  }, 120_000);

  it("counts a store sale and a receipt here made at the same moment on both sides, a re-sent delivery once, and shows a change made in both places", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "owner.market@shop.example");
    await createRoom(page, "Market stock");
    const roomUrl = page.url();
    await page.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Store", exact: true }).click();
    const panel = page.getByRole("region", { name: "Online store" });
    await panel.getByLabel("Store domain").fill(market.shop);
    await panel.getByRole("textbox", { name: "Client ID", exact: true }).fill(market.clientId);
    await panel.getByLabel("Client secret", { exact: true }).fill(market.clientSecret);
    await panel.getByRole("button", { name: "Connect" }).click();
    await panel.getByRole("status").filter({ hasText: "Connected to Market Stall" }).waitFor();

    // A bowl, published from its page with 6 in stock.
    await page.goto(roomUrl);
    await addItem(page, { title: "Teak bowl", sku: "TB-1", price: "30", quantity: "6" });
    const row = page.getByTestId("item-row").filter({ hasText: "Teak bowl" });
    await row.getByRole("link", { name: "Open Teak bowl" }).last().click();
    const section = page.getByTestId("item-store");
    await section.getByRole("button", { name: "Publish to store" }).click();
    // ("Not in the store" holds the words too: the state is read from its start.)
    await section
      .getByTestId("item-store-state")
      .filter({ hasText: /^In the store/ })
      .waitFor({ timeout: 20_000 });
    const bowlNow = () => [...market.products.values()].find((product) => product.title === "Teak bowl");
    await expect.poll(() => bowlNow()?.status, { timeout: 20_000 }).toBe("ACTIVE");
    const bowl = bowlNow();
    const inventoryItem = bowl?.variant.id.replace("ProductVariant", "InventoryItem") ?? "";
    const storeLevel = () => market.levelOf(inventoryItem, market.locations[0]?.id ?? "");
    expect(storeLevel()).toBe(6);

    // At the same moment: 2 sold in the store, and 5 received here.
    const sale = market.sell(bowl?.id ?? "", 2);
    await page.getByRole("button", { name: "Record a change" }).click();
    await page.getByLabel("Why").selectOption({ label: "Received" });
    await page.getByLabel("Units added").fill("5");
    await Promise.all([
      page.keyboard.press("Enter"),
      (async () => {
        for (const { topic, payload } of sale) {
          expect((await sendStoreWebhook(e2e.server.url, market, topic, payload)).status).toBe(200);
        }
      })(),
    ]);
    // Both count on both sides: 6 − 2 + 5 here, and in the store.
    const quantity = page.getByLabel("Quantity", { exact: true });
    await expect.poll(() => quantity.inputValue(), { timeout: 30_000 }).toBe("9");
    await expect.poll(storeLevel, { timeout: 30_000 }).toBe(9);
    // The store's own reports of our receipt move nothing back here.
    for (const { topic, payload } of market.levelWebhooks.splice(0)) {
      expect((await sendStoreWebhook(e2e.server.url, market, topic, payload)).status).toBe(200);
    }
    await page.getByTestId("item-store-sync").filter({ hasText: "Stock in step with the store" }).waitFor();

    // The order delivered again (Shopify retries, or sends it once more under a new id): it sells once.
    const [order] = sale;
    expect((await sendStoreWebhook(e2e.server.url, market, order?.topic ?? "", order?.payload)).status).toBe(200);
    expect((await sendStoreWebhook(e2e.server.url, market, "orders/updated", order?.payload)).status).toBe(200);
    await page.reload();
    await expect.poll(() => quantity.inputValue(), { timeout: 10_000 }).toBe("9");
    const ledger = page.getByTestId("ledger");
    await expect.poll(() => ledger.getByRole("row").filter({ hasText: "Online store order" }).count()).toBe(1);

    // A title changed here that cannot reach the store yet, and changed in Shopify's admin too: both are shown.
    market.failOperation = { operation: "StockroomProductUpdate", message: "Internal error" };
    const title = page.getByLabel("Title", { exact: true });
    await title.fill("Teak bowl, large");
    await title.press("Enter");
    await expect
      .poll(() => market.calls.some((call) => call.operation === "StockroomProductUpdate"), { timeout: 20_000 })
      .toBe(true);
    const renamed = market.updateProduct(bowl?.id ?? "", { title: "Teak salad bowl" });
    expect(
      (await sendStoreWebhook(e2e.server.url, market, "products/update", productWebhookPayload(renamed))).status,
    ).toBe(200);
    const conflicts = page.getByTestId("item-store-conflicts");
    await conflicts.filter({ hasText: "Changed in both places" }).waitFor({ timeout: 20_000 });
    expect(await conflicts.getByRole("listitem").textContent()).toContain(
      "title: here “Teak bowl, large”, in the store “Teak salad bowl”",
    );
    // The owner takes the store's: the item has it, and the choice is gone.
    market.failOperation = null;
    await conflicts.getByRole("button", { name: "Take the store's title" }).click();
    await expect.poll(() => title.inputValue()).toBe("Teak salad bowl");
    await expect.poll(() => conflicts.count()).toBe(0);

    // The store's catalogue brought in: a product with the bowl's SKU is not linked by it, nor made twice unasked —
    // it waits for review, and the owner imports it as a new item.
    market.addProduct({ title: "Teak bowl, seconds", variant: { sku: "TB-1", price: "20.00", inventoryQuantity: 2 } });
    await page.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Store", exact: true }).click();
    const sync = page.getByRole("region", { name: "Sync from the store" });
    await sync.getByRole("button", { name: "Sync now" }).click();
    const review = page.getByTestId("store-review");
    const held = review.getByTestId("store-review-line").filter({ hasText: "Teak bowl, seconds" });
    await held.waitFor({ timeout: 30_000 });
    expect(await held.textContent()).toContain(
      "its SKU TB-1 is on “Teak salad bowl” here, which is linked to another store product",
    );
    await held.getByRole("button", { name: "Import Teak bowl, seconds as new" }).click();
    await review.getByRole("status").filter({ hasText: "Teak bowl, seconds is a new item." }).waitFor();
    await review.getByText("Nothing waits for you.").waitFor();
    await page.goto(roomUrl);
    await page.getByTestId("item-row").filter({ hasText: "Teak bowl, seconds" }).waitFor();
    await context.close();
  }, 120_000);
});
