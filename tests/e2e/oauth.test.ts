/**
 * Google sign-in in Chromium, with Google's sign-in page faked by routing
 * its URL: the popup opens, the end page hands the outcome to the opener,
 * and a blocked popup falls back to signing in in the same tab. (The token
 * exchange behind a successful sign-in is covered in tests/worker/oauth.test.ts,
 * where Google's token endpoint can be faked.)
 */
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";

// The full Chromium: the headless shell's routes miss the server's redirect to Google's page.
const e2e = setUpServerAndBrowser({
  vars: { GOOGLE_CLIENT_ID: "e2e-client-id", GOOGLE_CLIENT_SECRET: "e2e-secret" },
  fullBrowser: true,
});

/** Google's consent page, where the person says no. */
async function googleDeclines(context: BrowserContext): Promise<string[]> {
  const visits: string[] = [];
  await context.route("https://accounts.google.com/**", async (route) => {
    const url = new URL(route.request().url());
    visits.push(url.href);
    const back = new URL(url.searchParams.get("redirect_uri") ?? "");
    back.searchParams.set("error", "access_denied");
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    await route.fulfill({ status: 302, headers: { Location: back.href } });
  });
  return visits;
}

describe("Google sign-in in the browser", () => {
  it("opens a popup, and the popup's outcome reaches the sign-in page", async () => {
    const context = await e2e.browser.newContext();
    const visits = await googleDeclines(context);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/sign-in`);
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    const popup = await popupOpened;
    await popup.waitForEvent("close");
    expect(new URL(visits[0] ?? "").searchParams.get("client_id")).toBe("e2e-client-id");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Google sign-in was cancelled.");
    await expect.poll(() => page.getByRole("button", { name: "Continue with Google" }).isEnabled()).toBe(true);
    await context.close();
  });

  it("a blocked popup offers to continue in this tab, which comes back to the sign-in page", async () => {
    const context = await e2e.browser.newContext();
    await googleDeclines(context);
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("The login popup was blocked by the browser");
    await page.getByRole("button", { name: "Continue in this tab instead" }).click();
    await page.waitForURL(`${e2e.server.url}/sign-in`);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Google sign-in was cancelled.");
    await context.close();
  });

  it("offers no OAuth buttons for services that are not configured", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    expect(await page.getByRole("button", { name: "Continue with Facebook" }).count()).toBe(0);
    await page.close();
  });
});
