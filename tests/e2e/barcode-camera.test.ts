/**
 * Product barcodes read by a phone's camera (Chromium's fake camera playing
 * a video of barcodes the test draws bar by bar, from the modules our label
 * encoder gives): in the catalogue, an unknown EAN-13 filmed goes into the
 * search, which offers to make its item; in a stocktake, that item is
 * counted when the camera sees its EAN-13, and an item whose SKU is printed
 * as Code 128 when it sees that, held upright; the same barcode typed by a handheld
 * scanner (digits, then Enter) counts too; and receiving a delivery by
 * camera receives a unit of what it sees.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { labelBarcode } from "../../app/qr/label-barcode";
import { barcodeFrame } from "../support/barcode-frames";
import { setUpServerAndBrowser } from "../support/e2e";
import { filmBarcodes, filmPictures, launchPhoneWithCamera } from "../support/fake-camera";
import { addItem, createRoom, openTab, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();
const videos = mkdtempSync(join(tmpdir(), "barcodes-video-"));
const phones: Browser[] = [];
afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.close()));
  rmSync(videos, { recursive: true, force: true });
});

const EAN = "4006381333931";
const SKU = "JUG-128";
const EMAIL = "dana.barcodes@shop.example";
const BLUR_EMAIL = "blur.barcodes@shop.example";

/** The modules of the barcode a label of this item prints: an EAN-13 for a barcode of 13 digits, Code 128 for a SKU. */
function modules(item: { barcode?: string; sku: string }): string {
  const code = labelBarcode(item);
  if (!code) throw new Error("nothing to print");
  return code.bits;
}

/** A phone (390 × 844) whose camera plays `video`, signed in as the room's owner and in the room. */
async function phoneFilming(video: string, url: string, roomUrl: string, email = EMAIL): Promise<Page> {
  const phone = await launchPhoneWithCamera(video);
  phones.push(phone);
  const context = await phone.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${url}/sign-in`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("a long password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${url}/`);
  await page.goto(roomUrl);
  return page;
}

const figure = (page: Page, id: string) => page.getByTestId(id).textContent();

describe("product barcodes by camera", () => {
  it("finds or makes an item from a filmed barcode, counts EAN-13 and Code 128 by camera and by keys, and receives by camera", async () => {
    const url = e2e.server.url;
    const desk = await (await e2e.browser.newContext()).newPage();
    await signUp(desk, url, EMAIL);
    await createRoom(desk, "Barcode shop");
    const roomUrl = desk.url();
    await addItem(desk, { title: "Jug", sku: SKU, quantity: "1" });
    await addItem(desk, { title: "Mug", sku: "MUG-1", quantity: "2" });

    // A tin with a barcode no item has yet; a box filmed with the tin's barcode, then the jug's SKU label.
    filmBarcodes(join(videos, "tin.y4m"), [modules({ barcode: EAN, sku: "" })]);
    // The jug's Code 128 is held upright (a phone in portrait over a box lying level).
    filmBarcodes(join(videos, "box.y4m"), [
      modules({ barcode: EAN, sku: "" }),
      { bits: modules({ sku: SKU }), upright: true },
    ]);

    // In the catalogue, the camera beside the search (reached with the keyboard) reads the tin's barcode into it.
    const finder = await phoneFilming(join(videos, "tin.y4m"), url, roomUrl);
    await openTab(finder, "Catalogue");
    await finder.getByLabel("Search items").click();
    await finder.keyboard.press("Tab");
    await finder.keyboard.press("Enter");
    await finder.getByText(`No item has barcode ${EAN}`).waitFor({ timeout: 30_000 });
    expect(await finder.getByLabel("Search items").inputValue()).toBe(EAN);
    // One code is what a search needs: the camera is off again, and nothing runs off the phone's screen.
    await finder.getByRole("button", { name: "Scan with camera" }).waitFor();
    expect(await finder.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await finder.getByRole("button", { name: "New item with this barcode" }).click();
    await finder
      .getByTestId("item-page-title")
      .filter({ hasText: `New item ${EAN}` })
      .waitFor();

    // A stocktake: a handheld scanner at the desk types the tin's barcode, then Enter — counted.
    await openTab(desk, "Stocktake");
    await desk.getByRole("button", { name: "Start stocktake" }).click();
    await desk.getByRole("heading", { name: "Stocktake under way" }).waitFor();
    await desk.getByLabel("Scan a label or type a SKU").click();
    await desk.keyboard.type(EAN, { delay: 5 });
    await desk.keyboard.press("Enter");
    await desk
      .getByTestId("scan-outcome")
      .filter({ hasText: `Counted: New item ${EAN}` })
      .waitFor();
    await expect.poll(() => figure(desk, "items-counted")).toBe("1");

    // A phone's camera films the box: the tin by its EAN-13, the jug by its SKU's Code 128, upright.
    const counter = await phoneFilming(join(videos, "box.y4m"), url, roomUrl);
    await openTab(counter, "Stocktake");
    await counter.getByRole("button", { name: "Scan with camera" }).click();
    const outcome = counter.getByTestId("scan-outcome");
    await outcome.filter({ hasText: "Counted: Jug" }).waitFor({ timeout: 30_000 });
    await outcome.filter({ hasText: `Counted: New item ${EAN}` }).waitFor({ timeout: 30_000 });
    await expect.poll(() => figure(desk, "items-counted")).toBe("2");
    const view = await counter.getByLabel("Camera view").boundingBox();
    expect((view?.x ?? -1) >= 0 && (view?.x ?? 0) + (view?.width ?? 999) <= 390).toBe(true);
    expect(await counter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const table = desk.getByTestId("stocktake-table");
    const countedOf = async (title: string) =>
      (await table.getByRole("row").filter({ hasText: title }).getByRole("cell").nth(1).textContent())?.trim();
    // The row's cells: recorded, counted, difference. The mug, never filmed, is not counted.
    await expect.poll(() => countedOf("Jug")).toMatch(/^[1-9]\d*$/);
    expect(await countedOf("Mug")).toBe("—");

    // Receiving by camera turns the counting camera off (one camera at a time) and receives what it sees.
    await counter.getByRole("button", { name: "Receive with camera" }).click();
    await counter.getByRole("button", { name: "Scan with camera" }).waitFor();
    await counter
      .getByTestId("receive-outcome")
      .filter({ hasText: /^Received: (Jug|New item \d+) \(\d+ at / })
      .waitFor({ timeout: 30_000 });
    await counter.getByRole("button", { name: "Stop camera" }).click();
    await counter.getByRole("button", { name: "Receive with camera" }).waitFor();
  }, 150_000);

  it("counts a slightly blurred barcode as itself or not at all, never as another item's", async () => {
    const url = e2e.server.url;
    const desk = await (await e2e.browser.newContext()).newPage();
    await signUp(desk, url, BLUR_EMAIL);
    await createRoom(desk, "Blurred shop");
    const roomUrl = desk.url();
    // The filmed products, and two decoys whose barcodes are what one row of those blurred frames once read.
    await addItem(desk, { title: "Tea", sku: "TEA" });
    await addItem(desk, { title: "Decoy A", sku: "DECOY-A" });
    await addItem(desk, { title: "Decoy B", sku: "DECOY-B" });
    await addItem(desk, { title: "Jug", sku: SKU });
    const barcodes: [string, string][] = [
      ["Tea", "8712345678906"],
      ["Decoy A", "8712345638542"],
      ["Decoy B", "772435618906"],
    ];
    for (const [title, barcode] of barcodes) {
      await desk
        .getByTestId("item-row")
        .filter({ hasText: title })
        .getByRole("link", { name: `Open ${title}` })
        .last()
        .click();
      await desk.getByLabel("Barcode", { exact: true }).fill(barcode);
      await desk.getByLabel("Barcode", { exact: true }).press("Enter");
      await openTab(desk, "Catalogue");
    }
    // Frames 313 and 754 of tests/support/barcode-frames.ts (the tea's EAN-13, out of focus), then the jug's label.
    filmPictures(
      join(videos, "blurred.y4m"),
      [barcodeFrame("8712345678906", 313).pixels, barcodeFrame("8712345678906", 754).pixels],
      [modules({ sku: SKU })],
    );
    await openTab(desk, "Stocktake");
    await desk.getByRole("button", { name: "Start stocktake" }).click();
    const counter = await phoneFilming(join(videos, "blurred.y4m"), url, roomUrl, BLUR_EMAIL);
    await openTab(counter, "Stocktake");
    await counter.getByRole("button", { name: "Scan with camera" }).click();
    // The camera has been through the blurred frames once it reads the jug's label after them.
    await counter.getByTestId("scan-outcome").filter({ hasText: "Counted: Jug" }).waitFor({ timeout: 60_000 });
    const table = desk.getByTestId("stocktake-table");
    const countedOf = async (title: string) =>
      (await table.getByRole("row").filter({ hasText: title }).getByRole("cell").nth(1).textContent())?.trim();
    await expect.poll(() => countedOf("Jug")).toMatch(/^[1-9]\d*$/);
    expect(await countedOf("Decoy A")).toBe("—");
    expect(await countedOf("Decoy B")).toBe("—");
  }, 150_000);
});
