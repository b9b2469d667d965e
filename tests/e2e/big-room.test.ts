/**
 * A room too big to send whole (more than LIMITS.BIG_ROOM items), as a shop
 * owner uses it in Chromium: the catalogue comes as a window the server
 * searches, filters and sorts; it grows as the list is scrolled; an item
 * found by search opens on its own page; edits show at once as everywhere.
 */
import { describe, expect, it } from "vitest";
import { callAsUser } from "../support/ddp-script";
import { setUpServerAndBrowser } from "../support/e2e";
import { signUp } from "../support/flows";
import { seedItems } from "../support/legacy-seed";

const e2e = setUpServerAndBrowser();
const ITEMS = 6_000;
const WOODS = ["Oak", "Walnut", "Cherry", "Maple", "Ash", "Birch"];

describe("a big room", () => {
  it("searches, sorts and scrolls a catalogue of 6,000 items held by the server", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "big@shop.example");
    const token = await page.evaluate(() => localStorage.getItem("stockroom.loginToken"));
    const [roomId] = (await callAsUser(e2e.server.url, "/api/websocket", token as string, [
      { method: "rooms.create", params: ["Timber yard"] },
    ])) as [string];
    // Made before the room first wakes, as the previous release kept rows: it moves them in on opening.
    const now = Date.now();
    seedItems(e2e.server.stateDir, roomId, ITEMS, (i) => ({
      title: `${WOODS[i % WOODS.length]} plank ${i}`,
      sku: `TY-${i}`,
      priceCents: 100 + ((i * 7919) % 50_000),
      quantity: i % 9,
      createdAt: now - (ITEMS - i) * 1000,
    }));

    await page.goto(`${e2e.server.url}/rooms/${roomId}`);
    const count = page.getByTestId("item-count");
    await expect.poll(() => count.textContent()).toBe(`(200 of ${ITEMS.toLocaleString()})`);
    // Newest first, as in any room.
    await expect.poll(() => page.getByTestId("item-row").first().textContent()).toContain(`plank ${ITEMS - 1}`);

    // Scrolled to the end of the window, the list grows.
    await page.keyboard.press("End");
    await expect.poll(() => count.textContent()).toBe(`(400 of ${ITEMS.toLocaleString()})`);

    // The server searches all 6,000, any part of a word, in any case.
    await page.getByRole("searchbox", { name: "Search items" }).fill("ALNUT PLANK 5425");
    await expect
      .poll(() => page.getByTestId("item-row").allTextContents())
      .toEqual([expect.stringContaining("Walnut plank 5425")]);
    await expect.poll(() => count.textContent()).toBe("(1)");

    // Sorted by price, cheapest first, across the whole room.
    await page.getByRole("searchbox", { name: "Search items" }).fill("");
    await page.getByRole("button", { name: "Price", exact: true }).click();
    await page.getByRole("button", { name: "Price", exact: true }).click();
    await expect.poll(() => page.getByTestId("item-row").first().textContent()).toContain("TY-0");

    // An edit shows at once and stays.
    const first = page.getByTestId("item-row").first();
    await first.getByRole("button", { name: /edit quantity of/ }).click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("42");
    await page.keyboard.press("Enter");
    await expect.poll(() => first.locator('td[data-label="Qty"]').textContent()).toContain("42");
    await first.getByRole("img", { name: "Not saved yet" }).waitFor({ state: "detached" });

    // An item found by search opens on its own page, and the page opens again by itself after a
    // reload: the item is in no window the catalogue holds then.
    await page.getByRole("searchbox", { name: "Search items" }).fill("TY-3001");
    await page.getByTestId("item-row").filter({ hasText: "TY-3001" }).getByText("Open", { exact: true }).click();
    await page.getByRole("heading", { name: "Walnut plank 3001" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Walnut plank 3001" }).waitFor();
    await context.close();
  });

  it("keeps the whole catalogue on the device, up to date, and lists it with no line", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "copy@shop.example");
    const token = (await page.evaluate(() => localStorage.getItem("stockroom.loginToken"))) as string;
    const [roomId] = (await callAsUser(e2e.server.url, "/api/websocket", token, [
      { method: "rooms.create", params: ["Market hall"] },
    ])) as [string];
    const now = Date.now();
    seedItems(e2e.server.stateDir, roomId, ITEMS, (i) => ({
      title: `${WOODS[i % WOODS.length]} crate ${i}`,
      sku: `MH-${i}`,
      createdAt: now - (ITEMS - i) * 1000,
    }));

    await page.goto(`${e2e.server.url}/rooms/${roomId}`);
    const status = page.getByTestId("copy-status");
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toBe(`Kept on this device for use offline: ${ITEMS.toLocaleString()} items.`);
    // A teammate adds an item: the next copy fetches just that (it opens the room afresh here).
    await callAsUser(e2e.server.url, `/api/rooms/${roomId}/websocket`, token, [
      { method: "items.add", params: [{ title: "Late delivery", sku: "MH-LATE" }] },
    ]);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toBe(`Kept on this device for use offline: ${(ITEMS + 1).toLocaleString()} items.`);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.waitForLoadState("networkidle");

    await context.setOffline(true);
    await page.reload();
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toBe(`No line: the list is the copy kept on this device (${(ITEMS + 1).toLocaleString()} items).`);
    await expect.poll(() => page.getByTestId("item-count").textContent()).toBe(`(${(ITEMS + 1).toLocaleString()})`);
    await page.getByRole("searchbox", { name: "Search items" }).fill("mh-4242");
    await expect
      .poll(() => page.getByTestId("item-row").allTextContents())
      .toEqual([expect.stringContaining("crate 4242")]);
    await context.setOffline(false);
    await context.close();
  });
});
