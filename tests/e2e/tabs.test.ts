/**
 * Several tabs of one browser, as a person has them: "Log out other
 * devices" keeps this browser's tabs signed in; signing out in one tab
 * signs the others out quietly (no claim that the password was changed);
 * and a room tab left open while another tab signed out and back in shows
 * the room again, not "You do not have access".
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

const signedInAs = (page: Page) => page.getByTestId("user-menu").textContent();

async function signIn(page: Page, email: string) {
  await page.goto(`${e2e.server.url}/sign-in`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("a long password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => signedInAs(page)).toContain(email);
}

describe("tabs of one browser", () => {
  it("keeps this browser signed in after Log out other devices, and signs tabs out quietly", async () => {
    const context = await e2e.browser.newContext();
    const first = await context.newPage();
    await signUp(first, e2e.server.url, "tabs@shop.example");
    const second = await context.newPage();
    await second.goto(e2e.server.url);
    await expect.poll(() => signedInAs(second)).toContain("tabs@shop.example");

    // "Log out other devices" in the first tab: the second tab, same browser, stays in and can work.
    await first.goto(`${e2e.server.url}/account`);
    await first.getByRole("button", { name: "Log out other devices" }).click();
    await first
      .getByRole("status")
      .filter({ hasText: /signed out|logged out/i })
      .waitFor();
    await createRoom(second, "Still signed in");
    await expect.poll(() => second.getByTestId("room-name").textContent()).toBe("Still signed in");
    await first.reload();
    await expect.poll(() => signedInAs(first)).toContain("tabs@shop.example");

    // A plain sign-out in the first tab signs the second out too, without a wrong reason.
    await first.getByTestId("user-menu").click();
    await first.getByRole("menuitem", { name: "Sign out" }).click();
    await second.getByRole("link", { name: "Sign in" }).first().waitFor({ timeout: 15_000 });
    await second.goto(`${e2e.server.url}/sign-in`);
    expect(await second.textContent("body")).not.toMatch(/password was changed|Log out other devices/);
    await context.close();
  });

  it("shows an open room again to its member who signed out and back in from another tab", async () => {
    const context = await e2e.browser.newContext();
    const room = await context.newPage();
    await signUp(room, e2e.server.url, "back-again@shop.example");
    await createRoom(room, "Back again");
    const other = await context.newPage();
    await other.goto(e2e.server.url);
    await other.getByTestId("user-menu").click();
    await other.getByRole("menuitem", { name: "Sign out" }).click();
    await room.getByRole("heading", { name: "Sign in to open this room" }).waitFor({ timeout: 15_000 });
    await signIn(other, "back-again@shop.example");
    await expect.poll(() => room.getByTestId("room-name").textContent(), { timeout: 15_000 }).toBe("Back again");
    expect(await room.getByText("You do not have access to this room").count()).toBe(0);
    await context.close();
  });
});
