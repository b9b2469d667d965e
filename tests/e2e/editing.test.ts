/**
 * Editing without losing anything, as a person does it in Chromium: a
 * double-click (or two quick clicks) on Remove removes only the row aimed
 * at, which stays as "Removed · Undo" for a moment; what is typed on the
 * item page is saved on leaving a field, even by a tab, the back link or a
 * reload; and a field changed by someone else while it is being edited says
 * so, and lets the person keep theirs or take the new value.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, addItem, createRoom, inviteByEmail, openItem, openTab, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

const titles = (page: Page) => page.getByTestId("item-title").allTextContents();

describe("removing items", () => {
  it("removes only the row aimed at, by a double-click or two quick clicks, and Undo brings it back", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "remover@shop.example");
    await createRoom(page, "Removals");
    for (const title of ["Lamp", "Vase", "Bowl", "Cup"]) await addItem(page, { title: title });
    expect(await titles(page)).toEqual(["Cup", "Bowl", "Vase", "Lamp"]);

    // A double-click on Bowl's Remove: Bowl goes, and the row below (Vase) is untouched.
    await page.getByRole("button", { name: "Remove Bowl" }).dblclick();
    const removed = page.getByTestId("removed-row");
    await removed.filter({ hasText: "Removed “Bowl”" }).waitFor();
    expect(await titles(page)).toEqual(["Cup", "Vase", "Lamp"]);

    // Two clicks a quarter of a second apart on the same spot, over Cup's Remove.
    const box = await page.getByRole("button", { name: "Remove Cup" }).boundingBox();
    if (!box) throw new Error("no Remove button for Cup");
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.click(x, y);
    await page.waitForTimeout(250);
    await page.mouse.click(x, y);
    await removed.filter({ hasText: "Removed “Cup”" }).waitFor();
    expect(await titles(page)).toEqual(["Vase", "Lamp"]);

    // Undo, next to what it undoes, brings Cup back.
    await removed.filter({ hasText: "Cup" }).getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => titles(page)).toEqual(["Cup", "Vase", "Lamp"]);

    // The stand-in collapses after a few seconds; the server has the same three items after a reload.
    await removed.waitFor({ state: "detached", timeout: 20_000 });
    await page.reload();
    await page.getByTestId("item-row").first().waitFor();
    await expect.poll(() => titles(page)).toEqual(["Cup", "Vase", "Lamp"]);
    await context.close();
  });
});

describe("the item page", () => {
  it("saves what is typed when the person leaves by a tab, the back link or a reload", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "typist@shop.example");
    await createRoom(page, "Typing");
    await addItem(page, { title: "Teapot" });
    await openItem(page, "Teapot");

    // Typed, then straight to another tab of the room: saved on the way out.
    await page.getByLabel("Description").fill("Hand-thrown, with a blue glaze.");
    await openTab(page, "Dashboard");
    await page.waitForURL(/\/dashboard$/);
    await openTab(page, "Catalogue");
    await openItem(page, "Teapot");
    await expect.poll(() => page.getByLabel("Description").inputValue()).toBe("Hand-thrown, with a blue glaze.");

    // Typed, then "← Catalogue": the list shows the new SKU.
    await page.getByLabel("SKU", { exact: true }).fill("TP-1");
    await page.getByRole("link", { name: "← Catalogue" }).click();
    await expect.poll(() => page.getByTestId("item-row").filter({ hasText: "Teapot" }).textContent()).toContain("TP-1");

    // Typed, then the page is reloaded before the field is left: the room saves it when it opens again.
    await openItem(page, "Teapot");
    await page.getByLabel("Tags").fill("kitchen, blue");
    await page.reload();
    const history = page.getByTestId("item-history");
    await expect
      .poll(() => history.textContent(), { timeout: 20_000 })
      .toContain("changed tags from no tags to kitchen, blue");
    expect(await page.getByLabel("Tags").inputValue()).toBe("kitchen, blue");
    expect(await history.textContent()).toContain("changed SKU from nothing to TP-1");

    // What one costs, and its weight as a person writes it: each saves with Enter, and reads back in its unit.
    await page.getByLabel("Cost", { exact: true }).fill("6.50");
    await page.getByLabel("Cost", { exact: true }).press("Enter");
    await page.getByLabel("Weight", { exact: true }).fill("1.5 kg");
    await page.getByLabel("Weight", { exact: true }).press("Enter");
    await expect.poll(() => history.textContent()).toContain("changed weight from nothing to 1,500 g");
    expect(await history.textContent()).toMatch(/changed cost from nothing to \S*6\.50/);
    await page.reload();
    await expect.poll(() => page.getByLabel("Weight", { exact: true }).inputValue()).toBe("1.5 kg");
    expect(await page.getByLabel("Cost", { exact: true }).inputValue()).toBe("6.50");
    await context.close();
  });

  it("leaves alone what is still being typed in another tab of the browser", async () => {
    const context = await e2e.browser.newContext();
    const first = await context.newPage();
    await signUp(first, e2e.server.url, "two-tabs-typist@shop.example");
    await createRoom(first, "Two tabs");
    await addItem(first, { title: "Kettle" });
    await openItem(first, "Kettle");
    // Typing in the first tab, not yet left, when a second tab opens the same item.
    await first.getByLabel("Description").fill("Half-typed");
    const second = await context.newPage();
    await second.goto(first.url());
    await second.getByTestId("item-page-title").filter({ hasText: "Kettle" }).waitFor();
    // A change made in the second tab is saved after anything it would have taken from the first.
    await second.getByLabel("SKU", { exact: true }).fill("KT-1");
    await second.getByLabel("SKU", { exact: true }).press("Enter");
    const history = second.getByTestId("item-history");
    await expect.poll(() => history.textContent(), { timeout: 20_000 }).toContain("changed SKU from nothing to KT-1");
    expect(await history.textContent()).not.toContain("edited the description");
    expect(await first.getByLabel("Description").inputValue()).toBe("Half-typed");

    // The first tab goes on typing and leaves the field: its text is saved, once, with no conflict.
    await first.getByLabel("Description").press("End");
    await first.keyboard.type(", now finished.");
    await first.getByLabel("Description").press("Tab");
    await expect
      .poll(() => second.getByLabel("Description").inputValue(), { timeout: 20_000 })
      .toBe("Half-typed, now finished.");
    await expect.poll(async () => (await history.textContent())?.match(/edited the description/g)?.length).toBe(1);
    expect(await first.getByTestId("edit-conflict").count()).toBe(0);
    await context.close();
  });
});

describe("two people editing one field", () => {
  it("tells the person editing that someone changed it, and lets them keep theirs or take the new value", async () => {
    const ownerContext = await e2e.browser.newContext();
    const owner = await ownerContext.newPage();
    await signUp(owner, e2e.server.url, "owner-conflict@shop.example");
    await createRoom(owner, "Conflicts");
    const roomUrl = owner.url();
    await addItem(owner, { title: "Jug" });
    await inviteByEmail(owner, "sam-conflict@shop.example");
    const samContext = await e2e.browser.newContext();
    const sam = await samContext.newPage();
    await acceptInvitation(sam, e2e.server.url, "sam-conflict@shop.example", "Conflicts", roomUrl);
    await openTab(owner, "Catalogue");
    const ownerRow = owner.getByTestId("item-row").filter({ hasText: "Jug" });
    const samRow = sam.getByTestId("item-row").filter({ hasText: "Jug" });
    await samRow.waitFor();

    // The owner starts typing a price on the item page; Sam sets another in the catalogue meanwhile.
    await openItem(owner, "Jug");
    const price = owner.getByLabel("Price", { exact: true });
    await price.fill("20");
    await samRow.getByRole("button", { name: /edit price of Jug/ }).click();
    await samRow.getByLabel("Edit price of Jug").fill("15");
    await samRow.getByLabel("Edit price of Jug").press("Enter");
    const conflict = owner.getByTestId("edit-conflict");
    await conflict.filter({ hasText: "sam-conflict@shop.example changed this to" }).waitFor();
    expect(await conflict.textContent()).toMatch(/15\.00 while you were editing/);
    // What the owner typed is still there; leaving the field does not overwrite Sam's price unasked.
    expect(await price.inputValue()).toBe("20");
    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await expect.poll(() => samRow.textContent()).toContain("20.00");
    expect(await conflict.count()).toBe(0);

    // In the catalogue: the owner edits the title cell while Sam renames the item; the owner takes Sam's.
    await owner.getByRole("link", { name: "← Catalogue" }).click();
    await ownerRow.getByRole("button", { name: /edit title of Jug/ }).click();
    await ownerRow.getByLabel("Edit title of Jug").fill("Milk jug");
    await samRow.getByRole("button", { name: /edit title of Jug/ }).click();
    await samRow.getByLabel("Edit title of Jug").fill("Jug, blue");
    await samRow.getByLabel("Edit title of Jug").press("Enter");
    const cellConflict = owner.getByTestId("edit-conflict");
    await cellConflict.filter({ hasText: "changed this to “Jug, blue” while you were editing" }).waitFor();
    await cellConflict.getByRole("button", { name: "Take theirs" }).click();
    await expect.poll(() => titles(owner)).toEqual(["Jug, blue"]);
    expect(await owner.getByLabel(/^Edit title of/).count()).toBe(0);
    await ownerContext.close();
    await samContext.close();
  });
});
