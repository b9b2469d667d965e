/**
 * Signing up, staying signed in across a reload, and two tabs of one browser
 * following each other's sign-in and sign-out (the 3 s token poll).
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";

const e2e = setUpServerAndBrowser();

describe("accounts in the browser", () => {
  it("signs up, survives a reload, and signs in and out across tabs", async () => {
    const context = await e2e.browser.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await second.goto(e2e.server.url);
    // A signed-out visitor sees what Stockroom is, and the ways in.
    await second.getByRole("heading", { name: "The back office your whole shop works in at once" }).waitFor();
    await second.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();

    await first.goto(`${e2e.server.url}/sign-up`);
    await first.getByLabel("E-mail").fill("alice@example.com");
    await first.getByLabel("Password").fill("a long password");
    await first.getByRole("button", { name: "Create account" }).click();
    await first.waitForURL(`${e2e.server.url}/?welcome=1`);
    await expect.poll(() => first.getByTestId("user-menu").textContent()).toContain("alice@example.com");

    // The other tab notices the new token in storage and signs in too.
    await expect
      .poll(() => second.getByTestId("user-menu").textContent(), { timeout: 10_000 })
      .toContain("alice@example.com");

    await first.reload();
    await expect.poll(() => first.getByTestId("user-menu").textContent()).toContain("alice@example.com");

    await first.getByTestId("user-menu").click();
    await first.getByRole("menuitem", { name: "Sign out" }).click();
    await first.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
    await second.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor({ timeout: 10_000 });
    await context.close();
  });

  it("refuses a wrong password without saying whether the account exists", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByLabel("E-mail").fill("nobody@example.com");
    await page.getByLabel("Password").fill("whatever it is");
    await page.getByRole("button", { name: "Sign in" }).click();
    // In words a person can act on (DDP clients still get Meteor's reason), and the same whether or not it exists.
    await page.getByRole("alert").filter({ hasText: "That e-mail and password do not match." }).waitFor();
    await page.close();
  });
});
