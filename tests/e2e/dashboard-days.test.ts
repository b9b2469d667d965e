/**
 * The dashboard counts days where its screen is: an item added now is on
 * today's bar for a shop owner whose day is not UTC's (Auckland, or
 * Honolulu), as the rest of the page's dates are local.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, signUp } from "../support/flows";

const e2e = setUpServerAndBrowser();

/** A zone whose date is not UTC's right now, well clear of its midnight (so the test means something). */
function zoneOnAnotherDay(now: Date): string {
  const utcDay = now.toISOString().slice(0, 10);
  const zones = ["Pacific/Kiritimati", "Pacific/Auckland", "Asia/Tokyo", "Pacific/Honolulu", "America/Los_Angeles"];
  for (const zone of zones) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(now)
        .map((part) => [part.type, part.value]),
    );
    const minutesIntoDay = Number(parts.hour) * 60 + Number(parts.minute);
    const clearOfMidnight = minutesIntoDay > 10 && minutesIntoDay < 24 * 60 - 10;
    if (`${parts.year}-${parts.month}-${parts.day}` !== utcDay && clearOfMidnight) return zone;
  }
  return "Pacific/Auckland";
}

describe("the dashboard's days", () => {
  it("puts an item added now on the screen's today, whatever UTC's day is", async () => {
    const zone = zoneOnAnotherDay(new Date());
    const context = await e2e.browser.newContext({ timezoneId: zone, locale: "en-US" });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "days@shop.example");
    await createRoom(page, "Far away");
    await addItem(page, { title: "Kauri bowl" });
    await page.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Dashboard", exact: true }).click();

    const today = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: zone }).format(
      new Date(),
    );
    const bars = page.getByRole("listbox", { name: /^Items added per day/ }).getByRole("option");
    await expect.poll(() => bars.last().getAttribute("aria-label")).toBe(`${today}: 1 item added`);
    await context.close();
  });
});
