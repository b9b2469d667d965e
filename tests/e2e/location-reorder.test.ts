/**
 * A reorder point per location (docs/architecture.md §9), as a shop owner sets
 * one in Chromium: the shop floor low at 3 while the item holds plenty in
 * all — the stock table and the catalogue mark it low at once.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, openTab, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

describe("reorder points by location", () => {
  it("marks an item low where a location holds no more than its own point, though it has plenty in all", async () => {
    const page = await (await e2e.browser.newContext()).newPage();
    await signUp(page, e2e.server.url, "reorder@shop.example");
    await createRoom(page, "Reorder");
    await addItem(page, { title: "Kettle", quantity: "2" });
    const row = page.getByTestId("item-row").filter({ hasText: "Kettle" });
    await row.getByRole("link", { name: "Open Kettle" }).last().click();
    await page.getByTestId("item-page-title").filter({ hasText: "Kettle" }).waitFor();
    const table = page.getByTestId("stock-by-location");
    await expect.poll(() => table.getByText("Low").count()).toBe(0);

    await page.getByRole("button", { name: "Reorder points by location" }).click();
    await page.getByLabel("Reorder at — Main").click();
    await page.keyboard.type("3");
    await page.keyboard.press("Enter");
    await table.getByText("reorder at 3").waitFor();
    await table.getByText("Low").waitFor();

    // The catalogue's Low filter finds it, with its badge.
    await openTab(page, "Catalogue");
    await row.getByText("Low").waitFor();
    // Back above the point: no longer low.
    await row.getByRole("link", { name: "Open Kettle" }).last().click();
    await page.getByRole("button", { name: "Record a change" }).click();
    await page.getByLabel("Why").selectOption("received");
    await page.getByLabel("Units added").fill("2");
    await page.getByRole("button", { name: "Record", exact: true }).click();
    await expect.poll(() => table.getByText("Low").count()).toBe(0);
  });
});
