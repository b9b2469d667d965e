/**
 * A big room (more than LIMITS.BIG_ROOM items) with no line, in Chromium:
 * the stocktake counts against the whole catalogue kept on the device, so a
 * code typed in a basement finds an item no window holds, counts it at once
 * and, back online, is counted once; an edit made with no line shows in the
 * catalogue's offline list, which is that same copy (docs/architecture.md §5).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callAsUser } from "../support/ddp-script";
import { setUpServerAndBrowser } from "../support/e2e";
import { applyStocktake, openTab, signUp } from "../support/flows";
import { seedItems } from "../support/legacy-seed";
import { type CuttableLine, cuttableLine } from "../support/line";

const e2e = setUpServerAndBrowser();
const ITEMS = 6_000;
const WOODS = ["Oak", "Walnut", "Cherry", "Maple", "Ash", "Birch"];
/** Items whose quantity is above 0 (quantity i % 9): expected in a stocktake. */
const EXPECTED = ITEMS - Math.ceil(ITEMS / 9);
/** The copy is made a page of 1,000 at a time: generous, for a slow, loaded machine. */
const COPY_TIMEOUT = 90_000;

/** A new person with a big room of their own, opened with a line the test can cut. */
async function bigRoom(email: string, name: string): Promise<{ page: Page; line: CuttableLine; roomId: string }> {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const line = await cuttableLine(page);
  await signUp(page, e2e.server.url, email);
  const token = (await page.evaluate(() => localStorage.getItem("stockroom.loginToken"))) as string;
  const [roomId] = (await callAsUser(e2e.server.url, "/api/websocket", token, [
    { method: "rooms.create", params: [name] },
  ])) as [string];
  const now = Date.now();
  seedItems(e2e.server.stateDir, roomId, ITEMS, (i) => ({
    title: `${WOODS[i % WOODS.length]} plank ${i}`,
    sku: `TY-${i}`,
    quantity: i % 9,
    createdAt: now - (ITEMS - i) * 1000,
  }));
  await page.goto(`${e2e.server.url}/rooms/${roomId}`);
  await page.getByTestId("item-row").first().waitFor({ timeout: 30_000 });
  return { page, line, roomId };
}

const figure = (page: Page, id: string) => page.getByTestId(id).textContent();

describe("a big room with no line", () => {
  it("counts a code typed offline against the copy on the device, and counts it once when back", async () => {
    const { page, line } = await bigRoom("basement.count@shop.example", "Deep store");
    await openTab(page, "Stocktake");
    await page.getByRole("button", { name: "Start stocktake" }).click();
    await page.getByRole("heading", { name: "Stocktake under way" }).waitFor();
    const status = page.getByTestId("copy-status");
    await expect
      .poll(() => status.textContent(), { timeout: COPY_TIMEOUT })
      .toBe(`Kept on this device for use offline: ${ITEMS.toLocaleString()} items.`);
    // Every item of the room is expected, not only the ones the screen's windows hold.
    await expect.poll(() => figure(page, "items-unseen")).toBe(EXPECTED.toLocaleString());

    const sent: string[] = [];
    page.on("websocket", (socket) =>
      socket.on("framesent", (frame) => {
        if (typeof frame.payload === "string" && frame.payload.includes('"stocktake.scan"')) sent.push(frame.payload);
      }),
    );
    await line.cut();
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toBe(`No line: counting against the copy kept on this device (${ITEMS.toLocaleString()} items).`);

    // Oak plank 42 is one of the oldest: in no window. Typed, it is found in the copy and counted at once.
    await page.getByLabel("Scan a label or type a SKU").click();
    await page.keyboard.type("TY-42");
    await page.keyboard.press("Enter");
    await page.getByTestId("scan-outcome").filter({ hasText: "Counted: Oak plank 42" }).waitFor();
    await expect.poll(() => figure(page, "items-counted")).toBe("1");
    await expect.poll(() => figure(page, "items-unseen")).toBe((EXPECTED - 1).toLocaleString());
    await expect.poll(() => figure(page, "items-differing")).toBe("1");
    const firstRow = page.getByTestId("stocktake-table").getByRole("row").nth(1);
    await expect.poll(() => firstRow.textContent()).toContain("Oak plank 42");
    await page.getByTestId("recent-scans").getByText("Oak plank 42").waitFor();
    const badge = page.getByTestId("connection-badge");
    await expect.poll(() => badge.getByTestId("changes-waiting").textContent()).toBe(" · 1 change waiting");
    expect(sent).toHaveLength(0);

    // Back online: the scan goes once and the room has it once.
    await line.back();
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe("Live");
    await expect.poll(() => figure(page, "items-counted")).toBe("1");
    expect(sent).toHaveLength(1);
    await page.reload();
    await page.getByRole("heading", { name: "Stocktake under way" }).waitFor({ timeout: 30_000 });
    await expect.poll(() => figure(page, "items-counted"), { timeout: 30_000 }).toBe("1");
    await expect.poll(() => figure(page, "items-differing"), { timeout: 30_000 }).toBe("1");

    // Applied, the counted quantity (1, not 2) is the item's.
    await applyStocktake(page, "Stocktake applied: 1 item updated.", 30_000);
    // It stays on record with what it set: 6 → 1, the one count.
    const past = page.getByTestId("past-stocktakes");
    await past.getByText("What it changed").click();
    await past.getByText("Oak plank 42: 6 → 1").waitFor();
    await page.context().close();
  }, 240_000);

  it("shows an edit made with no line in the list of the copy kept on the device", async () => {
    const { page, line } = await bigRoom("basement.edit@shop.example", "Deep shelves");
    const status = page.getByTestId("copy-status");
    await expect
      .poll(() => status.textContent(), { timeout: COPY_TIMEOUT })
      .toBe(`Kept on this device for use offline: ${ITEMS.toLocaleString()} items.`);
    await line.cut();
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toBe(`No line: the list is the copy kept on this device (${ITEMS.toLocaleString()} items).`);
    await expect.poll(() => page.getByTestId("item-count").textContent()).toBe(`(${ITEMS.toLocaleString()})`);

    // The newest item, first in the list: its quantity changed with no line shows in the copy's list.
    const row = page.getByTestId("item-row").filter({ hasText: "TY-5999" });
    const quantity = row.getByRole("button", { name: "Edit quantity of Birch plank 5999" });
    await expect.poll(() => quantity.locator(".cell-value").textContent()).toBe("5");
    await quantity.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("77");
    await page.keyboard.press("Enter");
    await expect.poll(() => quantity.locator(".cell-value").textContent()).toBe("77");
    await row.getByRole("img", { name: "Not saved yet" }).waitFor();
    // Sorted and filtered in the browser with the edit in it: the most in stock comes first.
    await page.getByRole("button", { name: "Qty", exact: true }).click();
    await expect.poll(() => page.getByTestId("item-row").first().textContent()).toContain("TY-5999");

    // Back online, the edit is saved and the list is the server's window again, with it.
    await line.back();
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toBe(`Kept on this device for use offline: ${ITEMS.toLocaleString()} items.`);
    await row.getByRole("img", { name: "Not saved yet" }).waitFor({ state: "detached", timeout: 30_000 });
    await expect.poll(() => page.getByTestId("item-row").first().textContent()).toContain("TY-5999");
    await expect.poll(() => quantity.locator(".cell-value").textContent()).toBe("77");
    await page.context().close();
  }, 240_000);
});
