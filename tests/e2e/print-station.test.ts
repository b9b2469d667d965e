/**
 * The print station in Chromium (docs/printing.md): the owner turns the
 * queue on and keeps a tab as the station beside the label printer; a
 * colleague adds an item on another browser, sees its labels waiting while
 * no station is open, and the station prints them when it opens — and then
 * prints, live, the next item the colleague adds. What it printed is a
 * 62 mm label whose QR, read by ZBar at a thermal printer's 203 dpi, opens
 * that item's page.
 */
import { fileURLToPath } from "node:url";
import { PDFDocument } from "pdf-lib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, openTab, signUp } from "../support/flows";
import { zbarReadLabel } from "../support/zbar";

const e2e = setUpServerAndBrowser();
const SHOT = fileURLToPath(new URL("../../docs/screenshots/print-station.png", import.meta.url));

async function newPage(): Promise<Page> {
  return (await e2e.browser.newContext()).newPage();
}

/** Stands in for the printer: each print the page asks for is recorded with the labels on it. */
async function recordPrints(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { prints: string[][] };
    state.prints = [];
    window.print = () => {
      state.prints.push(
        [...document.querySelectorAll(".station-batch .qr-label-title")].map((title) => title.textContent ?? ""),
      );
    };
  });
}

const prints = (page: Page) => page.evaluate(() => (window as unknown as { prints: string[][] }).prints);

describe("the print station", () => {
  it("prints the labels of items another browser adds: those queued before it opened, then each as it comes", async () => {
    const url = e2e.server.url;
    const sam = await newPage();
    await signUp(sam, url, "sam@print-station.example");
    const owner = await newPage();
    await signUp(owner, url, "owner@print-station.example");
    await createRoom(owner, "Label shop");
    const roomUrl = owner.url();
    await openTab(owner, "Team");
    await owner.getByLabel("Invite by e-mail").fill("sam@print-station.example");
    await owner.getByRole("button", { name: "Invite", exact: true }).click();
    await owner.getByRole("status").filter({ hasText: "Invitation sent" }).waitFor();

    // The owner turns the queue on: new items, one label a unit, on the Brother's 62 mm tape.
    await openTab(owner, "Print station");
    await owner.getByTestId("station-state").getByText("No print station is open").waitFor();
    await owner.getByLabel("An item is added (by hand, from a photo or a scanned code)").check();
    await owner.getByLabel("Paper").selectOption({ label: "62 mm continuous, 62 × 40 mm (Brother QL)" });
    await owner.getByRole("button", { name: "Save what prints" }).click();
    await owner.getByRole("status").filter({ hasText: "Saved" }).waitFor();

    // Sam adds a lamp with two units: its labels wait, and Sam's page says where.
    await sam.goto(roomUrl);
    await addItem(sam, { title: "Brass lamp", sku: "LAMP-1", price: "45", quantity: "2" });
    await sam
      .getByTestId("print-banner")
      .getByText("2 labels waiting at the print station: no print station is open.")
      .waitFor();

    // The owner makes this tab the station: the lamp's two labels print in one dialog.
    await recordPrints(owner);
    await owner.getByLabel("This computer's name").fill("Till PC");
    await owner.getByRole("button", { name: "Make this tab the print station" }).click();
    await owner.getByTestId("station-state").getByText("This tab is the print station").waitFor();
    await expect.poll(() => prints(owner), { timeout: 30_000 }).toEqual([["Brass lamp", "Brass lamp"]]);
    await owner.getByTestId("print-done").getByText("Brass lamp").waitFor();
    await sam.getByTestId("print-banner").waitFor({ state: "detached" });

    // With the station open, the next item prints as soon as Sam adds it.
    await addItem(sam, { title: "Tin", sku: "TIN-1", price: "3" });
    await expect.poll(() => prints(owner), { timeout: 30_000 }).toEqual([["Brass lamp", "Brass lamp"], ["Tin"]]);
    await owner.getByTestId("station-batch").getByText("Printed 1 label: Tin").waitFor();
    // docs/printing.md's picture of the station, as it is on every run.
    await owner.screenshot({ path: SHOT, fullPage: true, animations: "disabled", caret: "hide" });

    // What was printed: one 62 × 40 mm page, its QR (read at 203 dpi) the tin's own page.
    await owner.emulateMedia({ media: "print" });
    const pdf = await owner.pdf({ preferCSSPageSize: true });
    await owner.emulateMedia({ media: "screen" });
    const file = await PDFDocument.load(pdf);
    expect(file.getPageCount()).toBe(1);
    const [page] = file.getPages();
    expect(Math.round(((page?.getWidth() ?? 0) / 72) * 25.4)).toBe(62);
    const size = await owner.locator(".label-page").first().boundingBox();
    const link = zbarReadLabel(
      pdf,
      203,
      { page: 1, x: 0, y: 0, width: size?.width ?? 0, height: size?.height ?? 0 },
      0,
    );
    expect(link).toMatch(/^http/);
    await sam.goto(link as string);
    await sam.getByRole("heading", { name: "Tin" }).waitFor();

    // Sam's page knew which station printed: the queue lists both as printed.
    await sam.goto(`${roomUrl}/print`);
    await sam.getByTestId("station-state").getByText("“Till PC” is the print station").waitFor();
    expect(await sam.getByTestId("print-done").getByText("Printed").count()).toBe(2);
  });
});
