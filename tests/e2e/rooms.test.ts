/**
 * Two people in one room, each in their own browser context: what one does
 * appears for the other without a reload.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";

const e2e = setUpServerAndBrowser();

async function newPage(): Promise<Page> {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

describe("a shared room", () => {
  it("shows each member's edits to the other at once", async () => {
    const alice = await newPage();
    await alice.goto(e2e.server.url);
    await alice.getByText("No rooms yet").waitFor();
    await alice.getByLabel("New room").fill("Vintage ceramics");
    await alice.getByRole("button", { name: "Create room" }).click();
    await alice.waitForURL(/\/rooms\/[A-Za-z0-9]+$/);
    await expect.poll(() => alice.getByTestId("room-name").textContent()).toBe("Vintage ceramics");

    const bob = await newPage();
    await bob.goto(alice.url());
    await bob.getByText("No items yet").waitFor();

    // Alice adds an item: Bob's list shows it.
    await alice.getByLabel("Title").fill("Blue glazed vase");
    await alice.getByLabel("SKU").fill("VASE-001");
    await alice.getByLabel("Price").fill("24.50");
    await alice.getByRole("button", { name: "Add item" }).click();
    const bobRow = bob.getByTestId("item-row").filter({ hasText: "Blue glazed vase" });
    await bobRow.waitFor();
    expect(await bobRow.textContent()).toContain("VASE-001");

    // Bob marks it ready: Alice's select follows.
    await bobRow.getByTestId("item-status").selectOption("ready");
    const aliceStatus = alice
      .getByTestId("item-row")
      .filter({ hasText: "Blue glazed vase" })
      .getByTestId("item-status");
    await expect.poll(() => aliceStatus.inputValue()).toBe("ready");

    // Bob renames the room: Alice's header follows.
    await bob.getByTestId("room-name").click();
    await bob.getByLabel("Room name").fill("Ceramics & glass");
    await bob.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => alice.getByTestId("room-name").textContent()).toBe("Ceramics & glass");

    // Alice removes it: it disappears for Bob.
    await alice.getByRole("button", { name: "Remove Blue glazed vase" }).click();
    await bob.getByText("No items yet").waitFor();
  });

  it("shows the server's reason when an edit is refused, and keeps the list intact", async () => {
    const page = await newPage();
    await page.goto(e2e.server.url);
    await page.getByLabel("New room").fill("Refusals");
    await page.getByRole("button", { name: "Create room" }).click();
    await page.waitForURL(/\/rooms\//);
    await page.getByLabel("Title").fill("First");
    await page.getByLabel("SKU").fill("SAME-SKU");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByTestId("item-row").waitFor();
    await page.getByLabel("Title").fill("Second");
    await page.getByLabel("SKU").fill("SAME-SKU");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByRole("alert").filter({ hasText: "SKU SAME-SKU is already used in this room" }).waitFor();
    expect(await page.getByTestId("item-row").count()).toBe(1);
  });

  it("says so when a room does not exist", async () => {
    const page = await newPage();
    await page.goto(`${e2e.server.url}/rooms/doesNotExist123`);
    await page.getByText("This room does not exist").waitFor();
  });
});
