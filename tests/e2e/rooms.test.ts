/**
 * The team flow in two browsers: Alice signs up, confirms her address from
 * the dev outbox, creates a room and invites Bob; Bob follows the enroll
 * link, sets a password and sees the room; their edits reach each other
 * live, Alice's dashboard included; as a viewer, Bob can no longer edit.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { changeRole, createRoom, linkFromOutbox, signUp } from "../support/flows";

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

    const tab = (page: typeof alice, name: string) =>
      page.getByRole("navigation", { name: "Room" }).getByRole("link", { name, exact: true }).click();
    await tab(alice, "Team");
    await expect.poll(() => alice.title()).toBe("Team · Vintage ceramics · Stockroom");
    await alice.getByLabel("Invite by e-mail").fill("bob@shop.example");
    await alice.getByRole("button", { name: "Invite", exact: true }).click();
    await alice.getByRole("status").filter({ hasText: "Invitation sent to bob@shop.example" }).waitFor();

    // The mail and the page it opens name the room and who invited; setting a password lands Bob in the room.
    const bob = await newPage();
    const invitation = await linkFromOutbox(
      bob,
      url,
      "bob@shop.example",
      "alice@shop.example invited you to Vintage ceramics",
    );
    await bob.goto(invitation);
    await bob.getByRole("heading", { name: "alice@shop.example invited you to Vintage ceramics" }).waitFor();
    await bob.getByLabel("New password", { exact: true }).fill("bob's password");
    await bob.getByLabel("New password, again").fill("bob's password");
    await bob.getByRole("button", { name: "Set password and continue" }).click();
    await bob.waitForURL(roomUrl);
    await expect.poll(() => bob.getByTestId("room-name").textContent()).toBe("Vintage ceramics");

    // A used invitation says so in plain words.
    const late = await newPage();
    await late.goto(invitation);
    await late.getByText("This link was already used").waitFor();

    // Alice adds an item: Bob's list shows it.
    await tab(alice, "Catalogue");
    await alice.getByLabel("Title", { exact: true }).fill("Blue glazed vase");
    await alice.getByLabel("SKU", { exact: true }).fill("VASE-001");
    await alice.getByLabel("Price", { exact: true }).fill("24.50");
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
    expect(await board.getByTestId("tile-stock-value").textContent()).toContain("24.50");
    // Bar charts with their figures in tooltips: on hover, and from the keyboard (Home = the first bar).
    const byStatus = board.getByRole("listbox", { name: "Items by status" });
    await byStatus.getByRole("option", { name: "Draft: 1 item" }).hover();
    await board.getByRole("tooltip").filter({ hasText: "Draft: 1 item" }).waitFor();
    // The pointer goes away first: a chart scrolled under a resting pointer follows the pointer.
    await board.mouse.move(0, 0);
    await board.getByRole("listbox", { name: "Items added per day, last 30 days" }).press("End");
    await board.getByRole("tooltip").filter({ hasText: "1 item added" }).waitFor();
    await byStatus.press("Home");
    await board.getByRole("tooltip").filter({ hasText: "Draft: 1 item" }).waitFor();
    await board.keyboard.press("ArrowRight");
    await board.getByRole("tooltip").filter({ hasText: "Ready: 0 items" }).waitFor();

    // Bob marks it ready from the status badge: Alice's badge and her dashboard follow.
    await bobRow.getByTestId("item-status").click();
    await bob.getByRole("menuitemradio", { name: "Ready" }).click();
    const aliceStatus = alice
      .getByTestId("item-row")
      .filter({ hasText: "Blue glazed vase" })
      .getByTestId("item-status");
    await expect.poll(() => aliceStatus.getAttribute("data-status")).toBe("ready");
    await expect.poll(() => statusRow("ready").textContent()).toBe("1");
    expect(await statusRow("draft").textContent()).toBe("0");
    await board.close();

    // Alice makes Bob a viewer: his editing controls go away, the form is gone, and a note says why.
    await tab(alice, "Team");
    await changeRole(alice, "bob@shop.example", "viewer");
    await bob.getByRole("note").filter({ hasText: "viewer" }).waitFor();
    expect(await bobRow.getByRole("button", { name: /Status of/ }).count()).toBe(0);
    expect(await bob.getByRole("button", { name: "Add item" }).count()).toBe(0);
    expect(await bobRow.getByRole("button", { name: /Edit/ }).count()).toBe(0);

    // Alice removes the item: it disappears for Bob.
    await tab(alice, "Catalogue");
    await alice.getByRole("button", { name: "Remove Blue glazed vase" }).click();
    await bob.getByText("No items yet").waitFor();

    // Removing a member asks first; Cancel keeps him, confirming removes him and closes the room to him.
    await tab(alice, "Team");
    const members = alice.getByTestId("member-list");
    await alice.getByRole("button", { name: "Remove bob@shop.example" }).click();
    const confirm = alice.getByRole("alertdialog", { name: "Remove bob@shop.example?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await members.textContent()).toContain("bob@shop.example");
    await alice.getByRole("button", { name: "Remove bob@shop.example" }).click();
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await expect.poll(() => members.textContent()).not.toContain("bob@shop.example");
    // Bob is taken to his rooms and told who removed him from which room.
    await bob.waitForURL(`${e2e.server.url}/`);
    await bob.getByRole("status").filter({ hasText: "alice@shop.example removed you from" }).waitFor();
  });

  it("shows the server's reason when an edit is refused, and keeps the list intact", async () => {
    const page = await newPage();
    await signUp(page, e2e.server.url, "carol@shop.example");
    await createRoom(page, "Refusals");
    await page.getByLabel("Title", { exact: true }).fill("First");
    await page.getByLabel("SKU", { exact: true }).fill("SAME-SKU");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByTestId("item-row").waitFor();
    await page.getByLabel("Title", { exact: true }).fill("Second");
    await page.getByLabel("SKU", { exact: true }).fill("SAME-SKU");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByRole("alert").filter({ hasText: "SKU SAME-SKU is already used in this room" }).waitFor();
    await expect.poll(() => page.getByTestId("item-row").count()).toBe(1);
    // What was typed is back in the form, to be put right.
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Second");
    expect(await page.getByLabel("SKU", { exact: true }).inputValue()).toBe("SAME-SKU");
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
