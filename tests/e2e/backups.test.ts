/**
 * Backups in Chromium, as an owner uses them: Settings → Backups downloads
 * the whole room as a ZIP (its data and photos), restoring to an earlier
 * time says plainly when this server keeps no history, and the ZIP restored
 * into a new room from the rooms page makes the room again.
 */
import { describe, expect, it } from "vitest";
import { downloadedBytes } from "../support/downloads";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, openTab, signUp } from "../support/flows";
import { zipEntries } from "../support/zip-entries";

const e2e = setUpServerAndBrowser();

describe("backups", () => {
  it("downloads a copy of the room, says why a restore in time cannot be done here, and restores the copy into a new room", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "backup@shop.example");
    await createRoom(page, "Backed up ceramics");
    await addItem(page, { title: "Speckled mug", price: "18" });
    await openTab(page, "Settings");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download a copy of this room" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stockroom-Backed-up-ceramics-\d{4}-\d\d-\d\d\.zip$/);
    const backup = await downloadedBytes(download);
    const entries = zipEntries(new Uint8Array(backup));
    const json = JSON.parse(new TextDecoder().decode(entries.get("room.json")));
    expect(json.room.name).toBe("Backed up ceramics");
    expect(json.tables.items.map((item: { title: string }) => item.title)).toEqual(["Speckled mug"]);
    expect(new TextDecoder().decode(entries.get("items.csv"))).toContain("Speckled mug");

    await page.getByRole("button", { name: "Restore…" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore room" }).click();
    await page.getByText("Restoring to an earlier time is not available on this server").waitFor();
    // Nothing changed: the item is still there.
    await openTab(page, "Catalogue");
    await page.getByText("Speckled mug").first().waitFor();

    // The copy, restored into a new room from the rooms page.
    await page.goto(`${e2e.server.url}/`);
    await page
      .getByLabel("Restore from a backup file")
      .setInputFiles({ name: download.suggestedFilename(), mimeType: "application/zip", buffer: backup });
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.waitForURL(/\/rooms\/[^/]+\/settings$/);
    await page.getByRole("heading", { name: "Backed up ceramics (restored)" }).waitFor();
    // Once restored, the room's screens read it afresh: the mug is in the new room's catalogue.
    await openTab(page, "Catalogue");
    await page.getByText("Speckled mug").first().waitFor({ timeout: 60_000 });
    expect(page.url()).not.toContain(json.room.id);
    await context.close();
  });
});
