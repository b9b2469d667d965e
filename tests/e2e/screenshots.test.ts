/**
 * The README's pictures of the product, taken from a real room in Chromium on every test run, so
 * they always show Stockroom as it is: the catalogue on a desktop, an item's page with its sizes
 * and stock by place, the dashboard, and the stall on a phone. They are written to
 * docs/screenshots/; a change that alters a screen shows as a changed picture in the diff.
 */
import { mkdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { giveSizes, linkFromOutbox, openTab, signUpWithRoom } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";

const e2e = setUpServerAndBrowser();
const SHOTS = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));

const STOCK = [
  { title: "Linen shirt", sku: "LS", priceCents: 5400 },
  { title: "Enamel mug, speckled blue", sku: "MUG-BLUE", priceCents: 1800, quantity: 14, status: "listed" },
  { title: "Wool beanie", sku: "BEANIE", priceCents: 2600, quantity: 2, reorderPoint: 3, status: "listed" },
  { title: "Tote bag, natural canvas", sku: "TOTE", priceCents: 2200, quantity: 31, status: "ready" },
  { title: "Ceramic planter, small", sku: "PLANT-S", priceCents: 3200, quantity: 6 },
];

/** Saves what the page shows and checks a picture was written. */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  const path = `${SHOTS}${name}.png`;
  await page.screenshot({ path, fullPage, animations: "disabled", caret: "hide" });
  const png = await readFile(path);
  expect(png.subarray(1, 4).toString()).toBe("PNG");
}

describe("the README's screenshots", () => {
  it("shows a shop's catalogue, an item with its sizes, the dashboard and the stall as they are today", async () => {
    await mkdir(SHOTS, { recursive: true });
    const desk = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 760 } })).newPage();
    const { roomUrl, script } = await signUpWithRoom(desk, e2e.server.url, "sam@corner.example", "Corner Shop");
    // Confirmed, as a shop's owner soon is: no banner asking for it in the pictures.
    await desk.goto(await linkFromOutbox(desk, e2e.server.url, "sam@corner.example", "Confirm your e-mail address"));
    await desk.getByRole("button", { name: "Go to your rooms" }).waitFor();
    await desk.goto(roomUrl);
    const [stall, shirt, mug] = (await script([
      { method: "locations.add", params: ["Market stall"] },
      ...STOCK.map((item) => ({ method: "items.add", params: [item] })),
    ])) as string[];
    await script([
      giveSizes(shirt as string, [
        { size: "S", sku: "LS-S" },
        { size: "M", sku: "LS-M" },
        { size: "L", sku: "LS-L" },
      ]),
    ]);
    await script([
      { method: "stock.receive", params: ["LS-S", "main", 4] },
      { method: "stock.receive", params: ["LS-M", "main", 7] },
      { method: "stock.receive", params: ["LS-M", stall, 3] },
      { method: "stock.receive", params: ["LS-L", "main", 5] },
      {
        method: "stock.adjust",
        params: [{ itemId: mug, locationId: "main", quantity: -3, reason: "sold", priceCents: 1800 }],
      },
    ]);

    // The catalogue, as the team sees it on a desktop.
    await desk.getByTestId("item-row").filter({ hasText: "Wool beanie" }).getByTestId("low-badge").waitFor();
    await expect.poll(() => desk.getByTestId("item-count").textContent()).toBe("(5)");
    await shoot(desk, "catalogue", true);

    // The shirt's page: its sizes, stock by place, and the ledger.
    await desk
      .getByTestId("item-row")
      .filter({ hasText: "Linen shirt" })
      .getByRole("link", { name: "Open Linen shirt" })
      .last()
      .click();
    await desk.getByTestId("item-page-title").filter({ hasText: "Linen shirt" }).waitFor();
    await desk.getByText("LS-M").first().waitFor();
    await desk.getByRole("img", { name: "Scan me!" }).waitFor();
    // The sizes and stock, just below the room's sticky header.
    await desk.locator("#variants-heading").evaluate((heading) => heading.scrollIntoView({ block: "start" }));
    await desk.mouse.wheel(0, -120);
    await expect
      .poll(() =>
        desk
          .locator("#variants-heading")
          .boundingBox()
          .then((box) => box && box.y > 96),
      )
      .toBe(true);
    await shoot(desk, "item");

    // The dashboard, with the sale and the low beanie.
    await desk.goto(roomUrl);
    await openTab(desk, "Dashboard");
    await desk.getByText("Wool beanie").first().waitFor();
    await shoot(desk, "dashboard", true);

    // The stall on a phone: a medium shirt scanned, ready to sell with one tap.
    const phone = await (
      await e2e.browser.newContext({ viewport: { width: 390, height: 760 }, isMobile: true, hasTouch: true })
    ).newPage();
    await phone.goto(e2e.server.url);
    await phone.evaluate(
      (token) => localStorage.setItem("stockroom.loginToken", token),
      (await desk.evaluate(() => localStorage.getItem("stockroom.loginToken"))) as string,
    );
    await phone.goto(roomUrl);
    await openTab(phone, "Stall");
    await phone.getByLabel("Selling from").selectOption({ label: "Market stall" });
    await phone.getByLabel("Scan a label or barcode, or type a SKU").fill("LS-M");
    await phone.keyboard.press("Enter");
    const card = phone.getByTestId("stall-card");
    await card.getByRole("heading", { name: "Linen shirt — M" }).waitFor();
    await expect.poll(() => card.getByTestId("stall-held").textContent()).toBe("3 at Market stall");
    await shoot(phone, "stall-phone");

    await expectLedgerAddsUp(desk, e2e.server.url);
  });
});
