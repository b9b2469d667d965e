/**
 * Reorder points and barcodes, as a shop uses them in Chromium: the owner
 * gives an item a reorder point and a barcode on its page; a teammate with
 * the catalogue open in a second browser sees the "Low" badge appear the
 * moment a sale takes it to that point, and the dashboard counts it (and
 * offers the daily e-mail at 07:00 the teammate's time); the
 * barcode typed by a handheld scanner (keys, then Enter) finds the item, and
 * an unknown one offers to make the item that carries it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { downloadedText } from "../support/downloads";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, addItem, createRoom, inviteByEmail, openTab, signUp } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";

const e2e = setUpServerAndBrowser();

async function newPage(timezoneId?: string): Promise<Page> {
  const context = await e2e.browser.newContext(timezoneId ? { timezoneId } : {});
  return context.newPage();
}

const titles = (page: Page) => page.getByTestId("item-title").allTextContents();

/** A handheld scanner: the code's keys one by one, then Enter. */
async function scanInto(page: Page, label: string, code: string) {
  await page.getByLabel(label).click();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press("Enter");
}

describe("low stock and barcodes", () => {
  it("shows a low-stock badge live in a second browser, counts it on the dashboard, and finds or makes items by barcode", async () => {
    const url = e2e.server.url;
    const owner = await newPage();
    await signUp(owner, url, "owner@low.example");
    await createRoom(owner, "Low shop");
    const roomUrl = owner.url();
    await addItem(owner, { title: "Mug", quantity: "3" });
    await addItem(owner, { title: "Plate", quantity: "9" });
    await inviteByEmail(owner, "helper@low.example");
    // The helper works in Tokyo.
    const helper = await newPage("Asia/Tokyo");
    await acceptInvitation(helper, url, "helper@low.example", "Low shop", roomUrl);
    await helper.getByTestId("item-row").filter({ hasText: "Mug" }).waitFor();

    // The owner sets the mug's reorder point and its barcode on its page.
    await openTab(owner, "Catalogue");
    await owner
      .getByTestId("item-row")
      .filter({ hasText: "Mug" })
      .getByRole("link", { name: "Open Mug" })
      .last()
      .click();
    await owner.getByTestId("item-page-title").filter({ hasText: "Mug" }).waitFor();
    await owner.getByLabel("Reorder point").fill("2");
    await owner.getByLabel("Reorder point").press("Tab");
    await owner.getByLabel("Barcode").fill("4006381333932");
    await owner.getByLabel("Barcode").press("Tab");
    await owner.getByText("its last digit (the check digit) should be 1, not 2").waitFor();
    await owner.getByLabel("Barcode").fill("4006381333931");
    await owner.getByLabel("Barcode").press("Tab");
    expect(await helper.getByTestId("low-badge").count()).toBe(0);

    // One sold: three becomes two, at the reorder point — low, in the helper's catalogue at once.
    await owner.getByRole("button", { name: "Record a change" }).click();
    await owner.getByLabel("Why").selectOption({ label: "Sold" });
    await owner.getByLabel("Units taken away").fill("1");
    await owner.getByRole("button", { name: "Record", exact: true }).click();
    await helper.getByTestId("item-row").filter({ hasText: "Mug" }).getByTestId("low-badge").waitFor();

    // The filter, and the dashboard.
    await helper.getByLabel("Low stock").check();
    await expect.poll(() => titles(helper)).toEqual(["Mug"]);
    // What the filter shows, as a spreadsheet.
    await helper.getByRole("button", { name: "Download CSV" }).click();
    const [download] = await Promise.all([
      helper.waitForEvent("download"),
      helper.getByRole("menuitem", { name: "Stockroom CSV" }).click(),
    ]);
    const csv = (await downloadedText(download))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv).toHaveLength(2);
    // One row per variant (app/catalogue/catalogue-csv.ts): handle, title, three empty options, no SKU, the barcode…
    expect(csv[1]).toMatch(/^mug,Mug,,,,,,,,4006381333931,0\.00,\w{3},2,2,draft,/);
    await helper.getByLabel("Low stock").uncheck();
    await openTab(helper, "Dashboard");
    await expect.poll(() => helper.getByTestId("tile-low-stock").textContent()).toContain("1");
    expect(await helper.getByTestId("low-stock-card").textContent()).toContain("Mug");
    // The daily e-mail, at 07:00 where the helper is.
    const daily = helper.getByRole("checkbox", { name: "E-mail me what is low, once a day" });
    await daily.check();
    await expect.poll(() => daily.isChecked()).toBe(true);
    await helper.getByText("helper@low.example at 07:00 your time (Asia/Tokyo)", { exact: false }).waitFor();

    // A handheld scanner types the barcode into the search: the mug.
    await openTab(helper, "Catalogue");
    await scanInto(helper, "Search items", "4006381333931");
    await expect.poll(() => titles(helper)).toEqual(["Mug"]);

    // An unknown product: make its item from the barcode, and fill it in on its page.
    await helper.getByLabel("Search items").fill("");
    await scanInto(helper, "Search items", "96385074");
    await helper.getByText("No item has barcode 96385074").waitFor();
    await helper.getByRole("button", { name: "New item with this barcode" }).click();
    await helper.getByTestId("item-page-title").filter({ hasText: "New item 96385074" }).waitFor();
    expect(await helper.getByLabel("Barcode").inputValue()).toBe("96385074");
    await expectLedgerAddsUp(owner, url);
  });
});
