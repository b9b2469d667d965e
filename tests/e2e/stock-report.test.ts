/**
 * What stock is worth and the stock report in Chromium (docs/buying.md): the
 * dashboard values an item's stock at cost and at sale price, live as a
 * sale is recorded, and its report lists the period's movements by reason
 * with their value, the item that did not sell as a slow mover, and
 * downloads the movements as CSV.
 */
import { describe, expect, it } from "vitest";
import { downloadedText } from "../support/downloads";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, openItem, openTab, signUpWithRoom } from "../support/flows";

const e2e = setUpServerAndBrowser();

describe("what stock is worth", () => {
  it("values the stock live on the dashboard, and reports the period's movements and slow movers with a CSV", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signUpWithRoom(page, e2e.server.url, "owner.worth@shop.example", "Worth shop");
    await addItem(page, { title: "Lamp", sku: "LAMP-1", price: "40", quantity: "5" });
    await addItem(page, { title: "Shade", sku: "SHADE-1", price: "15", quantity: "3" });
    await openItem(page, "Lamp", "LAMP-1");
    await page.getByLabel("Cost", { exact: true }).fill("25");
    await page.keyboard.press("Enter");
    await page.getByTestId("item-history").getByText("changed cost from nothing to $25.00").waitFor();

    await openTab(page, "Dashboard");
    const worth = page.getByTestId("stock-worth");
    await expect.poll(() => worth.getByTestId("worth-cost").textContent()).toBe("$125.00");
    await expect.poll(() => worth.getByTestId("worth-retail").textContent()).toBe("$245.00");
    // The shades have no cost yet, and are said to.
    await worth.getByTestId("worth-uncosted").getByText("3 units have no cost yet", { exact: false }).waitFor();
    await expect.poll(() => worth.getByTestId("worth-margin").textContent()).toBe("38%");

    // A lamp sold: the dashboard follows.
    await openTab(page, "Catalogue");
    await openItem(page, "Lamp", "LAMP-1");
    await page.getByRole("button", { name: "Record a change" }).click();
    await page.getByLabel("Why").selectOption({ label: "Sold" });
    await page.getByLabel("Units taken away").fill("1");
    await page.keyboard.press("Enter");
    await openTab(page, "Dashboard");
    await expect.poll(() => worth.getByTestId("worth-cost").textContent()).toBe("$100.00");

    await worth.getByRole("link", { name: /Stock report/ }).click();
    const reasons = page.getByTestId("report-reasons");
    await reasons.getByRole("row").filter({ hasText: "Sold" }).getByText("$40.00").waitFor();
    expect(await reasons.getByRole("row").filter({ hasText: "Sold" }).getByRole("cell").nth(2).textContent()).toBe(
      "-$25.00",
    );
    await page.getByTestId("slow-movers").getByRole("row").filter({ hasText: "Shade" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download movements CSV" }).click(),
    ]);
    const csv = await downloadedText(download);
    expect(csv).toContain("Reason,Movements,Units in,Units out,Value at cost,Sales,Units without cost");
    // Amounts as numbers: the stock that left is below 0, and not taken for a formula.
    expect(csv).toContain("\r\nSold,1,0,1,-25,40,0\r\n");
  });
});
