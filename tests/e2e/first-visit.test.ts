/**
 * A first visit, then no line to the server: a reload still shows the
 * app — every part of it was kept when the service worker installed, even
 * pages never opened yet — instead of a blank page; and a part that cannot
 * be fetched says so and loads by itself once the server answers again.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

describe("a first visit", () => {
  it("opens pages never visited with no line, from what the service worker kept at install", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "first.visit@shop.example");
    await createRoom(page, "First visit");
    // The service worker is installed (and has kept the app) once it is ready.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // The server cannot be reached; the account page, never opened, still opens.
    await context.setOffline(true);
    await page.goto(`${e2e.server.url}/account`);
    await page.getByRole("banner").getByText("Your account").waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it("says a page could not load, and loads it by itself once the server answers", async () => {
    // No service worker here: the page's code comes from the network, where it fails for a while.
    const context = await e2e.browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "flaky.line@shop.example");
    let failing = true;
    await context.route(/\/assets\/AccountPage-[^/]*\.js$/, (route) => (failing ? route.abort() : route.continue()));
    await page.goto(`${e2e.server.url}/account`);
    await page.getByRole("alert").filter({ hasText: "This page could not load" }).waitFor();
    failing = false;
    await page.getByRole("banner").getByText("Your account").waitFor({ timeout: 30_000 });
    await context.close();
  });
});
