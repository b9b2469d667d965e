/**
 * Sales made by hand and the counter role, in Chromium: marking an item's
 * last unit Sold offers to record the sale, which shows in its ledger with
 * its price and makes its share page say it is sold; a helper invited as a
 * counter records a delivery received and changes nothing else.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, addItem, createRoom, openItem, openTab, signUp } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";
import { nextUnit } from "../support/scanner";

const e2e = setUpServerAndBrowser();

async function newPage(): Promise<Page> {
  const context = await e2e.browser.newContext();
  return context.newPage();
}

describe("sales made by hand, and counters", () => {
  it("offers to record the sale of a last unit marked sold, and lets a counter receive stock only", async () => {
    const url = e2e.server.url;
    const owner = await newPage();
    await signUp(owner, url, "owner@sales.example");
    await createRoom(owner, "Market stall");
    const roomUrl = owner.url();
    await addItem(owner, { title: "Green vase", sku: "VASE-1", price: "12.00", quantity: "1" });

    // Sold at the stall: the status, then the sale it offers to record.
    const row = owner.getByTestId("item-row").filter({ hasText: "Green vase" });
    await row.getByTestId("item-status").click();
    await owner.getByRole("menuitemradio", { name: "Sold" }).click();
    await owner.getByRole("button", { name: "Record sale" }).click();
    await expect
      .poll(() => row.getByRole("button", { name: "Edit quantity of Green vase" }).locator(".cell-value").textContent())
      .toBe("0");
    await openItem(owner, "Green vase");
    const sale = owner.getByTestId("ledger").locator("tbody tr").first();
    await expect.poll(() => sale.textContent()).toContain("Sold");
    expect(await sale.textContent()).toContain("−1 at");
    const shareLink = (await owner.getByTestId("share-link").getAttribute("href")) as string;
    const visitor = await newPage();
    await visitor.goto(shareLink);
    await visitor.getByTestId("share-sold").waitFor();
    expect(await visitor.getByText("This item has been sold.").count()).toBe(1);

    // A helper joins as a counter.
    await openTab(owner, "Team");
    await owner.getByLabel("Invite by e-mail").fill("helper@sales.example");
    await owner.getByLabel("Role for the invitation").selectOption("counter");
    await owner.getByRole("button", { name: "Invite", exact: true }).click();
    await owner.getByRole("status").filter({ hasText: "Invitation sent" }).waitFor();
    const helper = await newPage();
    await acceptInvitation(helper, url, "helper@sales.example", "Market stall", roomUrl);
    await helper.getByText("You are a counter in this room").waitFor();
    expect(await helper.getByRole("button", { name: "Add item" }).count()).toBe(0);

    // A delivery of three, received by the counter: the only stock change offered.
    await openItem(helper, "Green vase");
    await helper.getByRole("button", { name: "Record stock received" }).click();
    expect(await helper.getByLabel("Why").locator("option").allTextContents()).toEqual(["Received"]);
    expect(await helper.getByRole("button", { name: "Record a sale" }).count()).toBe(0);
    await helper.getByLabel("Units added").fill("3");
    await helper.getByLabel("Note").fill("Box from the potter");
    await helper.getByRole("button", { name: "Record", exact: true }).click();
    await expect.poll(() => helper.getByTestId("stock-total").textContent()).toBe("3");
    await openTab(owner, "Catalogue");
    await openItem(owner, "Green vase");
    await expect.poll(() => owner.getByTestId("stock-total").textContent()).toBe("3");

    // The stocktake: a counter counts in one a member started, and cannot start one.
    await openTab(helper, "Stocktake");
    await helper.getByText("you can count as soon as they do").waitFor();
    expect(await helper.getByRole("button", { name: "Start stocktake" }).count()).toBe(0);

    // Receiving by scanning: a handheld scanner types the SKU and presses Enter, once per unit.
    const receiveBox = helper.getByLabel("Scan a label or barcode, or type a SKU: each is one unit received");
    for (let unit = 0; unit < 2; unit++) {
      if (unit > 0) await nextUnit(helper);
      await receiveBox.click();
      await helper.keyboard.type("vase-1", { delay: 5 });
      await helper.keyboard.press("Enter");
    }
    // Each scan listed as the room has it, newest first, and the running tally to check against the slip.
    await expect
      .poll(() => helper.getByTestId("receive-outcome").getByRole("listitem").first().textContent())
      .toBe("Received: Green vase (5 at Main)saved");
    await expect
      .poll(() => helper.getByTestId("receive-tally").textContent())
      .toBe("Received so far at Main: 2 units — Green vase × 2");
    await expect.poll(() => owner.getByTestId("stock-total").textContent()).toBe("5");
    await expectLedgerAddsUp(owner, url);
  });
});
