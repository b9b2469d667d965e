/**
 * Deleting a room while others have it open: the owner's other tab and a
 * member are each taken to their rooms, told who deleted it; a member who
 * was offline with a change waiting is told, when back, that the room is
 * gone and the change could not be kept (it does not wait for ever); and
 * the room's invitation link says the room was deleted. A member removed
 * from a room is told who removed them from which room.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, addItem, createRoom, inviteByEmail, openTab, signUp } from "../support/flows";
import { cuttableLine } from "../support/line";

const e2e = setUpServerAndBrowser();

const notice = (page: Page) => page.getByRole("main").getByRole("status").first();

describe("a room that ends for people who have it open", () => {
  it("takes everyone to their rooms when it is deleted, saying by whom and what became of waiting changes", async () => {
    const url = e2e.server.url;
    const ownerContext = await e2e.browser.newContext();
    const owner = await ownerContext.newPage();
    await signUp(owner, url, "owner.deletes@shop.example");
    await createRoom(owner, "Closing down");
    const roomUrl = owner.url();
    await addItem(owner, { title: "Last vase" });
    // The room's join link, to try after the room is gone.
    await openTab(owner, "Team");
    await owner.getByRole("button", { name: "Show QR code" }).click();
    const joinLink = await owner.getByTestId("invite-code").getByRole("link").first().getAttribute("href");
    await inviteByEmail(owner, "member.stays@shop.example");
    await inviteByEmail(owner, "member.offline@shop.example");

    // The owner's second tab, a member online, and a member whose line goes with a change waiting.
    const secondTab = await ownerContext.newPage();
    await secondTab.goto(roomUrl);
    await secondTab.getByTestId("item-row").filter({ hasText: "Last vase" }).waitFor();
    const member = await (await e2e.browser.newContext()).newPage();
    await acceptInvitation(member, url, "member.stays@shop.example", "Closing down", roomUrl);
    const away = await (await e2e.browser.newContext()).newPage();
    const line = await cuttableLine(away);
    await acceptInvitation(away, url, "member.offline@shop.example", "Closing down", roomUrl);
    const awayRow = away.getByTestId("item-row").filter({ hasText: "Last vase" });
    await awayRow.waitFor();
    await line.cut();
    await awayRow.getByRole("button", { name: /edit title of Last vase/ }).click();
    await awayRow.getByLabel("Edit title of Last vase").fill("Last blue vase");
    await awayRow.getByLabel("Edit title of Last vase").press("Enter");
    await away.getByTestId("changes-waiting").waitFor();

    // The owner deletes the room.
    await openTab(owner, "Settings");
    await owner.getByRole("button", { name: "Delete room" }).click();
    await owner
      .getByRole("alertdialog", { name: "Delete Closing down?" })
      .getByRole("button", { name: "Delete room" })
      .click();
    await owner.waitForURL(`${url}/`);

    // Her other tab and the member online are taken to their rooms, and told.
    await secondTab.waitForURL(`${url}/`);
    await notice(secondTab).filter({ hasText: "You deleted “Closing down”." }).waitFor();
    await member.waitForURL(`${url}/`);
    await notice(member).filter({ hasText: "“Closing down” was deleted by owner.deletes@shop.example." }).waitFor();

    // The member who was offline comes back: told the room is gone and the change could not be kept.
    line.restore();
    await away.waitForURL(`${url}/`, { timeout: 60_000 });
    await notice(away)
      .filter({
        hasText: "“Closing down” was deleted. 1 change you made there was not saved yet and could not be kept.",
      })
      .waitFor();

    // The invitation link of the room says it is gone, instead of "Opening the invitation…" for ever.
    const newcomer = await (await e2e.browser.newContext()).newPage();
    await newcomer.goto(joinLink as string);
    await newcomer.getByRole("heading", { name: "This room was deleted" }).waitFor();
    // And the room's own address says so too.
    await secondTab.goto(roomUrl);
    await secondTab.getByRole("heading", { name: "This room was deleted" }).waitFor();
  }, 120_000);

  it("tells a removed member who removed them from which room", async () => {
    const url = e2e.server.url;
    const owner = await (await e2e.browser.newContext()).newPage();
    await signUp(owner, url, "owner.removes@shop.example");
    await createRoom(owner, "Tidy team");
    const roomUrl = owner.url();
    await inviteByEmail(owner, "member.goes@shop.example");
    const member = await (await e2e.browser.newContext()).newPage();
    await acceptInvitation(member, url, "member.goes@shop.example", "Tidy team", roomUrl);
    // The member has the room open (live) when the owner removes them.
    await expect.poll(() => member.getByTestId("connection-badge").textContent()).toBe("Live");
    await member.getByTestId("room-name").waitFor();
    await owner.getByRole("button", { name: "Remove member.goes@shop.example" }).click();
    await owner
      .getByRole("alertdialog", { name: "Remove member.goes@shop.example?" })
      .getByRole("button", { name: "Remove", exact: true })
      .click();
    await member.waitForURL(`${url}/`);
    await notice(member).filter({ hasText: "owner.removes@shop.example removed you from “Tidy team”." }).waitFor();
    // As long as its sibling's: two sign-ups and a room's first wake on a loaded machine.
  }, 120_000);
});
