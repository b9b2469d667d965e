/**
 * Bulk edit in Chromium, as a person does it: two items selected by their
 * boxes, their prices raised by 10% and a tag added in one action, shown at
 * once; then Undo puts both back in one step.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, signUp } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";

const e2e = setUpServerAndBrowser();

const priceOf = (page: Page, title: string) =>
  page
    .getByTestId("item-row")
    .filter({ hasText: title })
    .getByRole("button", { name: `Edit price of ${title}` })
    .locator(".cell-value")
    .textContent();

describe("bulk edit", () => {
  it("raises the selected items' prices and tags them in one action, and Undo puts both back", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "bulk@shop.example");
    await createRoom(page, "Bulk");
    await addItem(page, { title: "Mug", price: "10.00", quantity: "3" });
    await addItem(page, { title: "Bowl", price: "20.00", quantity: "1" });
    await addItem(page, { title: "Jug", price: "5.00" });

    await page.getByLabel("Select Mug").check();
    await page.getByLabel("Select Bowl").check();
    await page.getByRole("button", { name: "Edit selected…" }).click();
    await page.getByLabel("Prices").selectOption({ label: "Change by %" });
    await page.getByLabel("Change (%)").fill("10");
    await page.getByLabel("Add tags").fill("sale");
    await page.getByRole("button", { name: "Apply to selected" }).click();

    await expect.poll(() => priceOf(page, "Mug")).toContain("11.00");
    await expect.poll(() => priceOf(page, "Bowl")).toContain("22.00");
    expect(await priceOf(page, "Jug")).toContain("5.00");
    await expect.poll(() => page.getByTestId("item-row").filter({ hasText: "sale" }).count()).toBe(2);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => priceOf(page, "Mug")).toContain("10.00");
    await expect.poll(() => priceOf(page, "Bowl")).toContain("20.00");
    await expect.poll(() => page.getByTestId("item-row").filter({ hasText: "sale" }).count()).toBe(0);

    // The server agrees after a reload.
    await page.reload();
    await expect.poll(() => priceOf(page, "Mug")).toContain("10.00");
    await expectLedgerAddsUp(page, e2e.server.url);
    await context.close();
  });
});
