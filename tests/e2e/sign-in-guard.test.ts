/**
 * Someone who knows the owner's e-mail tries wrong passwords from elsewhere
 * until the account's limit is reached. The owner's own browser, which has
 * signed in before, still gets in with her password; from a new device she
 * is told what happened and gets in with an e-mailed sign-in link.
 */
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { setUpServerAndBrowser } from "../support/e2e";
import { passwordDigest } from "../support/eventually";
import { linkFromOutbox, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

/** One password guess over a fresh DDP connection, as a guessing script would send it. */
async function guess(baseUrl: string, email: string, password: string): Promise<string> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/websocket`);
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.on("error", reject);
      socket.on("open", () => socket.send(JSON.stringify({ msg: "connect", version: "1", support: ["1"] })));
      socket.on("message", (data) => {
        const message = JSON.parse(String(data)) as { msg: string; error?: { error: unknown } };
        if (message.msg === "connected") {
          socket.send(
            JSON.stringify({
              msg: "method",
              id: "1",
              method: "login",
              params: [{ user: { email }, password: passwordDigest(password) }],
            }),
          );
        }
        if (message.msg === "result") resolve(String(message.error?.error ?? "signed in"));
      });
    });
  } finally {
    socket.close(1000);
  }
}

describe("the password limit", () => {
  it("never locks the owner out of her own browser, and a sign-in link gets her in from a new one", async () => {
    const email = "locked-owner@shop.example";
    const ownBrowser = await e2e.browser.newContext();
    const own = await ownBrowser.newPage();
    await signUp(own, e2e.server.url, email, "the owner's password");
    // The browser is known for the account once it holds the key the server issued at sign-in.
    await expect.poll(() => own.evaluate(() => localStorage.getItem("stockroom.deviceKey"))).not.toBeNull();
    await own.getByTestId("user-menu").click();
    await own.getByRole("menuitem", { name: "Sign out" }).click();
    await own.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();

    // Someone else guesses until the account is paused.
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) answers.push(await guess(e2e.server.url, email, `guess number ${i}`));
    expect(answers.slice(0, 10).every((answer) => answer === "403")).toBe(true);
    expect(answers.at(-1)).toBe("too-many-requests");

    // Her own browser: a typo is answered in words, and her password gets her in.
    await own.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await own.getByLabel("E-mail").fill(email);
    await own.getByLabel("Password").fill("the owners password");
    await own.getByRole("button", { name: "Sign in" }).click();
    await own.getByRole("alert").filter({ hasText: "That e-mail and password do not match." }).waitFor();
    await own.getByLabel("Password").fill("the owner's password");
    await own.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => own.getByTestId("user-menu").textContent()).toContain(email);

    // A new device with the right password is told why it waits, and offered the link.
    const newDevice = await e2e.browser.newContext();
    const page = await newDevice.newPage();
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("the owner's password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Too many wrong passwords were tried" });
    await alert.waitFor();
    await alert.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await page.getByRole("status").filter({ hasText: "a sign-in link is on its way" }).waitFor();
    await page.goto(await linkFromOutbox(page, e2e.server.url, email, "Your sign-in link"));
    // Opening the link spends nothing (a mail scanner may open it): the person presses Sign in.
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => page.getByTestId("user-menu").textContent()).toContain(email);
    await ownBrowser.close();
    await newDevice.close();
  });
});
