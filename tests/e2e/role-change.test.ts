/**
 * Someone made a viewer while typing: they are told their role changed and
 * what they can do now, and what they had typed — in a catalogue cell or
 * on the item page — is shown as not saved, never dropped without a word.
 */
import { describe, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, addItem, changeRole, createRoom, inviteByEmail, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

describe("a role changed while typing", () => {
  it("says so, and shows what was typed as not saved, in a cell and on the item page", async () => {
    const url = e2e.server.url;
    const owner = await (await e2e.browser.newContext()).newPage();
    await signUp(owner, url, "owner.roles@shop.example");
    await createRoom(owner, "Role play");
    const roomUrl = owner.url();
    await addItem(owner, { title: "Jug" });
    await inviteByEmail(owner, "typing.member@shop.example");
    const member = await (await e2e.browser.newContext()).newPage();
    await acceptInvitation(member, url, "typing.member@shop.example", "Role play", roomUrl);
    const row = member.getByTestId("item-row").filter({ hasText: "Jug" });

    // Half-typed in a cell when the owner makes them a viewer.
    await row.getByRole("button", { name: /edit title of Jug/ }).click();
    await row.getByLabel("Edit title of Jug").fill("Jug, half typed");
    const toast = member.getByRole("region", { name: /Notification/ }).getByRole("listitem");
    await Promise.all([
      toast.filter({ hasText: "Your role in “Role play” is now viewer" }).waitFor(),
      changeRole(owner, "typing.member@shop.example", "viewer"),
    ]);
    await row
      .getByRole("alert")
      .filter({ hasText: "Not saved, you can no longer change items here: “Jug, half typed”" })
      .waitFor();

    // Made a member again, typing on the item page, then a viewer once more.
    await Promise.all([
      toast.filter({ hasText: "is now member" }).waitFor(),
      changeRole(owner, "typing.member@shop.example", "member"),
    ]);
    await row.getByRole("link", { name: "Open Jug" }).last().click();
    await member.getByLabel("Description").fill("A tall jug with a blue glaze");
    await changeRole(owner, "typing.member@shop.example", "viewer");
    await member.getByRole("note").filter({ hasText: "You are a viewer in this room" }).waitFor();
    await member
      .getByTestId("unsaved-drafts")
      .filter({ hasText: "Description: “A tall jug with a blue glaze”" })
      .waitFor();
  });
});
