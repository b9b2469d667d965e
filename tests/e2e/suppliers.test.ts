/**
 * Suppliers in Chromium (docs/buying.md), as a shop keeps them: an owner
 * adds one in Settings with the keyboard, a teammate sees it arrive live and
 * corrects its lead time (told in words when it is not whole days), and it
 * is archived rather than deleted.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, inviteByEmail, openTab, signUpWithRoom } from "../support/flows";

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
});
