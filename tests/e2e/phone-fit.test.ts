/**
 * A phone's screen (390 × 844, touch) holds every page of a room as a shop
 * uses it, nothing running off the side: the catalogue's menus wide enough
 * to read, the page of a product sold in sizes at four locations (its
 * ledger and stock tables scroll inside their cards), the share page of a
 * 200-character title with no spaces, and a label sheet's preview.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { giveSizes, signUpWithRoom } from "../support/flows";

const e2e = setUpServerAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** A phone zooms out to fit a page wider than it, so nothing looks cut off: the page's own width is what tells. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("a phone's screen", () => {
  it("holds the catalogue, a product at four locations, a long title's share page and a label sheet", async () => {
    const url = e2e.server.url;
    const page = await (await e2e.browser.newContext(PHONE)).newPage();
    const { roomUrl, script } = await signUpWithRoom(page, url, "phone.fit@shop.example", "Phone fit");
    const [stall, back, warehouse, tee, long] = (await script([
      { method: "locations.add", params: ["Market stall"] },
      { method: "locations.add", params: ["Back room"] },
      { method: "locations.add", params: ["Warehouse far away"] },
      { method: "items.add", params: [{ title: "Tee", sku: "TEE", quantity: 2, tags: ["cotton"] }] },
      { method: "items.add", params: [{ title: "X".repeat(200), sku: "LONG", quantity: 1 }] },
    ])) as string[];
    await script([
      giveSizes(tee as string, [
        { size: "S", sku: "TEE-S", barcode: "5901234123457" },
        { size: "M", sku: "TEE-M" },
      ]),
      ...[stall, back, warehouse].map((place) => ({ method: "stock.receive", params: ["TEE-S", place, 1] })),
    ]);

    // The catalogue: its three menus each wide enough to show its choice.
    await page.goto(roomUrl);
    await page.getByTestId("item-row").first().waitFor();
    expect(await pageWidth(page)).toBe(390);
    for (const name of ["Filter by status", "Filter by tag"]) {
      expect((await page.getByLabel(name).boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(100);
    }

    // The product at four locations: its ledger and stock by variant scroll inside their cards.
    await page.goto(`${roomUrl}/items/${tee}`);
    await page.getByTestId("ledger").waitFor();
    expect(await pageWidth(page)).toBe(390);

    // The share page of a title with no spaces.
    const [links] = (await script([{ method: "items.publicLinks", params: [[long]] }])) as [Record<string, string>];
    await page.goto(links[long as string] as string);
    await page.getByTestId("shared-title").waitFor();
    expect(await pageWidth(page)).toBe(390);

    // A label sheet's preview: paper-wide, scrolling inside its panel.
    await page.goto(roomUrl);
    await page.getByTestId("item-row").first().waitFor();
    await page.getByRole("checkbox").nth(2).tap();
    await page.getByRole("button", { name: /label/i }).first().tap();
    await page.getByTestId("labels-panel").locator("[data-qr-status=ready]").first().waitFor();
    expect(await pageWidth(page)).toBe(390);
  });
});
