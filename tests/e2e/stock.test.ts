/**
 * Stock by location and its ledger, as a shop owner uses them in Chromium:
 * a second location added in Settings, units moved there from an item's
 * page, a damaged unit recorded, the ledger narrowed to one reason, a change
 * undone, and the ledger downloaded as CSV.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { downloadedText } from "../support/downloads";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, openTab, signUp } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";

const e2e = setUpServerAndBrowser();

/** The item page's stock table as [location, units] rows. */
async function stockRows(page: Page): Promise<string[][]> {
  const rows = page.getByTestId("stock-by-location").locator("tbody tr");
  const out: string[][] = [];
  for (const row of await rows.all()) {
    out.push([
      ((await row.locator("th").textContent()) ?? "").trim(),
      ((await row.locator("td").textContent()) ?? "").trim(),
    ]);
  }
  return out;
}

const ledgerReasons = (page: Page) => page.getByTestId("ledger").locator("tbody tr td:nth-child(3)").allTextContents();

describe("stock by location", () => {
  it("moves units to a new location, records damage with its reason, narrows the ledger, undoes a change and downloads it", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "stock@shop.example");
    await createRoom(page, "Stock");
    await addItem(page, { title: "Teapot", quantity: "5" });

    // A second place to keep stock.
    await openTab(page, "Settings");
    await page.getByLabel("New location").fill("Back room");
    await page.getByRole("button", { name: "Add location" }).click();
    await page.getByTestId("locations").getByText("Back room", { exact: true }).waitFor();

    await openTab(page, "Catalogue");
    await page
      .getByTestId("item-row")
      .filter({ hasText: "Teapot" })
      .getByRole("link", { name: "Open Teapot" })
      .last()
      .click();
    await page.getByTestId("item-page-title").filter({ hasText: "Teapot" }).waitFor();
    await expect
      .poll(() => stockRows(page))
      .toEqual([
        ["Main", "5"],
        ["Back room", "0"],
      ]);

    // Two to the back room.
    await page.getByRole("button", { name: "Move stock" }).click();
    await page.getByLabel("To", { exact: true }).selectOption({ label: "Back room" });
    await page.getByLabel("Units to move").fill("2");
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect
      .poll(() => stockRows(page))
      .toEqual([
        ["Main", "3"],
        ["Back room", "2"],
      ]);

    // One broke in the back room: typed as a positive number, recorded as one taken away.
    await page.getByRole("button", { name: "Record a change" }).click();
    await page.getByLabel("Why").selectOption({ label: "Damaged" });
    await page.getByLabel("Where").selectOption({ label: "Back room" });
    await page.getByLabel("Units taken away").fill("1");
    await page.getByLabel("Note").fill("Dropped");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => stockRows(page))
      .toEqual([
        ["Main", "3"],
        ["Back room", "1"],
      ]);
    await expect.poll(() => page.getByTestId("stock-total").textContent()).toBe("4");
    await expect.poll(() => ledgerReasons(page)).toEqual(["Damaged", "Transfer", "Transfer", "Correction"]);

    // Only the moves.
    await page.getByLabel("Reason", { exact: true }).selectOption({ label: "Transfer" });
    await expect.poll(() => ledgerReasons(page)).toEqual(["Transfer", "Transfer"]);
    await page.getByLabel("Reason", { exact: true }).selectOption({ label: "Any reason" });
    await expect.poll(() => ledgerReasons(page)).toHaveLength(4);

    // The damage was a mistake: undone, and the back room has its two again.
    await page.getByRole("button", { name: "Undo damaged of −1" }).click();
    await expect
      .poll(() => stockRows(page))
      .toEqual([
        ["Main", "3"],
        ["Back room", "2"],
      ]);
    await expect
      .poll(() => ledgerReasons(page))
      .toEqual(["Damaged (undo)", "Damaged — undone", "Transfer", "Transfer", "Correction"]);

    // The ledger as a spreadsheet.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download as CSV" }).click(),
    ]);
    const csv = await downloadedText(download);
    // A byte-order mark first, so Excel reads the accents right.
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("When,Item,Location,Change,Balance,Reason,Who,Note,Reference,Price each,Currency");
    expect(lines).toHaveLength(6);
    expect(lines.some((line) => line.includes(",Teapot,Back room,-1,1,Damaged,") && line.includes("Dropped"))).toBe(
      true,
    );

    // After a reload the server has the same figures.
    await page.reload();
    await expect
      .poll(() => stockRows(page))
      .toEqual([
        ["Main", "3"],
        ["Back room", "2"],
      ]);
    await expectLedgerAddsUp(page, e2e.server.url);
    await context.close();
  });
});
