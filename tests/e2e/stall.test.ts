/**
 * The stall and the till role, in Chromium on a phone (390 × 844, touch):
 * a cashier sells from the market stall by scanning — the variant's card,
 * one tap on Sold; two people sell the last unit, one of them with no
 * line: both sales are kept, the count goes below zero and the dashboard
 * says it needs a count (docs/stock.md). A code that names no one variant
 * is said, not sold. The ledger adds up at the end.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, giveSizes, openTab, type RoomScript, signUpWithRoom } from "../support/flows";
import { expectLedgerAddsUp } from "../support/ledger";
import { cuttableLine } from "../support/line";

const e2e = setUpServerAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function scanAtStall(page: Page, code: string) {
  await page.getByLabel("Scan a label or barcode, or type a SKU").fill(code);
  await page.keyboard.press("Enter");
}

describe("the stall", () => {
  it("sells by scan with one tap, keeps an offline sale of the last unit, and says it needs a count", async () => {
    const url = e2e.server.url;
    const owner = await (await e2e.browser.newContext()).newPage();
    const { roomUrl, script } = await signUpWithRoom(owner, url, "owner.stall@shop.example", "Market day");
    const [stall, tee] = (await script([
      { method: "locations.add", params: ["Market stall"] },
      { method: "items.add", params: [{ title: "Tee", sku: "TEE", priceCents: 2000 }] },
    ])) as [string, string];
    await script([
      giveSizes(tee, [
        { size: "M", sku: "TEE-M" },
        { size: "L", sku: "TEE-L" },
      ]),
    ]);
    const links = (await script([{ method: "items.publicLinks", params: [[tee]] }])) as [Record<string, string>];
    // Two mediums and the last large at the stall.
    await script([
      { method: "stock.receive", params: ["TEE-M", stall, 2] },
      { method: "stock.receive", params: ["TEE-L", stall, 1] },
    ]);

    // The cashier is invited as such.
    await openTab(owner, "Team");
    await owner.getByLabel("Invite by e-mail").fill("till.stall@shop.example");
    await owner.getByLabel("Role for the invitation").selectOption("cashier");
    await owner.getByRole("button", { name: "Invite", exact: true }).click();
    await owner.getByRole("status").filter({ hasText: "Invitation sent" }).waitFor();
    const till = await (await e2e.browser.newContext(PHONE)).newPage();
    const line = await cuttableLine(till);
    await acceptInvitation(till, url, "till.stall@shop.example", "Market day", roomUrl);

    // The stall, selling from the market stall (chosen once).
    await openTab(till, "Stall");
    await till.getByLabel("Selling from").selectOption({ label: "Market stall" });
    // A code that names the product and no one size is said, not sold.
    await scanAtStall(till, links[0][tee] as string);
    await till.getByTestId("stall-notice").getByText("“Tee” comes in variants").waitFor();
    expect(await till.getByTestId("stall-card").count()).toBe(0);

    // Scan, then one tap: a medium sold.
    await scanAtStall(till, "TEE-M");
    const card = till.getByTestId("stall-card");
    await card.getByRole("heading", { name: "Tee — M" }).waitFor();
    await expect.poll(() => card.getByTestId("stall-held").textContent()).toBe("2 at Market stall");
    await card.getByRole("button", { name: "Sold" }).tap();
    await expect.poll(() => card.getByTestId("stall-held").textContent()).toBe("1 at Market stall");
    await expect
      .poll(() => till.getByTestId("stall-records").getByRole("listitem").first().textContent())
      .toMatch(/^Sold · Tee — M at Market stall · \$20\.00.*saved$/);

    // The last large: the till sells it with no line, while the owner sells it too from another device.
    await line.cut();
    await scanAtStall(till, "TEE-L");
    await card.getByRole("heading", { name: "Tee — L" }).waitFor();
    await card.getByRole("button", { name: "Sold" }).tap();
    await expect
      .poll(() => till.getByTestId("stall-records").getByRole("listitem").first().textContent())
      .toContain("not saved yet");
    const ownerSale = (await script([
      {
        method: "stock.adjust",
        params: [
          {
            itemId: tee,
            variantId: await variantId(script, tee, "L"),
            locationId: stall,
            quantity: -1,
            reason: "sold",
            priceCents: 2000,
          },
        ],
      },
    ])) as string[];
    expect(ownerSale).toHaveLength(1);
    await line.back();
    // Both sales kept: the stall is one below zero, and the till says so.
    await expect
      .poll(() => till.getByTestId("stall-records").getByRole("listitem").first().textContent(), { timeout: 30_000 })
      .toContain("saved");
    await expect.poll(() => card.getByTestId("stall-held").textContent()).toBe("-1 at Market stall — needs a count");
    await expect.poll(() => till.getByTestId("stall-tally").textContent()).toBe("Sold 2 ($40.00) · Received 0");

    // The owner's dashboard lists it as needing a count.
    await openTab(owner, "Dashboard");
    const needs = owner.getByTestId("below-zero-card");
    await needs.getByRole("heading", { name: "Needs a count (1)" }).waitFor();
    expect(await needs.getByRole("listitem").first().textContent()).toBe("Tee — Lat Market stall-1");

    // One medium left and the large one below zero: the product holds nothing in all at the stall.
    const stock = await expectLedgerAddsUp(owner, url);
    expect(stock.get("Tee")).toEqual({});
  });
});

/** A variant's id, by its name, as the room has it. */
async function variantId(script: RoomScript, itemId: string, size: string): Promise<string> {
  const [links] = (await script([{ method: "items.copy", params: [0, 100] }])) as [
    { items: { _id: string; variants: { _id: string; values: string[] }[] }[] },
  ];
  const item = links.items.find((each) => each._id === itemId);
  return item?.variants.find((variant) => variant.values[0] === size)?._id as string;
}
