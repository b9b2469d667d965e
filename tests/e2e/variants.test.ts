/**
 * Products with variants, as a shop owner uses them in Chromium
 * (docs/architecture.md §9): a size option added to an item on its page
 * (S, M, L, every combination made at once) and saved; the product opened
 * up in the catalogue with its "3 variants" button (by mouse and by
 * keyboard), the M variant's stock typed into its cell, and the product's
 * total following; then stock received for one variant on the item's page,
 * named in its ledger — and the server agreeing after a reload; then two
 * sizes chosen in the catalogue get one bulk stock change, undone in one step.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, openTab, signUp, signUpWithRoom } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";

const e2e = setUpServerAndBrowser();

/** The item page's stock by variant as [variant, total] rows. */
async function variantStock(page: Page): Promise<string[][]> {
  const out: string[][] = [];
  for (const row of await page.getByTestId("stock-by-variant").locator("tbody tr").all()) {
    out.push([
      ((await row.locator("th").textContent()) ?? "").trim(),
      ((await row.locator("td").last().textContent()) ?? "").trim(),
    ]);
  }
  return out;
}

/** The ledger's rows on a product with options as [variant, reason, change]. */
async function ledgerRows(page: Page): Promise<string[][]> {
  const out: string[][] = [];
  for (const row of await page.getByTestId("ledger").locator("tbody tr").all()) {
    const cells = await row.locator("td").allTextContents();
    out.push([cells[1] ?? "", cells[3] ?? "", cells[4] ?? ""].map((text) => text.trim()));
  }
  return out;
}

const teeRow = (page: Page) => page.getByTestId("item-row").filter({ hasText: "Tee" });

describe("products with variants", () => {
  it("adds sizes to an item, edits a variant's stock in the catalogue, and records stock received for one", async () => {
    const page = await e2e.browser.newPage();
    await signUp(page, e2e.server.url, "variants@shop.example");
    await createRoom(page, "Tees");
    await addItem(page, { title: "Tee", sku: "TEE", price: "20", quantity: "4" });

    // On the item's page: Size, with S, M and L.
    await teeRow(page).getByRole("link", { name: "Open Tee" }).last().click();
    await page.getByTestId("item-page-title").filter({ hasText: "Tee" }).waitFor();
    await page.getByRole("button", { name: "Add options (size, colour…)" }).click();
    await page.getByLabel("Option 1 name").fill("Size");
    await page.getByLabel("Option 1 values").fill("S, M, L");
    await page.getByRole("button", { name: "Make every combination" }).click();
    await expect.poll(() => page.getByTestId("variant-edit-row").count()).toBe(3);
    await page.getByLabel("SKU of M", { exact: true }).fill("TEE-M");
    await page.getByLabel("Cost of M").fill("7.50");
    await page.getByRole("button", { name: "Save variants" }).click();

    // The first variant keeps the item's stock (and its SKU); the others start with none.
    const variants = page.getByTestId("variants-table");
    await expect.poll(() => variants.locator("tbody th").allTextContents()).toEqual(["S", "M", "L"]);
    expect(await variants.locator("tbody tr").first().textContent()).toContain("TEE");
    // M's cost is kept: the editor opened again shows it.
    await page.getByRole("button", { name: "Edit variants" }).click();
    expect(await page.getByLabel("Cost of M").inputValue()).toBe("7.50");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(() => variantStock(page))
      .toEqual([
        ["S", "4"],
        ["M", "0"],
        ["L", "0"],
      ]);

    // In the catalogue: the product says how many variants it has, and opens to show them.
    await openTab(page, "Catalogue");
    const toggle = teeRow(page).getByRole("button", { name: "3 variants of Tee" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await expect
      .poll(() => page.getByTestId("variant-name").allTextContents())
      .toEqual(["Tee — S", "Tee — M", "Tee — L"]);
    // The keyboard closes and opens it too.
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => page.getByTestId("variant-row").count()).toBe(0);
    await page.keyboard.press("Space");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");

    // The product's own stock is its variants': not edited on its row.
    expect(await teeRow(page).getByRole("button", { name: "edit quantity of Tee" }).count()).toBe(0);
    await expect.poll(() => teeRow(page).getByTestId("product-quantity").textContent()).toBe("4");

    // M's stock typed into its cell: the product's total follows.
    const m = page.getByTestId("variant-row").filter({ hasText: "TEE-M" });
    await m.getByRole("button", { name: "edit quantity of Tee — M" }).click();
    await page.keyboard.type("3");
    await page.keyboard.press("Enter");
    await expect.poll(() => m.getByRole("button", { name: "edit quantity of Tee — M" }).textContent()).toContain("3");
    await expect.poll(() => teeRow(page).getByTestId("product-quantity").textContent()).toBe("7");

    // Back on the item's page: two of L received.
    await teeRow(page).getByRole("link", { name: "Open Tee" }).last().click();
    await page.getByTestId("item-page-title").filter({ hasText: "Tee" }).waitFor();
    await page.getByRole("button", { name: "Record a change" }).click();
    const form = page.getByRole("form", { name: "Record a stock change" });
    await form.getByLabel("Variant", { exact: true }).selectOption({ label: "L" });
    await form.getByLabel("Why").selectOption({ label: "Received" });
    await form.getByLabel("Units added").fill("2");
    await form.getByRole("button", { name: "Record", exact: true }).click();
    await expect
      .poll(() => variantStock(page))
      .toEqual([
        ["S", "4"],
        ["M", "3"],
        ["L", "2"],
      ]);
    await expect.poll(() => page.getByTestId("stock-total").textContent()).toBe("9");
    await expect
      .poll(() => ledgerRows(page))
      .toEqual([
        ["L", "Received", "+2"],
        ["M", "Correction", "+3"],
        ["S", "Correction", "+4"],
      ]);

    // The ledger narrowed to one variant.
    await page.locator(".ledger").getByLabel("Variant", { exact: true }).selectOption({ label: "M" });
    await expect.poll(() => ledgerRows(page)).toEqual([["M", "Correction", "+3"]]);

    // After a reload the server has the same figures.
    await page.reload();
    await expect
      .poll(() => variantStock(page))
      .toEqual([
        ["S", "4"],
        ["M", "3"],
        ["L", "2"],
      ]);

    // In the catalogue, two sizes chosen on their own get the same stock change in one action; Undo takes it back.
    await openTab(page, "Catalogue");
    await teeRow(page).getByRole("button", { name: "3 variants of Tee" }).click();
    await page.getByLabel("Select Tee — M").check();
    await page.getByLabel("Select Tee — L").check();
    await page.getByRole("button", { name: "Edit selected…" }).click();
    const bulk = page.getByRole("form", { name: "Edit selected items" });
    await bulk.getByText("(2 variants)").waitFor();
    await bulk.getByLabel("Stock change (units)").fill("5");
    await bulk.getByRole("button", { name: "Apply to selected" }).click();
    await expect.poll(() => teeRow(page).getByTestId("product-quantity").textContent()).toBe("19");
    const quantityOf = (size: string) =>
      page.getByRole("button", { name: `edit quantity of Tee — ${size}` }).textContent();
    await expect.poll(() => quantityOf("M")).toContain("8");
    await expect.poll(() => quantityOf("S")).toContain("4");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => teeRow(page).getByTestId("product-quantity").textContent()).toBe("9");
    await expectLedgerAddsUp(page, e2e.server.url);
    await page.close();
  });

  it("fits a phone: a product's variants open under it, a low one marked, nothing off the side", async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const { script } = await signUpWithRoom(page, e2e.server.url, "variants-phone@shop.example", "Tees on a phone");
    const [itemId] = await script([
      { method: "items.add", params: [{ title: "Organic cotton crew-neck tee, heavyweight", priceCents: 2500 }] },
    ]);
    await script([
      {
        method: "items.setVariants",
        params: [
          itemId,
          {
            options: ["Size", "Colour"],
            variants: [
              { values: ["Small", "Washed charcoal"], sku: "TEE-CREW-S-CHARCOAL", reorderPoint: 1 },
              { values: ["Extra large", "Washed charcoal"], sku: "TEE-CREW-XL-CHARCOAL", priceCents: 2900 },
            ],
          },
        ],
      },
    ]);
    const row = page.getByTestId("item-row").filter({ hasText: "Organic cotton" });
    await expect.poll(() => row.getByTestId("product-price").textContent()).toContain("from");
    await row.getByRole("button", { name: /^2 variants/ }).tap();
    await expect.poll(() => page.getByTestId("variant-row").count()).toBe(2);
    // Small has none and reorders at 1: it is low, and so is its product.
    const small = page.getByTestId("variant-row").filter({ hasText: "Small" });
    await small.getByTestId("low-badge").waitFor();
    await row.getByTestId("low-badge").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await small.getByRole("button", { name: /edit quantity of/ }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await context.close();
  });

  it("keeps the product's SKU on its first size, says a bad barcode on its row, and sets counts where they are typed", async () => {
    const page = await e2e.browser.newPage();
    const { script } = await signUpWithRoom(page, e2e.server.url, "variant.counts@shop.example", "Counted tees");
    await script([{ method: "locations.add", params: ["Market stall"] }]);
    await addItem(page, { title: "Tee", sku: "TEE", price: "20", quantity: "4" });
    await teeRow(page).getByRole("link", { name: "Open Tee" }).last().click();
    await page.getByTestId("item-page-title").filter({ hasText: "Tee" }).waitFor();
    await page.getByRole("button", { name: "Add options (size, colour…)" }).click();
    await page.getByLabel("Option 1 name").fill("Size");
    await page.getByLabel("Option 1 values").fill("S, M");
    await page.getByRole("button", { name: "Make every combination" }).click();
    // The product as it was is its first size: its SKU is there, not gone.
    expect(await page.getByLabel("SKU of S", { exact: true }).inputValue()).toBe("TEE");
    // A barcode with a wrong check digit is said on its own row, as it is typed.
    await page.getByLabel("Barcode of M").fill("5901234123458");
    await page
      .getByTestId("variant-edit-row")
      .nth(1)
      .getByTestId("barcode-problem")
      .getByText("its last digit (the check digit) should be 7, not 8")
      .waitFor();
    await page.getByLabel("Barcode of M").fill("5901234123457");
    // Counts are typed for a location chosen once: 6 mediums at the market stall.
    await page.getByLabel("Counts at").selectOption({ label: "Market stall" });
    await page.getByLabel("Count of M at Market stall").fill("6");
    await page.getByRole("button", { name: "Save variants" }).click();
    await expect
      .poll(() => variantStock(page))
      .toEqual([
        ["S", "4"],
        ["M", "6"],
      ]);
    const stock = await expectLedgerAddsUp(page, e2e.server.url);
    expect(Object.values(stock.get("Tee") ?? {}).sort()).toEqual([4, 6]);
  });
});
