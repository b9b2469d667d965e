/**
 * Edits made with no line to the server, in Chromium: they show at once and
 * are counted as waiting; they and the room's documents are kept in the
 * browser's IndexedDB, so a reload while still cut off opens the room with
 * the edit on top; when the line comes back it is saved, once. Signing out
 * clears what was kept.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { createRoom, signUp } from "../support/flows";
import { keptCollections } from "../support/kept-collections";
import { cuttableLine } from "../support/line";

const e2e = setUpServerAndBrowser();

describe("offline edits", () => {
  it("keep waiting through a reload with no line, then are saved once", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const line = await cuttableLine(page);
    await signUp(page, e2e.server.url, "basement@shop.example");
    await createRoom(page, "Basement");
    await page.getByLabel("Title", { exact: true }).fill("Oak stool");
    await page.getByRole("button", { name: "Add item" }).click();
    const row = page.getByTestId("item-row").filter({ hasText: "Oak stool" });
    await row.waitFor();
    const badge = page.getByTestId("connection-badge");
    // The new item shows at once (its stub); the line is cut only once the server has it.
    await expect.poll(() => badge.textContent()).toBe("Live");

    // The room is kept in the browser (written a moment after its data arrives).
    await expect.poll(() => keptCollections(page)).toEqual(["itemCounts", "items", "locations", "members", "rooms"]);
    await line.cut();
    await row.getByRole("button", { name: "Edit quantity of Oak stool" }).click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("12");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => row.getByRole("button", { name: "Edit quantity of Oak stool" }).locator(".cell-value").textContent())
      .toBe("12");
    await expect.poll(() => badge.getByTestId("changes-waiting").textContent()).toBe(" · 1 change waiting");

    // A reload with the line still cut: the room opens from what the browser kept, with the
    // change still waiting on top (both kept in IndexedDB).
    await page.reload();
    await expect
      .poll(() => badge.getByTestId("changes-waiting").textContent(), { timeout: 20_000 })
      .toBe(" · 1 change waiting");
    await expect.poll(() => page.getByTestId("room-name").textContent()).toBe("Basement");
    await expect
      .poll(() => row.getByRole("button", { name: "Edit quantity of Oak stool" }).locator(".cell-value").textContent())
      .toBe("12");
    await row.getByRole("img", { name: "Not saved yet" }).waitFor();

    // The line comes back: the change goes once, and the badge is live with nothing waiting.
    const sent: string[] = [];
    page.on("websocket", (socket) =>
      socket.on("framesent", (frame) => {
        if (typeof frame.payload === "string" && frame.payload.includes('"items.update"')) sent.push(frame.payload);
      }),
    );
    await line.back();
    const saved = page.getByTestId("item-row").filter({ hasText: "Oak stool" });
    await expect
      .poll(() =>
        saved.getByRole("button", { name: "Edit quantity of Oak stool" }).locator(".cell-value").textContent(),
      )
      .toBe("12");
    expect(sent).toHaveLength(1);

    // Nothing is left to send next time.
    await page.reload();
    await saved.waitFor();
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toBe("Live");
    const journals = await page.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name).filter((name) => name?.startsWith("stockroom-")),
    );
    // The waiting calls (empty now) and the room's documents.
    expect(journals).toHaveLength(2);

    // Signing out clears the kept calls.
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
    // Deleting them loads the offline code and waits for the room's connections to let go: slow on a loaded machine.
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await indexedDB.databases()).map((db) => db.name).filter((name) => name?.startsWith("stockroom-")),
          ),
        { timeout: 30_000 },
      )
      .toEqual([]);
    await context.close();
  });

  it("opens a room seen before with the browser offline: the page from the service worker, the room from IndexedDB", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "no-signal@shop.example");
    await createRoom(page, "No signal");
    await page.getByLabel("Title", { exact: true }).fill("Copper kettle");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByTestId("item-row").filter({ hasText: "Copper kettle" }).waitFor();
    // The service worker takes the page and keeps the shell; the room is kept in IndexedDB.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByTestId("item-row").filter({ hasText: "Copper kettle" }).waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(() => keptCollections(page)).toEqual(["itemCounts", "items", "locations", "members", "rooms"]);
    await page.waitForLoadState("networkidle");

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId("room-name").textContent(), { timeout: 20_000 }).toBe("No signal");
    await page.getByTestId("item-row").filter({ hasText: "Copper kettle" }).waitFor();
    expect(await page.getByTestId("connection-badge").getAttribute("data-status")).not.toBe("connected");
    // With no network the header says so (no countdown to a retry that cannot work), and still names who is in.
    await expect.poll(() => page.getByTestId("connection-badge").textContent()).toMatch(/^Offline/);
    expect(await page.getByTestId("user-menu").textContent()).toContain("no-signal@shop.example");

    // Back online: the browser's "online" event brings the connection back by itself.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId("connection-badge").textContent(), { timeout: 30_000 }).toBe("Live");
    await context.close();
  });

  it("keeps a photo chosen with no line waiting, and uploads it into a new item when the line is back", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const line = await cuttableLine(page);
    await signUp(page, e2e.server.url, "basement.photo@shop.example");
    await createRoom(page, "Photo basement");
    await page.getByText("No items yet").waitFor();
    const badge = page.getByTestId("connection-badge");
    await expect.poll(() => badge.textContent()).toBe("Live");
    await expect.poll(() => keptCollections(page)).toEqual(["itemCounts", "locations", "members", "rooms"]);
    await line.cut();

    await page.getByTestId("photo-input").setInputFiles({
      name: "lamp-exif.jpg",
      mimeType: "image/jpeg",
      buffer: readFileSync(resolve("tests/fixtures/photos/lamp-exif.jpg")),
    });
    const upload = page.getByTestId("upload").filter({ hasText: "lamp-exif.jpg" });
    await upload.filter({ hasText: "Waiting for the line: starts when back online" }).waitFor();
    expect(await upload.getAttribute("data-state")).toBe("paused");

    await line.back();
    const row = page.getByTestId("item-row").filter({ hasText: "Brass desk lamp" });
    await row.waitFor({ timeout: 30_000 });
    await page.getByTestId("upload").filter({ hasText: "Item added" }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("item-row").count()).toBe(1);
    await context.close();
  });
});
