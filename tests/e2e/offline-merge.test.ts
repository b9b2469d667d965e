/**
 * Waiting edits meet the server once and meet each other field by field:
 * an edit made with no line in a tab that is then closed is saved once when
 * the room is opened again; two people who change different fields of one
 * item while cut off both keep their change when they are back, and on the
 * same field the server's order decides and both see the winner.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { acceptInvitation, addItem, createRoom, inviteByEmail, signUp } from "../support/flows";
import { type CuttableLine, cuttableLine } from "../support/line";

const e2e = setUpServerAndBrowser();

/** The calls waiting in this browser's IndexedDB journals (app/live/call-journal.ts). */
function journalled(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let count = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith("stockroom-calls:")) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      if (db.objectStoreNames.contains("calls")) {
        count += await new Promise<number>((resolve, reject) => {
          const request = db.transaction("calls").objectStore("calls").count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      }
      db.close();
    }
    return count;
  });
}

async function editCell(page: Page, field: string, title: string, value: string) {
  const row = page.getByTestId("item-row").filter({ hasText: title });
  await row.getByRole("button", { name: `Edit ${field} of ${title}` }).click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(value);
  await page.keyboard.press("Enter");
}

const cell = (page: Page, field: string, title: string) =>
  page
    .getByTestId("item-row")
    .filter({ hasText: title })
    .getByRole("button", { name: `Edit ${field} of ${title}` })
    .locator(".cell-value")
    .textContent();

describe("waiting edits", () => {
  it("made in a tab closed with no line are saved once when the room is opened again", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const line = await cuttableLine(page);
    await signUp(page, e2e.server.url, "closed.tab@shop.example");
    await createRoom(page, "Closed tab");
    const roomUrl = page.url();
    await addItem(page, { title: "Pine shelf", price: "30", quantity: "4" });
    const badge = page.getByTestId("connection-badge");
    await expect.poll(() => badge.textContent()).toBe("Live");
    await line.cut();
    await editCell(page, "quantity", "Pine shelf", "9");
    await expect.poll(() => badge.getByTestId("changes-waiting").textContent()).toBe(" · 1 change waiting");
    // Kept in the browser before the tab goes.
    await expect.poll(() => journalled(page)).toBe(1);
    await page.close();

    // Later, with a line: the room opened again sends the waiting change, once.
    const again = await context.newPage();
    const sent: string[] = [];
    again.on("websocket", (socket) =>
      socket.on("framesent", (frame) => {
        if (typeof frame.payload === "string" && frame.payload.includes('"items.update"')) sent.push(frame.payload);
      }),
    );
    await again.goto(roomUrl);
    await expect.poll(() => cell(again, "quantity", "Pine shelf"), { timeout: 20_000 }).toBe("9");
    await expect.poll(() => again.getByTestId("connection-badge").textContent(), { timeout: 20_000 }).toBe("Live");
    await expect.poll(() => journalled(again)).toBe(0);
    expect(sent).toHaveLength(1);

    // The server has it once: one change of quantity in the item's history.
    await again.getByRole("link", { name: "Open Pine shelf" }).last().click();
    const history = again.getByTestId("item-history");
    await expect.poll(() => history.textContent()).toContain("changed quantity from 4 to 9");
    expect(((await history.textContent()) ?? "").match(/changed quantity/g)).toHaveLength(1);
    await context.close();
  });

  it("by two people on different fields of one item, both cut off, are both kept; on one field the last to arrive wins, and on a count both corrections", async () => {
    const url = e2e.server.url;
    const aliceContext = await e2e.browser.newContext();
    const alice = await aliceContext.newPage();
    const aliceLine = await cuttableLine(alice);
    await signUp(alice, url, "alice.fields@shop.example");
    await createRoom(alice, "Two fields");
    const roomUrl = alice.url();
    await addItem(alice, { title: "Oak bench", price: "120", quantity: "2" });
    await inviteByEmail(alice, "bob.fields@shop.example");
    await alice.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Catalogue", exact: true }).click();

    const bobContext = await e2e.browser.newContext();
    const bob = await bobContext.newPage();
    const bobLine = await cuttableLine(bob);
    await acceptInvitation(bob, url, "bob.fields@shop.example", "Two fields", roomUrl);
    await bob.getByTestId("item-row").filter({ hasText: "Oak bench" }).waitFor();

    // Both lose the line; Alice changes the price, Bob the quantity.
    const lines: CuttableLine[] = [aliceLine, bobLine];
    await expect.poll(() => alice.getByTestId("connection-badge").textContent()).toBe("Live");
    await expect.poll(() => bob.getByTestId("connection-badge").textContent()).toBe("Live");
    for (const line of lines) await line.cut();
    await editCell(alice, "price", "Oak bench", "95");
    await editCell(bob, "quantity", "Oak bench", "5");
    await expect.poll(() => cell(alice, "price", "Oak bench")).toContain("95.00");
    await expect.poll(() => cell(bob, "quantity", "Oak bench")).toBe("5");

    // Back, one after the other: each sees both changes.
    for (const line of lines) await line.back();
    for (const page of [alice, bob]) {
      await expect.poll(() => cell(page, "price", "Oak bench"), { timeout: 20_000 }).toContain("95.00");
      await expect.poll(() => cell(page, "quantity", "Oak bench"), { timeout: 20_000 }).toBe("5");
    }

    // The same field, both cut off again. A price: the server's order decides. Alice is back first,
    // Bob after her, so Bob's value wins, and Alice's page shows it in place of her own.
    for (const line of lines) await line.cut();
    await editCell(alice, "price", "Oak bench", "90");
    await editCell(bob, "price", "Oak bench", "85");
    for (const line of lines) await line.back();
    for (const page of [alice, bob]) {
      await expect.poll(() => cell(page, "price", "Oak bench"), { timeout: 20_000 }).toContain("85.00");
    }
    // A count: each was typed over the 5 they saw, so both corrections are kept (docs/stock.md): +2 and +4.
    for (const line of lines) await line.cut();
    await editCell(alice, "quantity", "Oak bench", "7");
    await editCell(bob, "quantity", "Oak bench", "9");
    for (const line of lines) await line.back();
    for (const page of [alice, bob]) {
      await expect.poll(() => cell(page, "quantity", "Oak bench"), { timeout: 20_000 }).toBe("11");
    }
    await aliceContext.close();
    await bobContext.close();
  }, 120_000);
});
