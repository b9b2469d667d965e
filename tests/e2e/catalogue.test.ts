/**
 * The catalogue in Chromium: sorting, tag filter and search, the item page
 * (every field, photo reorder by keyboard, history), a bulk status change,
 * the label sheet printing only the selected items, the share page opened
 * without an account, and a list of many items drawn in a window.
 */
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callAsUser } from "../support/ddp-script";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

const titles = (page: Page) => page.getByTestId("item-title").allTextContents();

describe("the catalogue", () => {
  it("sorts, filters by tag, edits on the item page with history, changes status in bulk and prints labels", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "catalogue@shop.example");
    await createRoom(page, "Ceramics");
    const roomUrl = page.url();
    await addItem(page, { title: "Blue vase", sku: "V-1", price: "24.50" });
    await addItem(page, { title: "Red bowl", sku: "B-1", price: "12" });
    await addItem(page, { title: "Green cup", sku: "C-1", price: "8" });

    // Newest first by default; a column header sorts, a second click reverses.
    expect(await titles(page)).toEqual(["Green cup", "Red bowl", "Blue vase"]);
    await page.getByRole("button", { name: "Price", exact: true }).click();
    await expect.poll(() => titles(page)).toEqual(["Blue vase", "Red bowl", "Green cup"]);
    expect(await page.getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe("descending");
    await page.getByRole("button", { name: "Price", exact: true }).click();
    await expect.poll(() => titles(page)).toEqual(["Green cup", "Red bowl", "Blue vase"]);

    // The item page: every field, two photos reordered from the keyboard, and the history of it all.
    await page.getByRole("link", { name: "Open Red bowl" }).last().click();
    await page.getByTestId("item-page-title").filter({ hasText: "Red bowl" }).waitFor();
    // Each field saves as it is left (Tab) or with Enter; a wrong value says why and is not saved.
    await page.getByLabel("Tags").fill("ceramics, red");
    await page.getByLabel("Tags").press("Tab");
    await page.getByLabel("Shelf").fill("Shelf B3");
    await page.getByLabel("Shelf").press("Enter");
    await page.getByLabel("Quantity").fill("-2");
    await page.getByLabel("Quantity").press("Enter");
    await page.getByRole("alert").filter({ hasText: "Quantity must be a whole number, 0 or more" }).waitFor();
    await page.getByLabel("Quantity").fill("3");
    await page.getByLabel("Quantity").press("Enter");
    const history = page.getByTestId("item-history");
    await expect.poll(() => history.textContent()).toContain("changed quantity from 1 to 3");
    await expect.poll(() => history.textContent()).toContain("changed tags from no tags to ceramics, red");
    expect(await history.textContent()).toContain("changed shelf from nothing to Shelf B3");
    expect(await history.textContent()).toContain("created this item");

    const photos = resolve("tests/fixtures/photos");
    await page.getByTestId("item-photo-input").setInputFiles([`${photos}/plain.jpg`, `${photos}/vase-xmp.jpg`]);
    const gallery = page.getByTestId("gallery-photo");
    await expect.poll(() => gallery.count(), { timeout: 30_000 }).toBe(2);
    const order = () => gallery.evaluateAll((items) => items.map((item) => item.getAttribute("data-photo-id")));
    const [first, second] = await order();
    await gallery.nth(1).focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(order).toEqual([second, first]);
    await expect.poll(() => history.textContent()).toContain("reordered the photos");
    // The moved photo keeps the focus, so pressing again moves it back.
    await page.keyboard.press("ArrowRight");
    await expect.poll(order).toEqual([first, second]);

    // The share page opens without an account and shows no internal fields.
    const shareLink = await page.getByTestId("share-link").getAttribute("href");
    // A short link, so the printed code needs few modules.
    expect(shareLink).toMatch(/\/s\/[A-Za-z0-9]{10}$/);
    const visitor = await e2e.browser.newContext();
    const shared = await visitor.newPage();
    await shared.goto(shareLink as string);
    await shared.getByTestId("shared-title").filter({ hasText: "Red bowl" }).waitFor();
    // The shop's name heads the page, and the tab is named after the item and the shop.
    expect(await shared.getByTestId("shop-name").textContent()).toBe("Ceramics");
    expect(await shared.title()).toBe("Red bowl · Ceramics · Stockroom");
    expect(await shared.textContent("main")).toContain("12.00");
    expect(await shared.textContent("main")).not.toContain("Shelf B3");
    await shared.goto(`${(shareLink as string).slice(0, -4)}AAAA`);
    await shared.getByText("Item not available").waitFor();
    await visitor.close();

    // Back in the list: filter by tag, then search.
    await page.goto(roomUrl);
    await page.getByLabel("Filter by tag").selectOption("ceramics");
    await expect.poll(() => titles(page)).toEqual(["Red bowl"]);
    // The filter is in the address, so a reload (or a shared link) keeps it.
    expect(new URL(page.url()).searchParams.get("tag")).toBe("ceramics");
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(["Red bowl"]);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("Search items").fill("V-1");
    await expect.poll(() => titles(page)).toEqual(["Blue vase"]);
    await page.getByLabel("Search items").fill("");

    // Bulk: two selected items listed at once.
    await page.getByLabel("Select Blue vase").check();
    await page.getByLabel("Select Green cup").check();
    await page.getByLabel("Status for selected items").selectOption("listed");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("status").filter({ hasText: "2 set to listed" }).waitFor();
    const statusOf = (title: string) =>
      page.getByTestId("item-row").filter({ hasText: title }).getByTestId("item-status").getAttribute("data-status");
    expect(await statusOf("Blue vase")).toBe("listed");
    expect(await statusOf("Green cup")).toBe("listed");
    expect(await statusOf("Red bowl")).toBe("draft");

    // Labels for the selection: printing shows the sheet and nothing else.
    await page.getByRole("button", { name: "Print labels" }).click();
    const sheet = page.getByRole("region", { name: "Label sheet" });
    await expect.poll(() => sheet.getByRole("img", { name: "Scan me!" }).count(), { timeout: 20_000 }).toBe(2);
    await page.emulateMedia({ media: "print" });
    const printed = (await sheet.textContent()) ?? "";
    expect(printed).toContain("Blue vase");
    expect(printed).toContain("Green cup");
    expect(printed).not.toContain("Red bowl");
    expect(await page.getByTestId("item-table").isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });

    // One label per unit: Red bowl, 3 in stock, gets 3 labels.
    await page.getByRole("button", { name: "Close labels" }).click();
    await page.getByLabel("Select Blue vase").uncheck();
    await page.getByLabel("Select Green cup").uncheck();
    await page.getByLabel("Select Red bowl").check();
    await page.getByRole("button", { name: "Print labels" }).click();
    await expect.poll(() => sheet.getByTestId("qr-label").count(), { timeout: 20_000 }).toBe(1);
    await page.getByLabel(/One label per unit in stock/).check();
    await expect.poll(() => sheet.getByTestId("qr-label").filter({ hasText: "Red bowl" }).count()).toBe(3);
    expect(await sheet.textContent()).toContain("3 labels, 1 page");
    await context.close();
  });

  it("edits cells in place by pointer and keyboard, changes status from the badge's menu, and undoes a removal", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "inline@shop.example");
    await createRoom(page, "Lamps");
    await addItem(page, { title: "Brass lamp", sku: "L-1", price: "30" });
    const row = page.getByTestId("item-row").filter({ hasText: "L-1" });

    // A real click on the title opens the field with the current value; typing and Enter saves.
    await row.getByRole("button", { name: "Edit title of Brass lamp" }).click();
    const titleInput = row.getByRole("textbox", { name: "Edit title of Brass lamp" });
    expect(await titleInput.inputValue()).toBe("Brass lamp");
    await titleInput.fill("Brass desk lamp");
    await page.keyboard.press("Enter");
    await expect.poll(() => row.getByTestId("item-title").textContent()).toBe("Brass desk lamp");

    // Keyboard only: focus stays on the saved cell; Tab to the price, Enter edits, Enter saves.
    await page.keyboard.press("Tab"); // the row's Open link
    await page.keyboard.press("Tab"); // the price
    await page.keyboard.press("Enter");
    const priceInput = row.getByRole("textbox", { name: "Edit price of Brass desk lamp" });
    await priceInput.waitFor();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("45");
    await page.keyboard.press("Enter");
    const price = row.getByRole("button", { name: "Edit price of Brass desk lamp" });
    await expect.poll(() => price.textContent()).toContain("45.00");

    // Esc leaves the value as it was.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("99");
    await page.keyboard.press("Escape");
    await expect.poll(() => price.textContent()).toContain("45.00");

    // A value the field cannot take is refused in words, next to the field, and nothing is sent.
    await price.click();
    await priceInput.fill("twelve");
    await page.keyboard.press("Enter");
    await row.getByRole("alert").filter({ hasText: "Price must be a number like 12.50, not negative" }).waitFor();
    await page.keyboard.press("Escape");

    // Space opens the quantity too, and leaving the field saves it.
    await page.keyboard.press("Tab"); // from the price to the quantity
    await page.keyboard.press("Space");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("7");
    await page.keyboard.press("Tab");
    await expect
      .poll(() =>
        row.getByRole("button", { name: "Edit quantity of Brass desk lamp" }).locator(".cell-value").textContent(),
      )
      .toBe("7");

    // The status badge opens a menu: by pointer, then by keyboard.
    const badge = row.getByTestId("item-status");
    expect(await badge.getAttribute("data-status")).toBe("draft");
    await badge.click();
    await page.getByRole("menuitemradio", { name: "Listed" }).click();
    await expect.poll(() => badge.getAttribute("data-status")).toBe("listed");
    await badge.press("Enter");
    const sold = page.getByRole("menuitemradio", { name: "Sold" });
    await sold.waitFor();
    // Type-ahead, as in any menu: "s" moves to Sold; Enter chooses it.
    await page.keyboard.press("s");
    await expect.poll(() => sold.evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => badge.getAttribute("data-status")).toBe("sold");

    // Everything above was saved on the server: a reload shows it.
    await page.reload();
    await expect.poll(() => row.getByTestId("item-title").textContent()).toBe("Brass desk lamp");
    expect(
      await row.getByRole("button", { name: "Edit price of Brass desk lamp" }).locator(".cell-value").textContent(),
    ).toContain("45.00");
    expect(await row.getByTestId("item-status").getAttribute("data-status")).toBe("sold");

    // Remove asks nothing; the row stays in place as "Removed · Undo", and Undo brings the item back as it was.
    await row.getByRole("button", { name: "Remove Brass desk lamp" }).click();
    const removed = page.getByTestId("removed-row").filter({ hasText: "Removed “Brass desk lamp”" });
    await removed.waitFor();
    expect(await row.count()).toBe(0);
    await removed.getByRole("button", { name: "Undo" }).click();
    await row.waitFor();
    expect(await row.getByTestId("item-title").textContent()).toBe("Brass desk lamp");
    expect(await row.getByTestId("item-status").getAttribute("data-status")).toBe("sold");
    expect(
      await row.getByRole("button", { name: "Edit quantity of Brass desk lamp" }).locator(".cell-value").textContent(),
    ).toBe("7");
    await context.close();
  });

  it("opens a menu pressed before its code has arrived, by pointer and by keyboard", async () => {
    // The menus' code is fetched when the browser is idle; on a slow line a person can press first.
    const context = await e2e.browser.newContext();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await context.route(/\/assets\/RadixMenu-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "slowmenu@shop.example");
    await createRoom(page, "Slow line");
    await addItem(page, { title: "Tin jug", sku: "J-1", price: "9" });
    const badge = page.getByTestId("item-row").filter({ hasText: "Tin jug" }).getByTestId("item-status");

    await badge.click();
    await expect.poll(() => asked).toBe(true);
    expect(await page.getByRole("menu").count()).toBe(0);
    release();
    await page.getByRole("menuitemradio", { name: "Ready" }).click();
    await expect.poll(() => badge.getAttribute("data-status")).toBe("ready");

    // Now the code is here: Enter opens it, Esc closes it and focus is back on the badge.
    await badge.press("Enter");
    await page.getByRole("menuitemradio", { name: "Listed" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    expect(await badge.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });

  it("draws only the rows near the viewport of a long list, and reaches the last one by scrolling", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "many@shop.example");
    await createRoom(page, "Warehouse");
    await page.getByText("No items yet").waitFor();
    // 400 items from a script with this user's login, as fast as the server lets it.
    const token = await page.evaluate(() => localStorage.getItem("stockroom.loginToken"));
    const roomId = page.url().split("/").pop() as string;
    const calls = Array.from({ length: 400 }, (_, i) => ({
      method: "items.add",
      params: [{ title: `Box ${String(i).padStart(3, "0")}`, quantity: i }],
    }));
    await callAsUser(e2e.server.url, `/api/rooms/${roomId}/websocket`, token as string, calls);
    await expect.poll(() => page.getByTestId("item-count").textContent(), { timeout: 30_000 }).toBe("(400)");
    const drawn = await page.getByTestId("item-row").count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(80);
    await page.getByRole("button", { name: "Title", exact: true }).click();
    await page.keyboard.press("End");
    await page.getByTestId("item-row").filter({ hasText: "Box 399" }).waitFor();
    // The list may draw the last rows a frame before it drops the first ones.
    await expect.poll(() => page.getByTestId("item-row").filter({ hasText: "Box 000" }).count()).toBe(0);
    await context.close();
    // The script waits out the room's call budget (150 per 10 s per connection): allow for it.
  }, 180_000);
});
