/**
 * Suppliers in Chromium (docs/buying.md), as a shop keeps them: an owner
 * adds one in Settings with the keyboard, a teammate sees it arrive live and
 * corrects its lead time (told in words when it is not whole days), and it
 * is archived rather than deleted.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, addItem, inviteByEmail, openTab, signUpWithRoom } from "../support/flows";

const e2e = setUpServerAndBrowser();

describe("suppliers", () => {
  it("are added by the keyboard, seen live by a teammate who corrects one, and archived", async () => {
    const url = e2e.server.url;
    const owner = await (await e2e.browser.newContext()).newPage();
    const { roomUrl } = await signUpWithRoom(owner, url, "owner.suppliers@shop.example", "Buying");
    await inviteByEmail(owner, "sam.suppliers@shop.example");
    const sam = await (await e2e.browser.newContext()).newPage();
    await acceptInvitation(sam, url, "sam.suppliers@shop.example", "Buying", roomUrl);
    await openTab(sam, "Settings");
    await sam.getByTestId("no-suppliers").waitFor();

    await openTab(owner, "Settings");
    const form = owner.getByRole("form", { name: "Add a supplier" });
    await form.getByLabel("Supplier name").fill("Acme Ceramics");
    await owner.keyboard.press("Tab");
    await owner.keyboard.type("Ada");
    await owner.keyboard.press("Tab");
    await owner.keyboard.type("orders@acme.example");
    await owner.keyboard.press("Tab");
    await owner.keyboard.type("7");
    await owner.keyboard.press("Enter");
    await owner.getByTestId("suppliers").getByText("Acme Ceramics", { exact: true }).waitFor();
    await expect.poll(() => form.getByLabel("Supplier name").inputValue()).toBe("");

    // Sam sees it arrive, and corrects the lead time.
    const listed = sam.getByTestId("suppliers").getByRole("listitem").filter({ hasText: "Acme Ceramics" });
    await listed.getByText("Ada · 7 days to deliver").waitFor();
    await listed.getByRole("button", { name: "Edit Acme Ceramics" }).click();
    const edit = sam.getByRole("form", { name: "Edit Acme Ceramics" });
    await edit.getByLabel("Lead time (days)").fill("two");
    await edit.getByRole("button", { name: "Save" }).click();
    await sam.getByRole("alert").filter({ hasText: "A lead time must be whole days" }).waitFor();
    await edit.getByLabel("Lead time (days)").fill("10");
    await edit.getByRole("button", { name: "Save" }).click();
    await owner
      .getByTestId("suppliers")
      .getByRole("listitem")
      .filter({ hasText: "Acme Ceramics" })
      .getByText("Ada · 10 days to deliver")
      .waitFor();

    // A second one by the same name, in another case, is refused in words.
    await form.getByLabel("Supplier name").fill("acme ceramics");
    await form.getByRole("button", { name: "Add supplier" }).click();
    await owner.getByRole("alert").filter({ hasText: "There is a supplier called “Acme Ceramics” already" }).waitFor();

    await owner.getByRole("button", { name: "Archive Acme Ceramics" }).click();
    await sam.getByRole("button", { name: "Bring back Acme Ceramics" }).waitFor();
    await listed.getByText("(archived)").waitFor();
  });

  it("are chosen on an item's page, and a receipt at a new cost values its stock at the average", async () => {
    const url = e2e.server.url;
    const page = await (await e2e.browser.newContext()).newPage();
    await signUpWithRoom(page, url, "owner.costs@shop.example", "Costs");
    await openTab(page, "Settings");
    await page.getByRole("form", { name: "Add a supplier" }).getByLabel("Supplier name").fill("Pine Pottery");
    await page.keyboard.press("Enter");
    await page.getByTestId("suppliers").getByText("Pine Pottery", { exact: true }).waitFor();

    await openTab(page, "Catalogue");
    await addItem(page, { title: "Vase", sku: "VASE-1", quantity: "4" });
    await page
      .getByTestId("item-row")
      .filter({ hasText: "VASE-1" })
      .getByRole("link", { name: "Open Vase" })
      .last()
      .click();
    await page.getByTestId("item-page-title").filter({ hasText: "Vase" }).waitFor();
    await page.getByLabel("Cost", { exact: true }).fill("4.00");
    await page.keyboard.press("Enter");
    await page.getByLabel("Supplier", { exact: true }).selectOption({ label: "Pine Pottery" });
    await page.getByLabel("Supplier SKU", { exact: true }).fill("PP-VASE");
    await page.keyboard.press("Enter");
    await page.getByTestId("item-history").getByText("changed supplier from nothing to Pine Pottery").waitFor();

    // Four more arrive at 6.00 each: the cost is 6.00, the eight in stock are worth 5.00 each.
    await page.getByRole("button", { name: "Record a change" }).click();
    await page.getByLabel("Why").selectOption({ label: "Received" });
    await page.getByLabel("Units added").fill("4");
    await page.getByLabel(/^Cost each/).fill("6.00");
    await page.keyboard.press("Enter");
    await page.getByTestId("average-cost").getByText("valued at $5.00 a unit", { exact: false }).waitFor();
    await expect.poll(() => page.getByLabel("Cost", { exact: true }).inputValue()).toBe("6.00");
    await expect.poll(() => page.getByLabel("Supplier SKU", { exact: true }).inputValue()).toBe("PP-VASE");
  });
});
