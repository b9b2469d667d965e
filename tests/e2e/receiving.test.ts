/**
 * Receiving a delivery against its purchase order in Chromium (docs/buying.md):
 * a phone's camera (Chromium's fake camera playing a film of the codes)
 * reads the mugs' barcode and a tin that is not on the order — the phone
 * asks, and it is received anyway — while a second device counts the jugs
 * with a handheld scanner's keys into the same tally; accepted with the
 * mugs short, the order is partly received and the ledger names it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { labelBarcode } from "../../app/qr/label-barcode";
import { setUpServerAndBrowser } from "../support/e2e";
import { filmBarcodes, launchPhoneWithCamera } from "../support/fake-camera";
import { addItem, openItem, openTab, signUpWithRoom } from "../support/flows";

const e2e = setUpServerAndBrowser();
const videos = mkdtempSync(join(tmpdir(), "receiving-video-"));
const phones: Browser[] = [];
afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.close()));
  rmSync(videos, { recursive: true, force: true });
});

const MUG_EAN = "4006381333931";
const EMAIL = "owner.receiving@shop.example";

function bits(item: { barcode?: string; sku: string }): string {
  const code = labelBarcode(item);
  if (!code) throw new Error("nothing to print");
  return code.bits;
}

describe("receiving against an order", () => {
  it("counts a delivery by camera and by keys on two devices, asks about a code not on the order, and accepts it short", async () => {
    const url = e2e.server.url;
    const desk = await (await e2e.browser.newContext()).newPage();
    const { roomUrl } = await signUpWithRoom(desk, url, EMAIL, "Receiving shop");
    await openTab(desk, "Settings");
    await desk.getByRole("form", { name: "Add a supplier" }).getByLabel("Supplier name").fill("Acme");
    await desk.keyboard.press("Enter");
    await desk.getByTestId("suppliers").getByText("Acme", { exact: true }).waitFor();
    await openTab(desk, "Catalogue");
    await addItem(desk, { title: "Mug", sku: "MUG-1" });
    await addItem(desk, { title: "Jug", sku: "JUG-1" });
    await addItem(desk, { title: "Tin", sku: "TIN-128" });
    await openItem(desk, "Mug", "MUG-1");
    await desk.getByLabel("Barcode", { exact: true }).fill(MUG_EAN);
    await desk.getByLabel("Barcode", { exact: true }).press("Enter");
    await desk.getByTestId("item-history").getByText(`changed barcode from nothing to ${MUG_EAN}`).waitFor();

    // An order of 500 mugs (more than a camera filming the box for a while can count) and 2 jugs, marked ordered.
    await openTab(desk, "Orders");
    await desk.getByLabel("Supplier", { exact: true }).selectOption({ label: "Acme" });
    await desk.getByRole("button", { name: "Start order" }).click();
    await desk.getByTestId("order-heading").getByText("PO-0001 · Acme").waitFor();
    const orderUrl = desk.url();
    for (const [sku, units] of [
      ["MUG-1", "500"],
      ["JUG-1", "2"],
    ]) {
      await desk.getByLabel("How many").fill(units as string);
      await desk.getByLabel("Add an item").fill(sku as string);
      await desk.keyboard.press("Enter");
      await desk
        .getByTestId("order-line")
        .filter({ hasText: sku as string })
        .waitFor();
    }
    await desk.getByRole("button", { name: "Mark ordered" }).click();
    await desk.getByTestId("order-status").getByText("Ordered").waitFor();

    // The phone films the box: the mug's EAN-13, then the tin's Code 128, which is not on the order.
    filmBarcodes(join(videos, "delivery.y4m"), [
      bits({ barcode: MUG_EAN, sku: "" }),
      { bits: bits({ sku: "TIN-128" }), upright: true },
    ]);
    const phone = await launchPhoneWithCamera(join(videos, "delivery.y4m"));
    phones.push(phone);
    const context = await phone.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const mobile = await context.newPage();
    await mobile.goto(`${url}/sign-in`);
    await mobile.getByLabel("E-mail").fill(EMAIL);
    await mobile.getByLabel("Password").fill("a long password");
    await mobile.getByRole("button", { name: "Sign in" }).click();
    await mobile.waitForURL(`${url}/`);
    await mobile.goto(orderUrl);
    await mobile.getByRole("heading", { name: "Receive" }).waitFor();
    await mobile.getByRole("button", { name: "Scan with camera" }).click();
    const ask = mobile.getByTestId("not-on-order");
    await ask.getByText("“Tin” is not on this order").waitFor({ timeout: 30_000 });
    await mobile.getByRole("button", { name: "Stop camera" }).click();
    await ask.getByRole("button", { name: "Receive anyway" }).click();
    const line = (page: typeof desk, title: string) => page.getByTestId("receive-line").filter({ hasText: title });
    const counted = async (page: typeof desk, title: string) =>
      Number((await line(page, title).getByRole("cell").nth(2).textContent())?.trim());
    await expect.poll(() => counted(mobile, "Mug")).toBeGreaterThanOrEqual(1);
    await expect.poll(() => counted(mobile, "Tin")).toBe(1);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // At the desk, a handheld scanner types the jug's SKU; two more by the line's +1, one taken back.
    await desk.reload();
    await desk.getByLabel("Scan a label or barcode, or type a SKU").click();
    await desk.keyboard.type("JUG-1", { delay: 5 });
    await desk.keyboard.press("Enter");
    await desk.getByTestId("receive-notice").getByText("Jug: 1 of 2").waitFor();
    await desk.getByRole("button", { name: "One more Jug" }).click();
    await expect.poll(() => counted(desk, "Jug")).toBe(2);
    await desk.getByRole("button", { name: "One more Jug" }).click();
    await expect.poll(() => counted(desk, "Jug")).toBe(3);
    await desk.getByRole("button", { name: "One Jug fewer" }).click();
    // Both devices hold the same tally.
    await expect.poll(() => counted(mobile, "Jug")).toBe(2);
    await expect.poll(() => counted(desk, "Tin")).toBe(1);
    // Each line's standing follows the tally as it arrives on the reloaded page.
    await expect.poll(() => line(desk, "Jug").getByRole("cell").nth(4).textContent()).toBe("All here");
    await expect.poll(() => line(desk, "Mug").getByRole("cell").nth(4).textContent()).toBe("Short");

    // The phone accepts: stock in, the mugs short, the order partly received.
    const mugs = await counted(mobile, "Mug");
    await mobile.getByRole("button", { name: /^Accept \d+ units$/ }).click();
    await mobile
      .getByTestId("receive-notice")
      .getByText(/the order is partly received/)
      .waitFor();
    await desk.getByTestId("order-status").getByText("Partly received").waitFor();
    await desk
      .getByTestId("order-history")
      .getByText(`Received ${mugs + 3} units at Main; short: Mug ${mugs} of 500`, { exact: false })
      .waitFor();
    // The ledger names the order.
    await desk.goto(roomUrl);
    await openItem(desk, "Jug", "JUG-1");
    await desk.getByTestId("ledger").getByText("PO-0001").first().waitFor();
  });
});
