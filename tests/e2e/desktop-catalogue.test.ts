/**
 * The catalogue on a desktop (1280 and 1440 px wide): SKUs and prices never
 * break across lines, an empty Tags column takes no room, no column moves
 * while a cell is edited, and the way back from an item's page returns to
 * the list as it was left — search, filter, sort — with the focus on the
 * item's row.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callAsUser } from "../support/ddp-script";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

const STOCK = [
  ["Brass desk lamp with a green glass shade", "OAV-101", 12000],
  ["Pair of Denby stoneware mugs in Greenwheat", "OAV-102", 2450],
  ["Ercol Windsor chair in light elm, restored", "OAV-103", 123450],
  ["Anglepoise lamp, model 90, grey", "OAV-104", 8900],
] as const;

/** How many lines each SKU and price takes (a value broken in two takes 2). */
const lineCounts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("table.items td.sku-cell, table.items td[data-label='Price'] .cell-value")].map(
      (cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return `${cell.textContent}: ${tops.size}`;
      },
    ),
  );

const headerEdges = (page: Page) =>
  page
    .getByRole("columnheader")
    .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));

describe("the catalogue on a desktop", () => {
  it("keeps values on one line, holds its columns still while editing, and returns to the list as it was left", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "desk@shop.example");
    await createRoom(page, "Old and Vintage");
    const roomId = new URL(page.url()).pathname.split("/").at(-1) as string;
    const token = (await page.evaluate(() => localStorage.getItem("stockroom.loginToken"))) as string;
    const ids = (await callAsUser(
      e2e.server.url,
      `/api/rooms/${roomId}/websocket`,
      token,
      STOCK.map(([title, sku, priceCents]) => ({
        method: "items.add",
        params: [{ title, sku, priceCents, quantity: 1 }],
      })),
    )) as string[];
    await expect.poll(() => page.getByTestId("item-count").textContent()).toBe("(4)");

    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const lines = await lineCounts(page);
      expect(lines).toHaveLength(8);
      expect(lines.filter((line) => !line.endsWith(": 1"))).toEqual([]);
    }

    // No item has tags: no Tags column. Once one has, it appears.
    expect(await page.getByRole("columnheader", { name: "Tags" }).count()).toBe(0);
    await callAsUser(e2e.server.url, `/api/rooms/${roomId}/websocket`, token, [
      { method: "items.update", params: [ids[2], { tags: ["furniture"] }] },
    ]);
    await page.getByRole("columnheader", { name: "Tags" }).waitFor();

    // Editing a cell moves no column, however long the text typed.
    const before = await headerEdges(page);
    const chair = page.getByTestId("item-row").filter({ hasText: "OAV-103" });
    await chair.getByRole("button", { name: /edit title of Ercol/ }).click();
    await chair.getByRole("textbox").fill("Ercol Windsor chair in light elm, restored, with its original cushion pad");
    expect(await headerEdges(page)).toEqual(before);
    await page.keyboard.press("Escape");

    // Search, sort, open an item, and come back by its page's link: the list is as it was left.
    await page.getByLabel("Search items").fill("lamp");
    await page.getByRole("button", { name: "Price", exact: true }).click();
    await expect
      .poll(() => page.getByTestId("item-title").allTextContents())
      .toEqual(["Brass desk lamp with a green glass shade", "Anglepoise lamp, model 90, grey"]);
    await page.getByRole("link", { name: "Open Anglepoise lamp, model 90, grey" }).last().click();
    await page.getByTestId("item-page-title").waitFor();
    await page.getByRole("link", { name: "← Catalogue" }).click();
    await expect
      .poll(() => page.getByTestId("item-title").allTextContents())
      .toEqual(["Brass desk lamp with a green glass shade", "Anglepoise lamp, model 90, grey"]);
    expect(await page.getByLabel("Search items").inputValue()).toBe("lamp");
    expect(new URL(page.url()).searchParams.get("sort")).toBe("priceCents");
    // The focus is back on the item's row, not at the top of the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Open Anglepoise lamp, model 90, grey");
    await context.close();
  });
});
