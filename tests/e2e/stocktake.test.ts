/**
 * A stocktake in Chromium with two people
 * (docs/stock.md "A count is a count at a moment and a place"), counting by typed SKU:
 * counts merge live between their pages; a count made with no line shows at
 * once on the counter's phone and joins the other's when the line is back,
 * once; the owner reviews the differences and applies them in one step.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import {
  acceptInvitation,
  addItem,
  applyStocktake,
  createRoom,
  inviteByEmail,
  openTab,
  signUp,
} from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";
import { cuttableLine } from "../support/line";
import { nextUnit } from "../support/scanner";

const e2e = setUpServerAndBrowser();

async function count(page: Page, sku: string) {
  await page.getByLabel("Scan a label or type a SKU").fill(sku);
  await page.keyboard.press("Enter");
}

const figure = (page: Page, id: string) => page.getByTestId(id).textContent();

describe("stocktake", () => {
  it("merges two people's counts live, keeps an offline count, and applies the differences", async () => {
    const url = e2e.server.url;
    const alice = await (await e2e.browser.newContext()).newPage();
    await signUp(alice, url, "alice.count@shop.example");
    await createRoom(alice, "Count day");
    const roomUrl = alice.url();
    await addItem(alice, { title: "Mug", sku: "MUG-1", quantity: "2" });
    await addItem(alice, { title: "Jug", sku: "JUG-1", quantity: "5" });
    await addItem(alice, { title: "Bowl", sku: "BOWL-1", quantity: "1" });
    await inviteByEmail(alice, "bob.count@shop.example");

    const bobContext = await e2e.browser.newContext();
    const bob = await bobContext.newPage();
    // Bob's line to the room can be cut (a basement).
    const line = await cuttableLine(bob);
    await acceptInvitation(bob, url, "bob.count@shop.example", "Count day", roomUrl);

    // Alice starts; Bob joins from his Stocktake tab.
    await openTab(alice, "Stocktake");
    await alice.getByRole("button", { name: "Start stocktake" }).click();
    await alice.getByRole("heading", { name: "Stocktake under way" }).waitFor();
    await openTab(bob, "Stocktake");
    await bob.getByRole("heading", { name: "Stocktake under way" }).waitFor();

    await count(bob, "MUG-1");
    await bob.getByRole("status").filter({ hasText: "Counted: Mug" }).waitFor();
    await count(alice, "MUG-1");
    await count(alice, "JUG-1");
    await expect.poll(() => figure(bob, "items-counted")).toBe("2");
    await expect.poll(() => figure(alice, "items-counted")).toBe("2");
    await alice.getByRole("list", { name: "Who is counting" }).getByText("bob.count@shop.example").waitFor();

    // Bob loses the line and counts the bowl: it shows on his phone at once, and joins when he is back.
    await line.cut();
    await count(bob, "BOWL-1");
    await expect.poll(() => figure(bob, "items-counted")).toBe("3");
    expect(await figure(alice, "items-counted")).toBe("2");
    await line.back();
    await expect.poll(() => figure(alice, "items-counted"), { timeout: 30_000 }).toBe("3");

    // Review: Mug 2 of 2, Jug 1 of 5 (a difference), Bowl 1 of 1.
    await expect.poll(() => figure(alice, "items-differing")).toBe("1");
    await alice.getByLabel("Show").selectOption("differences");
    const table = alice.getByTestId("stocktake-table");
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    expect(await table.getByRole("row").nth(1).textContent()).toContain("Jug");
    expect(await table.getByRole("row").nth(1).textContent()).toContain("−4");

    await applyStocktake(alice, "Stocktake applied: 1 item updated.");
    await alice.getByRole("button", { name: "Start stocktake" }).waitFor();
    await bob.getByRole("button", { name: "Start stocktake" }).waitFor();

    await openTab(alice, "Catalogue");
    const jug = alice.getByTestId("item-row").filter({ hasText: "JUG-1" });
    await expect
      .poll(() => jug.getByRole("button", { name: "Edit quantity of Jug" }).locator(".cell-value").textContent())
      .toBe("1");
    await expectLedgerAddsUp(alice, url);
    await bobContext.close();
  }, 120_000);

  it("counts a SKU typed in any case, takes a mis-scan back, and keeps each stocktake on record", async () => {
    const url = e2e.server.url;
    const page = await (await e2e.browser.newContext()).newPage();
    await signUp(page, url, "record.count@shop.example");
    await createRoom(page, "Counted and kept");
    await addItem(page, { title: "Teapot", sku: "OAV-003", quantity: "5" });
    await addItem(page, { title: "Milk jug", sku: "OAV-004", quantity: "1" });
    await openTab(page, "Stocktake");
    await page.getByRole("button", { name: "Start stocktake" }).click();

    // Typed in lower case, as a phone keyboard does.
    await count(page, "oav-003");
    await page.getByTestId("scan-outcome").filter({ hasText: "Counted: Teapot" }).waitFor();
    // The wrong label scanned, then taken back on its own.
    await count(page, "OAV-004");
    await page.getByTestId("scan-outcome").filter({ hasText: "Counted: Milk jug" }).waitFor();
    await expect.poll(() => figure(page, "items-counted")).toBe("2");
    await page
      .getByTestId("recent-scans")
      .getByRole("button", { name: /^Take back Milk jug/ })
      .click();
    await expect.poll(() => figure(page, "items-counted")).toBe("1");
    await count(page, "OAV-003");
    await nextUnit(page);
    await count(page, "OAV-003");
    await expect.poll(() => page.getByTestId("recent-scans").getByRole("listitem").count()).toBe(3);

    // The words: one item not seen is "1 item"; the dialog's buttons say what each does.
    await page.getByText("Also set the 1 item not seen to 0").waitFor();
    await page.getByRole("button", { name: "Apply counted quantities" }).click();
    const apply = page.getByRole("alertdialog", { name: "Apply the counted quantities?" });
    await apply.getByRole("button", { name: "Not yet" }).waitFor();
    await apply.getByRole("button", { name: "Apply", exact: true }).click();
    await page.getByRole("button", { name: "Start stocktake" }).waitFor();

    // It stays on record: when, who, and what it set.
    const past = page.getByTestId("past-stocktakes");
    await past.getByText("1 quantity set by You").waitFor();
    await past.getByText("What it changed").click();
    await past.getByText("Teapot: 5 → 3").waitFor();

    // A stocktake discarded is kept too, and its dialog does not offer "Cancel" twice.
    await page.getByRole("button", { name: "Start stocktake" }).click();
    await page.getByRole("button", { name: "Discard stocktake" }).click();
    const discard = page.getByRole("alertdialog", { name: "Discard this stocktake?" });
    await discard.getByRole("button", { name: "Keep counting" }).waitFor();
    expect(await discard.getByRole("button", { name: /Cancel/ }).count()).toBe(0);
    await discard.getByRole("button", { name: "Discard stocktake" }).click();
    await past.getByText(/discarded by You, nothing changed/).waitFor();

    // The item's history says the quantity came from the stocktake.
    await openTab(page, "Catalogue");
    await page.getByRole("link", { name: "Open Teapot" }).last().click();
    await expect
      .poll(() => page.getByTestId("item-history").textContent())
      .toContain("changed quantity from 5 to 3 in a stocktake");
    await expectLedgerAddsUp(page, e2e.server.url);
  });
});
