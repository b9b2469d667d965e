/**
 * The room by keyboard alone: a skip link first; after adding an item the
 * focus is back in Title for the next; after Remove the focus stays where
 * the row was, Undo is a Tab away (not only F8's notification area), and
 * after Undo the focus is on the item's row again; and who is here can be
 * read without a mouse.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      name: element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "",
      id: element?.id ?? "",
    };
  });

describe("by keyboard", () => {
  it("skips to the content, keeps the focus where the work is, and reaches Undo and the names of who is here", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "keys@shop.example");
    await createRoom(page, "Keyboard shop");
    await page.reload();
    await page.getByLabel("Title", { exact: true }).waitFor();

    // The first Tab reaches "Skip to content"; Enter takes the focus past the header.
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "button", name: "Skip to content" });
    await page.keyboard.press("Enter");
    expect((await focused(page)).tag).toBe("main");

    // Adding by keyboard: after Enter the focus is back in Title, ready for the next item.
    await page.getByLabel("Title", { exact: true }).focus();
    await page.keyboard.type("Copper kettle");
    await page.keyboard.press("Enter");
    await page.getByTestId("item-row").filter({ hasText: "Copper kettle" }).waitFor();
    await expect.poll(async () => (await focused(page)).id).toBe("item-title");
    await page.keyboard.type("Brass bell");
    await page.keyboard.press("Enter");
    await page.getByTestId("item-row").filter({ hasText: "Brass bell" }).waitFor();

    // Remove by keyboard: the focus stays where the row was; Undo is the next Tab.
    await page.getByRole("button", { name: "Remove Copper kettle" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused(page)).name).toBe("Removed “Copper kettle”.");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "button", name: "Undo" });
    await page.keyboard.press("Enter");
    await page.getByTestId("item-row").filter({ hasText: "Copper kettle" }).waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe("Remove Copper kettle");

    // Who is here, without a mouse: the row of initials opens the names.
    await page.getByRole("button", { name: /Who is here/ }).focus();
    await page.keyboard.press("Enter");
    const names = page.getByTestId("presence-names");
    await names.getByText("keys@shop.example (you)").waitFor();
    await page.keyboard.press("Escape");
    await names.waitFor({ state: "detached" });
    await context.close();
  });
});
