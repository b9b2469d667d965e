/**
 * Edits show at once (latency compensation) in Chromium: with the server's
 * answers held back on the line, an edit is on screen with a "not saved
 * yet" mark; when the answers arrive the mark goes and the value stays; a
 * change the server refuses goes back, with the server's reason in words.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

/**
 * Routes the room's socket through the test: while `hold` is on, frames from
 * the server are kept back (a slow line); `release()` sends them on, in order.
 */
async function holdableLine(page: Page) {
  let hold = false;
  const held: (string | Buffer)[] = [];
  let toPage: ((frame: string | Buffer) => void) | null = null;
  await page.routeWebSocket(/\/api\/rooms\/[^/]+\/websocket/, (socket) => {
    const server = socket.connectToServer();
    toPage = (frame) => socket.send(frame);
    server.onMessage((frame) => {
      if (hold) held.push(frame);
      else socket.send(frame);
    });
  });
  return {
    holdAnswers() {
      hold = true;
    },
    release() {
      hold = false;
      for (const frame of held.splice(0)) toPage?.(frame);
    },
  };
}

describe("edits at once", () => {
  it("shows an edit before the server answers, marked until it does, and keeps it", async () => {
    const page = await (await e2e.browser.newContext()).newPage();
    const line = await holdableLine(page);
    await signUp(page, e2e.server.url, "quick@shop.example");
    await createRoom(page, "Quick edits");
    await addItem(page, { title: "Oak stool", sku: "OS-1" });
    const row = page.getByTestId("item-row").filter({ hasText: "OS-1" });

    line.holdAnswers();
    await row.getByRole("button", { name: "Edit title of Oak stool" }).click();
    await row.getByRole("textbox", { name: "Edit title of Oak stool" }).fill("Oak bar stool");
    await page.keyboard.press("Enter");
    // On screen at once, with the mark, though nothing has come back from the server.
    await expect.poll(() => row.getByTestId("item-title").textContent()).toBe("Oak bar stool");
    await row.getByRole("img", { name: "Not saved yet" }).waitFor();

    line.release();
    await row.getByRole("img", { name: "Not saved yet" }).waitFor({ state: "detached" });
    expect(await row.getByTestId("item-title").textContent()).toBe("Oak bar stool");
    await page.reload();
    await expect.poll(() => row.getByTestId("item-title").textContent()).toBe("Oak bar stool");
  });

  it("takes back a change the server refuses, and says why", async () => {
    const page = await (await e2e.browser.newContext()).newPage();
    const line = await holdableLine(page);
    await signUp(page, e2e.server.url, "refused@shop.example");
    await createRoom(page, "Refused edits");
    await addItem(page, { title: "Walnut tray", sku: "WT-1" });
    await addItem(page, { title: "Linen napkins", sku: "LN-1" });
    await page
      .getByTestId("item-row")
      .filter({ hasText: "LN-1" })
      .getByRole("link", { name: "Open Linen napkins" })
      .last()
      .click();
    const heading = page.getByTestId("item-page-title");
    await heading.filter({ hasText: "Linen napkins" }).waitFor();

    // A new title, and a SKU another item has, each saved with Enter: both show at once; the server refuses the SKU.
    line.holdAnswers();
    const title = page.getByLabel("Title", { exact: true });
    const sku = page.getByLabel("SKU", { exact: true });
    await title.fill("Linen napkins, set of 4");
    await title.press("Enter");
    await expect.poll(() => heading.textContent()).toBe("Linen napkins, set of 4");
    await sku.fill("WT-1");
    await sku.press("Enter");
    await page.getByRole("status").filter({ hasText: "Not saved yet" }).first().waitFor();

    line.release();
    await page.getByRole("alert").filter({ hasText: "SKU WT-1 is already used in this room" }).waitFor();
    // The refused SKU is taken back (Esc shows the saved one); the title, which the server took, stays.
    await sku.press("Escape");
    await expect.poll(() => sku.inputValue()).toBe("LN-1");
    expect(await heading.textContent()).toBe("Linen napkins, set of 4");
  });
});
