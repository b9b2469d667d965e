/**
 * What the app says when something is not right, as a shop owner meets it:
 * a taken address on sign-up says what to do; a title too long is refused
 * in words, never cut without one; and with the browser offline the header
 * says "Offline", not a countdown to a retry that cannot work.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

describe("in words", () => {
  it("tells a taken address to sign in or reset, refuses a too-long title with its length, and says Offline", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "taken@shop.example");

    // Someone signs up again with the same address (another browser).
    const other = await (await e2e.browser.newContext()).newPage();
    await other.goto(`${e2e.server.url}/sign-up`);
    await other.getByLabel("E-mail").fill("taken@shop.example");
    await other.getByLabel("Password").fill("another long password");
    await other.getByRole("button", { name: "Create account" }).click();
    const taken = other.getByRole("alert").filter({ hasText: "There is already an account for this e-mail." });
    await taken.waitFor();
    await taken.getByRole("link", { name: "Reset password" }).waitFor();
    await taken.getByRole("link", { name: "Sign in" }).click();
    await other.waitForURL(/\/sign-in/);

    // A pasted title of 726 characters is refused, saying how long it may be and how long it is.
    await createRoom(page, "Words");
    const long = "A".repeat(726);
    await page.getByLabel("Title", { exact: true }).fill(long);
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toHaveLength(726);
    await page.getByRole("button", { name: "Add item" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Title can be at most 200 characters; this one has 726." })
      .waitFor();
    expect(await page.getByTestId("item-row").count()).toBe(0);

    // The browser loses its network: the header says Offline.
    await addItem(page, { title: "Short title" });
    await context.setOffline(true);
    const badge = page.getByTestId("connection-badge");
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toMatch(/^Offline/);
    expect(await badge.textContent()).not.toMatch(/Reconnecting/);
    await context.setOffline(false);
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe("Live");
    await context.close();
  });

  it("says once why a logo was refused, lets it be dismissed, and leaves no unfinished upload behind", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "words.logo@shop.example");
    await createRoom(page, "Logos");
    const roomUrl = page.url();
    await page.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByTestId("logo-input").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not a png at all"),
    });
    const logo = page.getByRole("region", { name: "Room logo" });
    const alert = logo.getByRole("alert");
    await alert.first().waitFor();
    // Once, not twice; and the person can put it away.
    await expect.poll(() => alert.count()).toBe(1);
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => alert.count()).toBe(0);
    // A refused file is not an upload waiting to be continued.
    await page.goto(roomUrl);
    await page.getByRole("button", { name: "New items from photos" }).waitFor();
    expect(await page.getByText(/Unfinished uploads/).count()).toBe(0);
    await context.close();
  });
});
