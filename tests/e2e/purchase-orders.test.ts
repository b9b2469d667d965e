/**
 * Purchase orders in Chromium (docs/buying.md), as a shop buys: what runs
 * low is drafted into an order for its supplier, a line is changed and one
 * added by its SKU, the order is sent with a message — the e-mail in the
 * development outbox with the order's PDF — and downloaded, and its
 * history says what happened.
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { downloadedBytes } from "../support/downloads";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, openTab, signUpWithRoom } from "../support/flows";

const e2e = setUpServerAndBrowser();

describe("purchase orders", () => {
  it("drafts an order from low stock, takes changes, is sent as a PDF by e-mail and downloaded", async () => {
    const url = e2e.server.url;
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signUpWithRoom(page, url, "owner.orders@shop.example", "Buying shop");
    await openTab(page, "Settings");
    const supplierForm = page.getByRole("form", { name: "Add a supplier" });
    await supplierForm.getByLabel("Supplier name").fill("Pine Pottery");
    await supplierForm.getByLabel("Orders e-mail").fill("orders@pine.example");
    await page.keyboard.press("Enter");
    await page.getByTestId("suppliers").getByText("Pine Pottery", { exact: true }).waitFor();

    // Two items: a mug from Pine Pottery, low on stock, and a jug to add by hand.
    await openTab(page, "Catalogue");
    await addItem(page, { title: "Speckled mug", sku: "MUG-1", quantity: "1" });
    await addItem(page, { title: "Water jug", sku: "JUG-1", quantity: "5" });
    await page
      .getByTestId("item-row")
      .filter({ hasText: "MUG-1" })
      .getByRole("link", { name: "Open Speckled mug" })
      .last()
      .click();
    await page.getByTestId("item-page-title").filter({ hasText: "Speckled mug" }).waitFor();
    await page.getByLabel("Reorder point").fill("3");
    await page.getByLabel("Reorder point").press("Tab");
    await page.getByLabel("Cost", { exact: true }).fill("4.50");
    await page.keyboard.press("Enter");
    await page.getByLabel("Supplier", { exact: true }).selectOption({ label: "Pine Pottery" });
    await page.getByTestId("item-history").getByText("changed supplier from nothing to Pine Pottery").waitFor();

    await openTab(page, "Orders");
    await page.getByTestId("no-orders").waitFor();
    await page.getByLabel("Order up to").selectOption({ label: "2× the reorder point" });
    await page.getByRole("button", { name: "Draft orders" }).click();
    await page.getByTestId("reorder-result").getByText("Drafted 1 order for 1 low variant.").waitFor();
    const row = page.getByTestId("order-row").filter({ hasText: "PO-0001" });
    await row.getByText("Draft", { exact: true }).waitFor();
    await row.getByRole("link", { name: "PO-0001" }).click();
    await page.getByTestId("order-heading").getByText("PO-0001 · Pine Pottery").waitFor();
    // Up to twice the point of 3, holding 1: 5 mugs at their cost.
    await expect.poll(() => page.getByLabel("Ordered of Speckled mug").inputValue()).toBe("5");
    await expect.poll(() => page.getByTestId("order-total").textContent()).toBe("$22.50");

    // Six instead, and two jugs found by their SKU.
    await page.getByLabel("Ordered of Speckled mug").fill("6");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("order-total").textContent()).toBe("$27.00");
    await page.getByLabel("How many").fill("2");
    await page.getByLabel("Add an item").fill("JUG-1");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByLabel("Ordered of Water jug").inputValue()).toBe("2");
    await page.getByLabel("Unit cost of Water jug").fill("12");
    await page.getByLabel("Unit cost of Water jug").press("Tab");
    await expect.poll(() => page.getByTestId("order-total").textContent()).toBe("$51.00");

    await page.getByRole("button", { name: "Send to supplier…" }).click();
    await page.getByLabel("Message").fill("Before Friday, please.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByTestId("order-status").getByText("Ordered").waitFor();
    await page.getByTestId("order-history").getByText("Sent to orders@pine.example").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("PO-0001.pdf");
    const pdf = await PDFDocument.load(await downloadedBytes(download));
    expect(pdf.getTitle()).toBe("Purchase order PO-0001");
    expect(pdf.getPageCount()).toBe(1);

    // The supplier's e-mail, with the order attached.
    await page.goto(`${url}/dev/outbox`);
    const mail = page.getByTestId("outbox-mail").filter({ hasText: "Purchase order PO-0001 from Buying shop" });
    await mail.getByText("Before Friday, please.", { exact: false }).waitFor();
    await mail.getByText("To orders@pine.example", { exact: false }).waitFor();
    const [attached] = await Promise.all([
      page.waitForEvent("download"),
      mail.getByRole("link", { name: "PO-0001.pdf" }).click(),
    ]);
    expect((await downloadedBytes(attached)).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
