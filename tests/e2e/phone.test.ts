/**
 * The room on a phone (390 × 844, touch), as a shop owner uses it: the main
 * action — new items from photos — on the first screen, sorting from a menu
 * (a phone's cards have no column headers), the tabs out of sight hinted at,
 * and the stocktake, the screen most used on a phone, fitting it: nothing
 * runs off the side, the Count button is whole and the differences show.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callAsUser } from "../support/ddp-script";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const STOCK = [
  ["Pair of Denby stoneware mugs in Greenwheat, 1970s", 2400],
  ["Brass desk lamp with a green glass shade", 12000],
  ["Teapot", 1800],
  ["Set of six Babycham glasses", 3000],
  ["Oak bar stool", 4500],
  ["Hornsea Saffron storage jar", 1500],
  ["Pyrex Gooseberry casserole dish with lid", 2200],
  ["Midwinter Stonehenge dinner plate", 900],
  ["Ercol Windsor chair, light elm", 19500],
] as const;

const titles = (page: Page) => page.getByTestId("item-title").allTextContents();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function withinScreen(name: string, locator: ReturnType<Page["getByRole"]>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} is not shown`);
  expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(390);
  return box;
}

describe("on a phone", () => {
  it("puts new items from photos first, sorts from a menu, hints at more tabs, and fits the stocktake", async () => {
    const context = await e2e.browser.newContext(PHONE);
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "phone-owner@shop.example");
    await createRoom(page, "Old and Vintage");
    const roomId = new URL(page.url()).pathname.split("/").at(-1) as string;
    const token = await page.evaluate(() => localStorage.getItem("stockroom.loginToken"));
    await callAsUser(
      e2e.server.url,
      `/api/rooms/${roomId}/websocket`,
      token as string,
      STOCK.map(([title, priceCents], i) => ({
        method: "items.add",
        params: [{ title, sku: `OAV-${String(i + 1).padStart(3, "0")}`, priceCents, quantity: 1 }],
      })),
    );
    await expect.poll(() => page.getByTestId("item-count").textContent()).toBe("(9)");

    // The main action is on the first screen, above the list.
    const photos = await withinScreen(
      "New items from photos",
      page.getByRole("button", { name: "New items from photos" }),
    );
    expect(photos.y + photos.height).toBeLessThanOrEqual(844);

    // Sorting from a menu.
    await page.getByLabel("Sort by").selectOption({ label: "Price, highest first" });
    const byPrice = [...STOCK].sort((a, b) => b[1] - a[1]).map(([title]) => title);
    await expect.poll(() => titles(page)).toEqual(byPrice);

    // The tabs that do not fit are hinted at, and the row scrolls to the one opened.
    const nav = page.getByRole("navigation", { name: "Room" });
    expect(await nav.getAttribute("data-more-after")).toBe("true");
    await nav.getByRole("link", { name: "Settings", exact: true }).tap();
    await page.waitForURL(/\/settings$/);
    await withinScreen("the Settings tab", nav.getByRole("link", { name: "Settings", exact: true }));
    expect(await nav.getAttribute("data-more-before")).toBe("true");
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    // The stocktake fits: count by typing a SKU and tapping Count.
    await nav.getByRole("link", { name: "Stocktake", exact: true }).tap();
    await page.getByRole("button", { name: "Start stocktake" }).tap();
    await page.getByLabel("Scan a label or type a SKU").fill("OAV-002");
    const count = page.getByRole("button", { name: "Count", exact: true });
    await withinScreen("the Count button", count);
    await count.tap();
    await page.getByTestId("scan-outcome").filter({ hasText: "Counted: Brass desk lamp" }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const lamp = page.getByTestId("stocktake-table").getByRole("row").filter({ hasText: "Brass desk lamp" });
    await withinScreen("a counted row", lamp.getByRole("cell").last());
    const teapot = page.getByTestId("stocktake-table").getByRole("row").filter({ hasText: "Teapot" });
    const difference = teapot.getByRole("cell").last();
    expect(await difference.textContent()).toBe("not seen");
    await withinScreen("a difference", difference);
    await withinScreen("Apply counted quantities", page.getByRole("button", { name: "Apply counted quantities" }));
    await context.close();
  });
});
