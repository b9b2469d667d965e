/**
 * Presence in two browsers: Alice and Bob open the same room, each header
 * lists both of them (with "you" marked); Bob closes his page and Alice's
 * header drops him without a reload.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, addItem, createRoom, inviteByEmail, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

async function newPage(): Promise<Page> {
  const context = await e2e.browser.newContext();
  return context.newPage();
}

/** The accessible names in the header's "People in this room" list. */
function peopleIn(page: Page): Promise<string[]> {
  return page
    .getByRole("banner")
    .getByRole("list", { name: "People in this room" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label") ?? ""));
}

describe("presence", () => {
  it("shows who is in the room in each header, and drops someone who closes the page", async () => {
    const url = e2e.server.url;
    const bob = await newPage();
    await signUp(bob, url, "bob@presence.example");

    const alice = await newPage();
    await signUp(alice, url, "alice@presence.example");
    await createRoom(alice, "Corner shop");
    const roomUrl = alice.url();
    await alice.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Team" }).click();
    await alice.getByLabel("Invite by e-mail").fill("bob@presence.example");
    await alice.getByRole("button", { name: "Invite", exact: true }).click();
    await alice.getByRole("status").filter({ hasText: "Invitation sent to bob@presence.example" }).waitFor();

    await bob.goto(roomUrl);
    const both = (you: string, other: string) => [`${you} (you)`, other];
    await expect
      .poll(() => peopleIn(alice), { timeout: 15_000 })
      .toEqual(both("alice@presence.example", "bob@presence.example"));
    await expect
      .poll(() => peopleIn(bob), { timeout: 15_000 })
      .toEqual(both("bob@presence.example", "alice@presence.example"));
    // Each person shows as initials, with the label as a tooltip.
    const bobOnAlice = alice.getByRole("listitem", { name: "bob@presence.example" });
    expect(await bobOnAlice.textContent()).toBe("B");
    expect(await bobOnAlice.getAttribute("title")).toBe("bob@presence.example");

    // Bob closes his page: Alice's header follows, in the same page load.
    await alice.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await bob.close();
    await expect.poll(() => peopleIn(alice), { timeout: 30_000 }).toEqual(["alice@presence.example (you)"]);
    expect(await alice.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  it("shows each person by the name they chose, in the header, the team list and the history, live", async () => {
    const url = e2e.server.url;
    const alice = await newPage();
    await signUp(alice, url, "alice.names@presence.example");
    await createRoom(alice, "Named shop");
    const roomUrl = alice.url();
    await addItem(alice, { title: "Teapot" });
    await inviteByEmail(alice, "sam.names@presence.example");
    const samContext = await e2e.browser.newContext();
    const sam = await samContext.newPage();
    await acceptInvitation(sam, url, "sam.names@presence.example", "Named shop", roomUrl);
    await expect.poll(() => peopleIn(alice)).toContain("sam.names@presence.example");

    // Sam names himself on the account page, in another tab; the room open in the first tab stays.
    const account = await samContext.newPage();
    await account.goto(`${url}/account`);
    await account.getByLabel("Name others in your rooms see").fill("Sam Jones");
    await account.getByRole("button", { name: "Save name" }).click();
    await account.getByRole("status").filter({ hasText: "Saved" }).waitFor();

    // Alice sees the name at once: in the header, as initials, and on the team list.
    await expect.poll(() => peopleIn(alice)).toContain("Sam Jones");
    expect(await alice.getByRole("listitem", { name: "Sam Jones" }).textContent()).toBe("SJ");
    expect(await sam.getByTestId("user-menu").textContent()).toContain("Sam Jones");
    await alice.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Team", exact: true }).click();
    await alice.getByTestId("member").filter({ hasText: "Sam Jones" }).waitFor();

    // What Sam changes is his in the item's history.
    const row = sam.getByTestId("item-row").filter({ hasText: "Teapot" });
    await row.getByRole("button", { name: /edit title of Teapot/ }).click();
    await row.getByLabel("Edit title of Teapot").fill("Brown teapot");
    await row.getByLabel("Edit title of Teapot").press("Enter");
    await alice.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Catalogue", exact: true }).click();
    await alice.getByRole("link", { name: "Open Brown teapot" }).last().click();
    await expect
      .poll(() => alice.getByTestId("item-history").textContent())
      .toContain("Sam Jones changed title from Teapot to Brown teapot");
    await samContext.close();
  });
});
