/**
 * The team flow in two browsers: Alice signs up, confirms her address from
 * the dev outbox, creates a room and invites Bob; Bob follows the enroll
 * link, sets a password and sees the room; their edits reach each other
 * live, Alice's dashboard included; as a viewer, Bob can no longer edit.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, linkFromOutbox, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

async function newPage(): Promise<Page> {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

describe("a shared room", () => {
  it("invites a second person by e-mail and shows each member's edits to the other at once", async () => {
    const url = e2e.server.url;
    const alice = await newPage();
    await signUp(alice, url, "alice@shop.example");
    await alice.goto(await linkFromOutbox(alice, url, "alice@shop.example", "Confirm your e-mail address"));
    await alice.getByRole("button", { name: "Go to your rooms" }).click();
    await alice.getByText("No rooms yet").waitFor();
    await createRoom(alice, "Vintage ceramics");
    const roomUrl = alice.url();
    await expect.poll(() => alice.getByTestId("room-name").textContent()).toBe("Vintage ceramics");

    await alice.getByLabel("Invite by e-mail").fill("bob@shop.example");
    await alice.getByRole("button", { name: "Invite" }).click();
    await alice.getByRole("status").filter({ hasText: "Invitation sent to bob@shop.example" }).waitFor();

    const bob = await newPage();
    await bob.goto(await linkFromOutbox(bob, url, "bob@shop.example", "You are invited to Vintage ceramics"));
    await bob.getByLabel("New password", { exact: true }).fill("bob's password");
    await bob.getByLabel("New password, again").fill("bob's password");
    await bob.getByRole("button", { name: "Set password and continue" }).click();
    await bob.getByRole("link", { name: "Vintage ceramics" }).click();
    await bob.waitForURL(roomUrl);

    // Alice adds an item: Bob's list shows it.
    await alice.getByLabel("Title").fill("Blue glazed vase");
    await alice.getByLabel("SKU").fill("VASE-001");
    await alice.getByLabel("Price").fill("24.50");
    await alice.getByRole("button", { name: "Add item" }).click();
    const bobRow = bob.getByTestId("item-row").filter({ hasText: "Blue glazed vase" });
    await bobRow.waitFor();
    expect(await bobRow.textContent()).toContain("VASE-001");

    // Alice also has the room's dashboard open in another tab.
    const board = await alice.context().newPage();
    await board.goto(`${roomUrl}/dashboard`);
    const statusRow = (status: string) =>
      board.getByTestId("status-table").getByRole("row").filter({ hasText: status }).getByRole("cell").first();
    await expect.poll(() => statusRow("draft").textContent()).toBe("1");
    expect(await board.locator(".chart canvas").count()).toBeGreaterThanOrEqual(2);
    expect(await board.getByTestId("tile-stock-value").textContent()).toContain("24.50");

    // Bob marks it ready: Alice's select and her dashboard follow.
    await bobRow.getByTestId("item-status").selectOption("ready");
    const aliceStatus = alice
      .getByTestId("item-row")
      .filter({ hasText: "Blue glazed vase" })
      .getByTestId("item-status");
    await expect.poll(() => aliceStatus.inputValue()).toBe("ready");
    await expect.poll(() => statusRow("ready").textContent()).toBe("1");
    expect(await statusRow("draft").textContent()).toBe("0");
    await board.close();

    // Alice makes Bob a viewer: his editing controls go away and the form is gone.
    await alice.getByLabel("Role of bob@shop.example").selectOption("viewer");
    await expect.poll(() => bobRow.getByTestId("item-status").isDisabled()).toBe(true);
    expect(await bob.getByRole("button", { name: "Add item" }).count()).toBe(0);
    expect(await bobRow.getByRole("button", { name: /Edit/ }).count()).toBe(0);

    // Alice removes the item: it disappears for Bob.
    await alice.getByRole("button", { name: "Remove Blue glazed vase" }).click();
    await bob.getByText("No items yet").waitFor();
  });

  it("shows the server's reason when an edit is refused, and keeps the list intact", async () => {
    const page = await newPage();
    await signUp(page, e2e.server.url, "carol@shop.example");
    await createRoom(page, "Refusals");
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

  it("says so when a room does not exist, and when you are not a member", async () => {
    const owner = await newPage();
    await signUp(owner, e2e.server.url, "dave@shop.example");
    await createRoom(owner, "Private");
    const stranger = await newPage();
    await signUp(stranger, e2e.server.url, "eve@shop.example");
    await stranger.goto(owner.url());
    await stranger.getByText("You do not have access to this room").waitFor();
    await stranger.goto(`${e2e.server.url}/rooms/doesNotExist123`);
    await stranger.getByText("This room does not exist").waitFor();
  });
});
