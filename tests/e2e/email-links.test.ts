/**
 * The e-mail flows end to end: links are read from the development outbox
 * page and followed in the browser, as a person running Stockroom locally would.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { linkFromOutbox as outboxLink, signUp as signUpAt } from "../support/flows";

const e2e = setUpServerAndBrowser();
const signUp = (page: Parameters<typeof signUpAt>[0], email: string, password: string) =>
  signUpAt(page, e2e.server.url, email, password);
const linkFromOutbox = (page: Parameters<typeof outboxLink>[0], to: string, subject: string) =>
  outboxLink(page, e2e.server.url, to, subject);

describe("links in account e-mails", () => {
  it("after sign-up says to check the inbox, reminds until confirmed, resends, and confirms through the link", async () => {
    const page = await (await e2e.browser.newContext()).newPage();
    await signUp(page, "verify-me@example.com", "a long password");
    const inbox = page.getByTestId("check-inbox");
    await inbox.getByRole("heading", { name: "Check your inbox" }).waitFor();
    expect(await inbox.textContent()).toContain("verify-me@example.com");
    const banner = page.getByRole("region", { name: "Confirm your e-mail" });
    expect(await banner.textContent()).toContain("verify-me@example.com");
    await banner.getByRole("button", { name: "Resend" }).click();
    await banner.getByText("Sent again — check your inbox.").waitFor();
    // The banner stays on other pages until the address is confirmed.
    await page.goto(`${e2e.server.url}/account`);
    await page.getByRole("region", { name: "Confirm your e-mail" }).waitFor();

    const link = await linkFromOutbox(page, "verify-me@example.com", "Confirm your e-mail address");
    expect(link).toMatch(/\/#\/verify-email\/[A-Za-z0-9_-]+$/);
    await page.goto(link);
    await page.getByText("your e-mail address is confirmed").waitFor();
    // The token left the address bar at once.
    expect(page.url()).not.toContain("verify-email");
    await page.getByRole("button", { name: "Go to your rooms" }).click();
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Account and password" }).click();
    await page.getByText("confirmed", { exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "Confirm your e-mail" }).count()).toBe(0);
  });

  it("resets a forgotten password through the mailed link", async () => {
    const owner = await (await e2e.browser.newContext()).newPage();
    await signUp(owner, "forgetful@example.com", "the old password");

    const page = await (await e2e.browser.newContext()).newPage();
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByLabel("E-mail").fill("forgetful@example.com");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByRole("status").filter({ hasText: "a link to choose a new password is on its way" }).waitFor();

    const link = await linkFromOutbox(page, "forgetful@example.com", "Reset your Stockroom password");
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("the new password");
    await page.getByLabel("New password, again").fill("the new password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect.poll(() => page.getByTestId("user-menu").textContent()).toContain("forgetful@example.com");

    // The reset ended the owner's other session: that tab is signed out.
    await owner.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor({ timeout: 15_000 });
    // and says why.
    await owner.getByTestId("signed-out-notice").waitFor();
  });
});
