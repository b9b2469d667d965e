/**
 * The room's invite QR code in Chromium: the code on screen decodes (with
 * jsQR, an independent reader) to the join link, and someone without an
 * account who opens it signs up and lands in the room as the chosen role.
 */
import { resolve } from "node:path";
import jsQR from "jsqr";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

/** Reads the pixels of an <img> in the page and decodes them in Node. */
async function decodeImage(image: Locator): Promise<string | null> {
  const { width, height, data } = await image.evaluate((element) => {
    const img = element as HTMLImageElement;
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(img, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  });
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

describe("joining by invite QR code", () => {
  it("shows a code (with the room's logo) for the join link; a newcomer who opens it signs up and joins as a viewer", async () => {
    const alice = await (await e2e.browser.newContext()).newPage();
    await signUp(alice, e2e.server.url, "alice.qr@shop.example");
    await createRoom(alice, "Pop-up market");
    const tab = (name: string) =>
      alice.getByRole("navigation", { name: "Room" }).getByRole("link", { name, exact: true }).click();
    // The room's logo (Settings) goes in the centre of its codes; they must still scan.
    await tab("Settings");
    await alice.getByTestId("logo-input").setInputFiles(resolve("tests/fixtures/photos/plain.jpg"));
    await alice.getByTestId("room-logo").waitFor();
    await tab("Team");
    await alice.getByLabel("Join by QR code, as").selectOption("viewer");
    await alice.getByRole("button", { name: "Show QR code" }).click();
    const code = alice.getByTestId("invite-code");
    const image = code.getByRole("img", { name: "Scan me!" });
    await image.waitFor();
    const link = await code.getByRole("link").first().getAttribute("href");
    expect(link).toMatch(/\/join\/[A-Za-z0-9]+#[A-Za-z0-9_-]{43}$/);
    expect(await decodeImage(image)).toBe(link);
    // The link beside the code copies with one press.
    await alice.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
    await code.getByRole("button", { name: "Copy link" }).click();
    await code.getByText("Copied").waitFor();
    expect(await alice.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const bob = await (await e2e.browser.newContext()).newPage();
    await bob.goto(link as string);
    await bob.getByRole("heading", { name: "alice.qr@shop.example invited you to Pop-up market" }).waitFor();
    expect(bob.url()).not.toContain("#");
    await bob.getByRole("link", { name: "create an account" }).click();
    await bob.getByLabel("E-mail").fill("bob.qr@shop.example");
    await bob.getByLabel("Password").fill("a long password");
    await bob.getByRole("button", { name: "Create account" }).click();
    await bob.waitForURL(/\/rooms\/[A-Za-z0-9]+$/);
    await expect.poll(() => bob.getByTestId("room-name").textContent()).toBe("Pop-up market");
    // A viewer: the list, but no way to add items.
    await bob.getByText("No items yet").waitFor();
    expect(await bob.getByRole("button", { name: "Add item" }).count()).toBe(0);
    await expect.poll(() => alice.getByTestId("member-list").textContent()).toContain("bob.qr@shop.example");

    // Stopping the links turns a later visit away.
    await alice.getByRole("button", { name: "Stop all join links" }).click();
    await alice.getByRole("status").filter({ hasText: "1 join link stopped." }).waitFor();
    const carol = await (await e2e.browser.newContext()).newPage();
    await signUp(carol, e2e.server.url, "carol.qr@shop.example");
    await carol.goto(link as string);
    await carol.getByRole("alert").filter({ hasText: "This join link is not valid or has expired" }).waitFor();
  });
});
