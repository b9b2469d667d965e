/**
 * A count is a count at a moment and a place (docs/stock.md), in Chromium:
 * a shop with a market stall counts only its main room; a sale made after
 * the mugs were counted is kept; a phone that counted with no line sends
 * its counts after the owner applied, and they are kept and offered, then
 * applied. The ledger adds up at the end.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, applyStocktake, inviteByEmail, openTab, signUpWithRoom } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";
import { cuttableLine } from "../support/line";
import { nextUnit } from "../support/scanner";

const e2e = setUpServerAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function count(page: Page, sku: string, times = 1) {
  for (let n = 0; n < times; n++) {
    if (n > 0) await nextUnit(page);
    await page.getByLabel("Scan a label or type a SKU").fill(sku);
    await page.keyboard.press("Enter");
  }
}

const figure = (page: Page, id: string) => page.getByTestId(id).textContent();

/** The review's row for an item as its cells read. */
async function reviewRow(page: Page, title: string): Promise<string[]> {
  const row = page.getByTestId("stocktake-table").getByRole("row").filter({ hasText: title });
  return (await row.locator("td, th").allTextContents()).map((text) => text.trim());
}

describe("a stocktake at a moment and a place", () => {
  it("counts one location, keeps a later sale, and keeps counts that came after it was applied", async () => {
    const url = e2e.server.url;
    const alice = await (await e2e.browser.newContext()).newPage();
    const { roomUrl, script } = await signUpWithRoom(alice, url, "alice.moments@shop.example", "Moments");
    // The shop as it stands: a lamp at both places, mugs and jugs in the main room.
    const [stall, lamp, mug] = (await script([
      { method: "locations.add", params: ["Market stall"] },
      { method: "items.add", params: [{ title: "Lamp", sku: "LAMP", quantity: 6 }] },
      { method: "items.add", params: [{ title: "Mug", sku: "MUG", quantity: 2 }] },
      { method: "items.add", params: [{ title: "Jug", sku: "JUG", quantity: 5 }] },
    ])) as [string, string, string, string];
    await script([
      { method: "stock.adjust", params: [{ itemId: lamp, locationId: stall, quantity: 3, reason: "received" }] },
    ]);
    await inviteByEmail(alice, "bob.moments@shop.example");

    const bob = await (await e2e.browser.newContext(PHONE)).newPage();
    const line = await cuttableLine(bob);
    await acceptInvitation(bob, url, "bob.moments@shop.example", "Moments", roomUrl);

    // Alice counts the main room only: it is what is ticked unless she chooses more.
    await openTab(alice, "Stocktake");
    const where = alice.getByRole("group", { name: "Where are you counting?" });
    expect(await where.getByRole("checkbox", { name: "Main" }).isChecked()).toBe(true);
    expect(await where.getByRole("checkbox", { name: "Market stall" }).isChecked()).toBe(false);
    await alice.getByRole("button", { name: "Start stocktake" }).click();
    await alice.getByRole("heading", { name: "Stocktake under way at Main" }).waitFor();
    await openTab(bob, "Stocktake");
    await bob.getByRole("heading", { name: "Stocktake under way at Main" }).waitFor();

    // Three lamps on the main room's shelf (six recorded there; three at the stall, not counted today).
    await count(bob, "LAMP", 3);
    await expect.poll(() => reviewRow(alice, "Lamp")).toEqual(["Lamp", "6", "3", "—", "−3"]);
    // Two mugs counted, then one sold at the till (another device): the review says so, and nothing is to change.
    await count(alice, "MUG", 2);
    await expect.poll(() => reviewRow(alice, "Mug")).toEqual(["Mug", "2", "2", "—", "0"]);
    await script([
      {
        method: "stock.adjust",
        params: [{ itemId: mug, locationId: "main", quantity: -1, reason: "sold", priceCents: 900 }],
      },
    ]);
    await expect.poll(() => reviewRow(alice, "Mug")).toEqual(["Mug", "1", "2", "−1", "0"]);

    // Bob counts the jugs in the basement, with no line; they show on his phone at once.
    await line.cut();
    await count(bob, "JUG", 4);
    await expect.poll(() => figure(bob, "items-counted")).toBe("3");

    // Alice applies before Bob is back: one change (the lamps).
    await expect.poll(() => figure(alice, "items-differing")).toBe("1");
    await applyStocktake(alice, "Stocktake applied: 1 item updated.");

    // Bob's line comes back: his four counts are kept, and both of them are told.
    await line.back();
    const late = (page: Page) => page.getByTestId("late-counts");
    await late(bob).getByRole("heading", { name: "4 counts arrived after the stocktake was applied" }).waitFor();
    await late(bob).getByText("An owner or admin of the room can apply them.").waitFor();
    await late(alice).getByRole("heading", { name: "4 counts arrived after the stocktake was applied" }).waitFor();
    await Promise.all([
      alice
        .getByRole("region", { name: /Notification/ })
        .getByText("Late counts applied: 1 item updated.")
        .waitFor(),
      late(alice).getByRole("button", { name: "Apply them" }).click(),
    ]);
    await expect.poll(() => late(bob).count()).toBe(0);

    const stock = await expectLedgerAddsUp(alice, url);
    expect(stock.get("Lamp")).toEqual({ main: 3, [stall]: 3 });
    expect(stock.get("Mug")).toEqual({ main: 1 });
    expect(stock.get("Jug")).toEqual({ main: 4 });
  });

  it("counts at the place this phone chose among the stocktake's, and keeps counting there after a reload", async () => {
    const url = e2e.server.url;
    const page = await (await e2e.browser.newContext(PHONE)).newPage();
    const { script } = await signUpWithRoom(page, url, "two.places@shop.example", "Two places");
    const [stall] = (await script([
      { method: "locations.add", params: ["Market stall"] },
      { method: "items.add", params: [{ title: "Lamp", sku: "LAMP", quantity: 4 }] },
    ])) as [string, string];
    await openTab(page, "Stocktake");
    const where = page.getByRole("group", { name: "Where are you counting?" });
    await where.getByRole("checkbox", { name: "Market stall" }).click();
    await page.getByRole("button", { name: "Start stocktake" }).click();
    await page.getByRole("heading", { name: /Stocktake under way/ }).waitFor();
    await page.getByLabel("Counting at").selectOption({ label: "Market stall" });
    await count(page, "LAMP");
    await page.getByTestId("scan-outcome").getByText("Counted: Lamp").waitFor();
    // A reload keeps this phone at the stall.
    await page.reload();
    await page.getByRole("heading", { name: /Stocktake under way/ }).waitFor();
    expect(await page.getByLabel("Counting at").locator("option:checked").textContent()).toBe("Market stall");
    await nextUnit(page);
    await count(page, "LAMP");
    await expect.poll(() => figure(page, "items-counted")).toBe("1");
    await applyStocktake(page, "Stocktake applied: 1 item updated.");
    // Two counted at the stall; the main room's four were not counted there, so they stay.
    const stock = await expectLedgerAddsUp(page, url);
    expect(stock.get("Lamp")).toEqual({ main: 4, [stall]: 2 });
  });
});
