/**
 * Stock changes made with no line to the server, in Chromium
 * (docs/architecture.md §9): a change recorded on an item's page and two
 * units received by scanning — after a reload with no line, from the
 * locations the browser kept — show at once and wait; when the line comes
 * back each is applied once — the ledger holds exactly those movements, and
 * the counts are what they should be, also after a reload.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, openTab, signUp } from "../support/flows";
import { keptCollections } from "../support/kept-collections";
import { expectLedgerAddsUp } from "../support/ledger";
import { cuttableLine } from "../support/line";
import { nextUnit } from "../support/scanner";

const e2e = setUpServerAndBrowser();

/** The item page's ledger as [reason, change] rows, newest first. */
async function ledgerRows(page: Page): Promise<string[][]> {
  const out: string[][] = [];
  for (const row of await page.getByTestId("ledger").locator("tbody tr").all()) {
    const cells = (await row.locator("td").allTextContents()).map((text) => text.trim());
    out.push(cells.filter((cell) => /^(Received|Damaged|Correction)$/.test(cell) || /^[+−-]\d+$/.test(cell)));
  }
  return out;
}

describe("stock changes offline", () => {
  it("records a change and two scanned receipts with no line, and applies each once when it is back", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const line = await cuttableLine(page);
    await signUp(page, e2e.server.url, "cellar@shop.example");
    await createRoom(page, "Cellar");
    await addItem(page, { title: "Cider", sku: "CIDER-1", quantity: "10" });
    const badge = page.getByTestId("connection-badge");
    await expect.poll(() => badge.textContent()).toBe("Live");

    // The receiving screen is opened while there is a line (its code is fetched), then the line goes.
    await openTab(page, "Stocktake");
    const receiveBox = page.getByLabel("Scan a label or barcode, or type a SKU: each is one unit received");
    await receiveBox.waitFor();
    // The room's locations (where the units go) are here and kept in the browser before the line goes.
    await expect.poll(() => page.getByLabel("Into").locator("option").allTextContents()).toEqual(["Main"]);
    await expect.poll(async () => (await keptCollections(page)).includes("locations")).toBe(true);
    await line.cut();
    // A reload with no line: the room, its items and its locations come from what the browser kept.
    await page.reload();
    await expect.poll(() => page.getByLabel("Into").locator("option").allTextContents()).toEqual(["Main"]);
    for (let unit = 0; unit < 2; unit++) {
      if (unit > 0) await nextUnit(page);
      await receiveBox.click();
      await page.keyboard.type("CIDER-1", { delay: 5 });
      await page.keyboard.press("Enter");
    }
    await openTab(page, "Catalogue");
    await page
      .getByTestId("item-row")
      .filter({ hasText: "Cider" })
      .getByRole("link", { name: "Open Cider" })
      .last()
      .click();
    await page.getByTestId("item-page-title").filter({ hasText: "Cider" }).waitFor();
    await expect.poll(() => page.getByTestId("stock-total").textContent()).toBe("12");
    await page.getByRole("button", { name: "Record a change" }).click();
    await page.getByLabel("Why").selectOption({ label: "Damaged" });
    await page.getByLabel("Units taken away").fill("3");
    await page.getByRole("button", { name: "Record", exact: true }).click();
    await expect.poll(() => page.getByTestId("stock-total").textContent()).toBe("9");
    await expect.poll(() => badge.getByTestId("changes-waiting").textContent()).toBe(" · 3 changes waiting");

    // The line comes back: three movements, each once.
    await line.back();
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe("Live");
    await page.reload();
    await page.getByTestId("item-page-title").filter({ hasText: "Cider" }).waitFor();
    await expect.poll(() => page.getByTestId("stock-total").textContent(), { timeout: 20_000 }).toBe("9");
    await expect
      .poll(() => ledgerRows(page))
      .toEqual([
        ["Damaged", "−3"],
        ["Received", "+1"],
        ["Received", "+1"],
        ["Correction", "+10"],
      ]);
    await expectLedgerAddsUp(page, e2e.server.url);
    await context.close();
  });
});
