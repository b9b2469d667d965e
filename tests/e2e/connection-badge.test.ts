/**
 * The connection badge follows the server: live, then "Reconnecting in N s"
 * while it is down, then live again once it is back — with the room's data
 * still there, an edit made meanwhile shown at once and counted as
 * waiting, then saved, and new edits flowing.
 */
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";
import { startServer } from "../support/server";

const e2e = setUpServerAndBrowser({ own: true });

describe("connection badge", () => {
  it("goes to waiting when the server stops and back to live when it returns", { timeout: 150_000 }, async () => {
    const page = await e2e.browser.newPage();
    await page.goto(e2e.server.url);
    const badge = page.getByTestId("connection-badge");
    await expect.poll(() => badge.getAttribute("data-status")).toBe("connected");
    await signUp(page, e2e.server.url, "ops@shop.example");
    await createRoom(page, "Outage drill");
    await page.getByLabel("Title", { exact: true }).fill("Survives the outage");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByTestId("item-row").waitFor();
    // The row shows at once (its stub); the server is stopped only once it has the item.
    await expect.poll(() => badge.textContent()).toBe("Live");

    await e2e.server.stop();
    // Between its tries the client waits, counting down; the first tries come quickly, so the
    // badge passes through "Reconnecting…" too: wait for the countdown, not for one moment of it.
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toMatch(/Reconnecting in \d+ s/);
    expect(await page.getByTestId("item-row").count()).toBe(1);

    // An edit made while the server is away shows at once, marked, and the badge counts it.
    const row = page.getByTestId("item-row").filter({ hasText: "Survives the outage" });
    await row.getByRole("button", { name: "Edit location of Survives the outage" }).click();
    await page.keyboard.type("Basement shelf 2");
    await page.keyboard.press("Enter");
    await row.getByText("Basement shelf 2").waitFor();
    await row.getByRole("img", { name: "Not saved yet" }).waitFor();
    await expect.poll(() => badge.getByTestId("changes-waiting").textContent()).toBe(" · 1 change waiting");

    e2e.server = await startServer({ port: e2e.server.port, stateDir: e2e.server.stateDir });
    // No click: the client's own retry timer brings it back (back-off ~10-25 s by now).
    await expect.poll(() => badge.getAttribute("data-status"), { timeout: 60_000 }).toBe("connected");
    // The waiting edit went when the line came back, and the server kept it.
    await row.getByRole("img", { name: "Not saved yet" }).waitFor({ state: "detached", timeout: 20_000 });
    // "Saving 1 change…" until the server's answer is in, then Live.
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toBe("Live");
    await page.reload();
    await page.getByTestId("item-row").filter({ hasText: "Basement shelf 2" }).waitFor();
    await page.getByLabel("Title", { exact: true }).fill("After the outage");
    await page.getByRole("button", { name: "Add item" }).click();
    await expect.poll(() => page.getByTestId("item-row").count()).toBe(2);
  });
});
