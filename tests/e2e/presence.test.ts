/**
 * Presence in two browsers: Alice and Bob open the same room, each header
 * lists both of them (with "you" marked); Bob closes his page and Alice's
 * header drops him without a reload.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";

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
});
