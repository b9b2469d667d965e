/**
 * Codes and counts as a shop's team meets them, in Chromium (docs/stock.md):
 * a handheld scanner reading a variant's label counts and receives that
 * variant, never the product's first, and a product's own label is refused
 * in words; an unknown barcode received offers New item with this barcode,
 * beside a running tally; two people typing one count at once both count,
 * and the second is told what happened meanwhile. The ledger adds up.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { variantLink } from "../../protocol/label-key";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, giveSizes, inviteByEmail, openTab, signUpWithRoom } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";
import { cuttableLine } from "../support/line";

const e2e = setUpServerAndBrowser();

/** A handheld scanner: it types the code into the focused box and presses Enter. */
async function scanInto(page: Page, label: string, code: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(code, { delay: 2 });
  await page.keyboard.press("Enter");
}

describe("codes that name one variant", () => {
  it("counts and receives the variant on its label, refuses the product's own, and offers a new item for an unknown barcode", async () => {
    const page = await (await e2e.browser.newContext()).newPage();
    const { script } = await signUpWithRoom(page, e2e.server.url, "codes@shop.example", "Codes");
    const [tee] = (await script([{ method: "items.add", params: [{ title: "Tee", sku: "TEE", quantity: 2 }] }])) as [
      string,
    ];
    const [ids] = (await script([giveSizes(tee, [{ size: "S" }, { size: "M" }])])) as [string[]];
    const [links] = (await script([{ method: "items.publicLinks", params: [[tee]] }])) as [Record<string, string>];
    const productLabel = links[tee] as string;
    // What the label sheet prints on the medium's label (app/catalogue/label-sets.ts).
    const mediumLabel = variantLink(productLabel, ids[1] as string);

    await openTab(page, "Stocktake");
    await page.getByRole("button", { name: "Start stocktake" }).click();
    await page.getByRole("heading", { name: /Stocktake under way/ }).waitFor();
    await scanInto(page, "Scan a label or type a SKU", mediumLabel);
    await page.getByTestId("scan-outcome").getByText("Counted: Tee — M").waitFor();
    await scanInto(page, "Scan a label or type a SKU", productLabel);
    await page
      .getByTestId("scan-outcome")
      .getByText("“Tee” comes in variants: scan the variant's own label or barcode")
      .waitFor();

    // Receiving by the same label, then a barcode no item has, then the label again: each listed, tallied.
    const receive = "Scan a label or barcode, or type a SKU: each is one unit received";
    await scanInto(page, receive, mediumLabel);
    await scanInto(page, receive, "4006381333931");
    const outcomes = page.getByTestId("receive-outcome").getByRole("listitem");
    await outcomes.filter({ hasText: "Not received — 4006381333931" }).waitFor();
    await scanInto(page, receive, mediumLabel);
    await expect
      .poll(() => page.getByTestId("receive-tally").textContent())
      .toBe("Received so far at Main: 2 units — Tee — M × 2");
    await expectLedgerAddsUp(page, e2e.server.url);
    // The unknown barcode becomes an item, opened to be filled in.
    await outcomes
      .filter({ hasText: "Not received — 4006381333931" })
      .getByRole("button", { name: "New item with this barcode" })
      .click();
    await page.getByTestId("item-page-title").getByText("New item 4006381333931").waitFor();
  });
});

describe("a variant's own code searched in the catalogue", () => {
  it("opens its product's page ready to sell that variant, at the place this phone sells from", async () => {
    const page = await (await e2e.browser.newContext()).newPage();
    const { roomUrl, script } = await signUpWithRoom(page, e2e.server.url, "searched@shop.example", "Searched");
    const [stall, tee] = (await script([
      { method: "locations.add", params: ["Market stall"] },
      { method: "items.add", params: [{ title: "Tee", sku: "TEE", quantity: 4 }] },
    ])) as [string, string];
    await script([
      giveSizes(tee, [{ size: "S" }, { size: "M", sku: "TEE-M" }]),
      { method: "stock.receive", params: ["TEE-M", stall, 3] },
    ]);
    // This phone sells at the market stall: chosen once on the Stall tab.
    await openTab(page, "Stall");
    await page.getByLabel("Selling from").selectOption({ label: "Market stall" });

    await page.goto(roomUrl);
    await page.getByLabel("Search items").fill("TEE-M");
    await page.getByTestId("variant-row").filter({ hasText: "M" }).waitFor();
    await page.getByTestId("item-row").getByRole("link", { name: "Open Tee" }).last().click();
    await page.getByTestId("item-page-title").filter({ hasText: "Tee" }).waitFor();
    await page.getByRole("button", { name: "Record a sale" }).click();
    const sale = page.getByRole("form", { name: "Record a stock change" });
    expect(await sale.getByLabel("Variant").locator("option:checked").textContent()).toBe("M");
    expect(await sale.getByLabel("Where").locator("option:checked").textContent()).toBe("Market stall");
    await sale.getByRole("button", { name: "Record" }).click();
    // The medium's row: none at Main, two left at the stall.
    const medium = page
      .getByTestId("stock-by-variant")
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "M", exact: true }) });
    await expect.poll(async () => (await medium.locator("td").allTextContents()).join(" | ")).toBe("0 | 2 | 2");
    const stock = await expectLedgerAddsUp(page, e2e.server.url);
    expect(stock.get("Tee")).toEqual({ main: 4, [stall]: 2 });
  });
});

describe("two people typing one count", () => {
  it("keeps both corrections and tells the second what happened meanwhile", async () => {
    const url = e2e.server.url;
    const alice = await (await e2e.browser.newContext()).newPage();
    const { roomUrl, script } = await signUpWithRoom(alice, e2e.server.url, "alice.count.cell@shop.example", "Cells");
    await script([{ method: "items.add", params: [{ title: "Mug", sku: "MUG", quantity: 6 }] }]);
    await inviteByEmail(alice, "sam.count.cell@shop.example");
    const sam = await (await e2e.browser.newContext()).newPage();
    const line = await cuttableLine(sam);
    await acceptInvitation(sam, url, "sam.count.cell@shop.example", "Cells", roomUrl);
    await openTab(alice, "Catalogue");
    const cell = (page: Page) =>
      page
        .getByTestId("item-row")
        .filter({ hasText: "MUG" })
        .getByRole("button", { name: /edit quantity of Mug/ });
    await cell(sam).waitFor();

    // Sam, with no line, sees 6 and types 5 (one broke); Alice, meanwhile, types 8 (a box came in).
    await line.cut();
    await cell(sam).click();
    await sam.keyboard.press("Control+A");
    await sam.keyboard.type("5");
    await sam.keyboard.press("Enter");
    await cell(alice).click();
    await alice.keyboard.press("Control+A");
    await alice.keyboard.type("8");
    await alice.keyboard.press("Enter");
    await expect.poll(() => cell(alice).locator(".cell-value").textContent()).toBe("8");
    // Sam's line comes back: his −1 counts on top of Alice's 8, and he is told (looked for from the start:
    // the notice goes by itself after a few seconds).
    await Promise.all([
      sam
        .getByRole("region", { name: /Notification/ })
        .getByText(
          "alice.count.cell@shop.example changed this to 8 while you were typing: your −1 was recorded, so it is now 7.",
        )
        .waitFor({ timeout: 30_000 }),
      line.back(),
    ]);
    await expect.poll(() => cell(alice).locator(".cell-value").textContent()).toBe("7");
    const stock = await expectLedgerAddsUp(alice, url);
    expect(stock.get("Mug")).toEqual({ main: 7 });
  });
});
