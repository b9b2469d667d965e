/**
 * Stocktake with two phones scanning printed labels with their cameras
 * (Chromium's fake camera playing a video of a label the test printed):
 * one phone counts online; the other, with no line to the room, counts at
 * once on its own screen and joins the counts when back — each label
 * counted once though the camera saw it for many frames.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { filmLabel, launchPhoneWithCamera } from "../support/fake-camera";
import { acceptInvitation, addItem, createRoom, inviteByEmail, openTab, signUp } from "../support/flows";
import { cuttableLine } from "../support/line";

const e2e = setUpServerAndBrowser();
const videos = mkdtempSync(join(tmpdir(), "labels-video-"));
const phones: Browser[] = [];
afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.close()));
  rmSync(videos, { recursive: true, force: true });
});

const figure = (page: Page, id: string) => page.getByTestId(id).textContent();

describe("stocktake by camera", () => {
  it("counts labels filmed by two phones, one with no line, each once", async () => {
    const url = e2e.server.url;
    const desk = await (await e2e.browser.newContext()).newPage();
    await signUp(desk, url, "alice.camera@shop.example");
    await createRoom(desk, "Camera count");
    const roomUrl = desk.url();
    await addItem(desk, { title: "Mug", sku: "MUG-1", quantity: "3" });
    await addItem(desk, { title: "Jug", sku: "JUG-1", quantity: "1" });

    // Print both labels, and film each as a phone's camera would see it.
    await desk.getByLabel("Select Mug").check();
    await desk.getByLabel("Select Jug").check();
    await desk.getByRole("button", { name: "Print labels" }).click();
    const label = (title: string) => desk.getByTestId("qr-label").filter({ hasText: title });
    await label("Mug").getByRole("img").waitFor();
    await label("Jug").getByRole("img").waitFor();
    await filmLabel(desk, label("Mug"), join(videos, "mug.y4m"));
    await filmLabel(desk, label("Jug"), join(videos, "jug.y4m"));
    await desk.keyboard.press("Escape");

    await inviteByEmail(desk, "bob.camera@shop.example");
    await openTab(desk, "Stocktake");
    await desk.getByRole("button", { name: "Start stocktake" }).click();
    await desk.getByRole("heading", { name: "Stocktake under way" }).waitFor();

    // Alice's phone films the mug's label.
    phones.push(await launchPhoneWithCamera(join(videos, "mug.y4m")));
    const alice = await (
      await phones[0]!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).newPage();
    await alice.goto(`${url}/sign-in`);
    await alice.getByLabel("E-mail").fill("alice.camera@shop.example");
    await alice.getByLabel("Password").fill("a long password");
    await alice.getByRole("button", { name: "Sign in" }).click();
    await alice.waitForURL(`${url}/`);
    await alice.goto(roomUrl);
    await openTab(alice, "Stocktake");
    await alice.getByRole("button", { name: "Scan with camera" }).click();
    await alice.getByTestId("scan-outcome").filter({ hasText: "Counted: Mug" }).waitFor({ timeout: 20_000 });
    // On the phone's screen the camera's picture fits, and nothing runs off the side.
    const view = await alice.getByLabel("Camera view").boundingBox();
    expect((view?.x ?? -1) >= 0 && (view?.x ?? 0) + (view?.width ?? 999) <= 390).toBe(true);
    expect(await alice.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect.poll(() => figure(desk, "items-counted")).toBe("1");

    // Bob's phone films the jug's label in the basement: no line to the room.
    phones.push(await launchPhoneWithCamera(join(videos, "jug.y4m")));
    const bobContext = await phones[1]!.newContext();
    const bob = await bobContext.newPage();
    // Bob's line to the room can be cut (a basement).
    const line = await cuttableLine(bob);
    await acceptInvitation(bob, url, "bob.camera@shop.example", "Camera count", roomUrl);
    await openTab(bob, "Stocktake");
    await bob.getByRole("heading", { name: "Stocktake under way" }).waitFor();
    // The labels the room sent are here before the line goes.
    await expect.poll(() => figure(bob, "items-counted")).toBe("1");
    await line.cut();

    await bob.getByRole("button", { name: "Scan with camera" }).click();
    await bob.getByTestId("scan-outcome").filter({ hasText: "Counted: Jug" }).waitFor({ timeout: 20_000 });
    await expect.poll(() => figure(bob, "items-counted")).toBe("2");
    expect(await figure(desk, "items-counted")).toBe("1");
    await bob.getByRole("button", { name: "Stop camera" }).click();

    await line.back();
    await expect.poll(() => figure(desk, "items-counted"), { timeout: 30_000 }).toBe("2");

    // Each label counted once, though each camera saw its label for many frames.
    await alice.getByRole("button", { name: "Stop camera" }).click();
    const table = desk.getByTestId("stocktake-table");
    // The item's name heads each row; its cells are recorded, counted, difference.
    const countedOf = async (title: string) =>
      (await table.getByRole("row").filter({ hasText: title }).getByRole("cell").nth(1).textContent())?.trim();
    await expect.poll(() => countedOf("Mug")).toBe("1");
    await expect.poll(() => countedOf("Jug")).toBe("1");
    expect(await figure(desk, "items-differing")).toBe("1"); // Mug: 1 counted, 3 recorded
  }, 150_000);
});
