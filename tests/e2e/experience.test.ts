/**
 * The room as a shop owner meets it in Chromium: axe-core finds no serious
 * or critical accessibility problem on any main page; prices show in each
 * room's own currency everywhere; on a 390 px phone the header is one row,
 * every control is big enough to tap, the list shows without scrolling and
 * the search stays in reach.
 */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, openTab, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();
const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

describe("the shop owner's experience", () => {
  it("has no serious or critical accessibility violations on any main page", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const pages: Record<string, string[]> = {};
    const check = async (name: string) => {
      pages[name] = await seriousViolations(page);
    };

    await page.goto(e2e.server.url);
    await page.getByRole("heading", { name: "The back office your whole shop works in at once" }).waitFor();
    await check("welcome");
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await check("sign in");
    await signUp(page, e2e.server.url, "axe@shop.example");
    await page.getByTestId("check-inbox").waitFor();
    await check("your rooms");
    await createRoom(page, "Accessible ceramics");
    await addItem(page, { title: "Speckled mug", price: "18" });
    await check("catalogue");
    await openTab(page, "Dashboard");
    await page.getByRole("listbox", { name: "Items by status" }).waitFor();
    await check("dashboard");
    await openTab(page, "Team");
    await page.getByLabel("Invite by e-mail").waitFor();
    await check("team");
    await openTab(page, "Stocktake");
    await page.getByRole("button", { name: "Start stocktake" }).click();
    await page.getByLabel("Scan a label or type a SKU").waitFor();
    await check("stocktake");
    await openTab(page, "Store");
    await page.getByRole("region", { name: "Online store" }).waitFor();
    await check("store");
    await openTab(page, "Settings");
    await page.getByLabel("Currency of new items").waitFor();
    await check("settings");
    await openTab(page, "Catalogue");
    await page.getByTestId("item-row").getByRole("link", { name: "Open Speckled mug" }).last().click();
    await page.getByTestId("item-page-title").waitFor();
    await page.getByTestId("share-link").waitFor();
    await check("item page");
    const share = (await page.getByTestId("share-link").getAttribute("href")) as string;
    await page.goto(`${e2e.server.url}/account`);
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    expect(await page.title()).toBe("Your account · Stockroom");
    await check("account");

    const visitor = await (await e2e.browser.newContext()).newPage();
    await visitor.goto(share);
    await visitor.getByTestId("shared-title").waitFor();
    pages["share page"] = await seriousViolations(visitor);

    expect(pages).toEqual(Object.fromEntries(Object.keys(pages).map((name) => [name, []])));
    await context.close();
  });

  it("shows prices in each room's currency: list, item page, dashboard and share page", async () => {
    const context = await e2e.browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "currency@shop.example");
    await createRoom(page, "Paris shop");
    await openTab(page, "Settings");
    await page.getByLabel("Currency of new items").selectOption("EUR");
    await page.getByRole("button", { name: "Save currency" }).click();
    await page.getByText("Saved", { exact: true }).waitFor();
    await openTab(page, "Catalogue");
    await addItem(page, { title: "Enamel jug", price: "12" });
    const parisRoom = page.url();
    const priceIn = (on: Page, title: string) =>
      on
        .getByTestId("item-row")
        .filter({ hasText: title })
        .getByRole("button", { name: `Edit price of ${title}` })
        .locator(".cell-value")
        .textContent();
    expect(await priceIn(page, "Enamel jug")).toBe("€12.00");

    await openTab(page, "Dashboard");
    await expect.poll(() => page.getByTestId("tile-stock-value").textContent()).toContain("€12.00");
    await page.goto(parisRoom);
    await page.getByTestId("item-row").getByRole("link", { name: "Open Enamel jug" }).last().click();
    await page.getByTestId("item-page-title").waitFor();
    const share = (await page.getByTestId("share-link").getAttribute("href")) as string;
    const visitor = await (await e2e.browser.newContext({ locale: "en-US" })).newPage();
    await visitor.goto(share);
    await visitor.getByTestId("shared-title").waitFor();
    expect(await visitor.textContent("main")).toContain("€12.00");

    // Another room keeps its own currency (US dollars, the default here).
    await page.goto(e2e.server.url);
    await createRoom(page, "Boston shop");
    await addItem(page, { title: "Enamel jug", price: "12" });
    expect(await priceIn(page, "Enamel jug")).toBe("$12.00");
    await context.close();
  });

  it("fits a 390 px phone: one-row header, tap targets of 24 × 24 px or more, the list first, search in reach", async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "phone@shop.example");
    await createRoom(page, "Market stall");
    for (let i = 1; i <= 12; i++) {
      await page.getByLabel("Title", { exact: true }).fill(`Postcard ${i}`);
      await page.getByRole("button", { name: "Add item" }).click();
      await expect.poll(() => page.getByTestId("item-count").textContent()).toBe(`(${i})`);
    }
    // What a person sees opening the room on the phone.
    await page.reload();
    await page.getByTestId("item-row").first().waitFor();

    // The header is one row: the brand, the room and who is here, the connection, the account.
    const header = await page.getByRole("banner").boundingBox();
    expect(header?.height).toBeLessThanOrEqual(64);

    // New items from photos, then the list, before the add form: its first rows show without scrolling.
    const firstRow = await page.getByTestId("item-row").first().boundingBox();
    expect((firstRow?.y ?? 9999) + (firstRow?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Every control in view can be tapped: at least 24 × 24 CSS px (WCAG 2.2 target size).
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [tabindex='0']",
        ),
      ]
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
        .filter((el) => !el.closest(".visually-hidden"))
        .map((el) => {
          const box = el.getBoundingClientRect();
          return { what: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName, box };
        })
        // Links inside running text are exempt from the size rule.
        .filter(({ box }) => box.width < 24 || box.height < 24)
        .map(({ what, box }) => `${what}: ${Math.round(box.width)} × ${Math.round(box.height)}`),
    );
    expect(small).toEqual([]);

    // No sideways scrolling.
    const widths = await page.evaluate(() => ({
      scroll: document.scrollingElement?.scrollWidth ?? 0,
      client: document.scrollingElement?.clientWidth ?? 0,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    // Scrolled down the list, the search (in the sticky toolbar) is still on screen.
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const search = await page.getByLabel("Search items").boundingBox();
    expect(search?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((search?.y ?? 9999) + (search?.height ?? 0)).toBeLessThanOrEqual(844);
    await page.getByLabel("Search items").fill("Postcard 12");
    await expect.poll(() => page.getByTestId("item-row").count()).toBe(1);
    await context.close();
  });
});
