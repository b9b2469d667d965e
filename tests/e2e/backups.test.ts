/**
 * Backups in Chromium, as an owner uses them: Settings → Backups downloads
 * the whole room as a ZIP (its data and photos), and restoring to an
 * earlier time says plainly when this server keeps no history.
 */
import { describe, expect, it } from "vitest";
import { downloadedBytes } from "../support/downloads";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, openTab, signUp } from "../support/flows";
import { zipEntries } from "../support/zip-entries";

const e2e = setUpServerAndBrowser();

describe("backups", () => {
  it("downloads a copy of the room, and says why a restore cannot be done here", async () => {
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
    const entries = zipEntries(new Uint8Array(await downloadedBytes(download)));
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
    await context.close();
  });
});
