/** Browser steps several tests share: signing up, reading the dev outbox, adding items, opening a room's tabs. */
import type { Page } from "playwright-core";
import { callAsUser } from "./ddp-script";
import { socketTrace, traceSockets } from "./socket-trace";

export async function signUp(page: Page, baseUrl: string, email: string, password = "a long password"): Promise<void> {
  traceSockets(page);
  await page.goto(`${baseUrl}/sign-up`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // Signed in, the sign-up page first gives way to the home page, then the app moves on to the
  // welcome address: wait for that last step, so nothing the test does next is raced by it.
  await page.waitForURL(`${baseUrl}/?welcome=1`);
  // The home page is whole once the account has arrived on its connection: its "Check your inbox"
  // card then names the address, as a person reads before acting.
  await page.getByTestId("check-inbox").getByText(email, { exact: true }).waitFor();
}

/** Opens the outbox page and returns the link in the newest mail to `to` with `subject`. */
export async function linkFromOutbox(page: Page, baseUrl: string, to: string, subject: string): Promise<string> {
  await page.goto(`${baseUrl}/dev/outbox`);
  const mail = page.getByTestId("outbox-mail").filter({ hasText: subject }).filter({ hasText: to }).first();
  await mail.waitFor();
  const href = await mail.getByRole("link").first().getAttribute("href");
  if (!href) throw new Error("no link in mail");
  return href;
}

export async function createRoom(page: Page, name: string): Promise<void> {
  await page.getByLabel("New room").fill(name);
  await page.getByRole("button", { name: "Create room" }).click();
  // Generous: a room's first wake sets up its storage, and on a loaded machine that has taken long.
  try {
    await page.waitForURL(/\/rooms\/[A-Za-z0-9]+$/, { timeout: 90_000 });
  } catch (error) {
    const shown = await page
      .locator("body")
      .textContent()
      .catch(() => "(page gone)");
    throw new Error(`no room after Create room: ${error}\nshown:\n${shown}\nline:\n${socketTrace(page)}`);
  }
}

/** From a room's page: invites `email` from the Team tab, and waits until the invitation is sent. */
export async function inviteByEmail(page: Page, email: string): Promise<void> {
  await page.getByRole("navigation", { name: "Room" }).getByRole("link", { name: "Team", exact: true }).click();
  await page.getByLabel("Invite by e-mail").fill(email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "Invitation sent" }).waitFor();
}

/** The invited person follows the mailed link, sets a password and lands in the room at `roomUrl`. */
export async function acceptInvitation(
  page: Page,
  baseUrl: string,
  email: string,
  roomName: string,
  roomUrl: string,
): Promise<void> {
  await page.goto(await linkFromOutbox(page, baseUrl, email, `invited you to ${roomName}`));
  await page.getByLabel("New password", { exact: true }).fill("invited password");
  await page.getByLabel("New password, again").fill("invited password");
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await page.waitForURL(roomUrl);
}

export interface NewItem {
  title: string;
  sku?: string;
  price?: string;
  quantity?: string;
}

/** Adds an item with the catalogue's quick-add form, as a person types it, and waits for its row. */
export async function addItem(page: Page, item: NewItem): Promise<void> {
  await page.getByLabel("Title", { exact: true }).fill(item.title);
  if (item.sku !== undefined) await page.getByLabel("SKU", { exact: true }).fill(item.sku);
  if (item.price !== undefined) await page.getByLabel("Price", { exact: true }).fill(item.price);
  if (item.quantity !== undefined) await page.getByLabel("Qty", { exact: true }).fill(item.quantity);
  await page.getByRole("button", { name: "Add item" }).click();
  await page
    .getByTestId("item-row")
    .filter({ hasText: item.sku || item.title })
    .waitFor();
}

/** From the catalogue: opens the item titled `title` (in the row showing `rowText`, its SKU say), and waits for its page. */
export async function openItem(page: Page, title: string, rowText = title): Promise<void> {
  await page
    .getByTestId("item-row")
    .filter({ hasText: rowText })
    .getByRole("link", { name: `Open ${title}` })
    .last()
    .click();
  await page.getByTestId("item-page-title").filter({ hasText: title }).waitFor();
}

/** Opens one of the room's tabs (Catalogue, Stocktake, Dashboard, Team, Store, Settings) from its navigation. */
export function openTab(page: Page, name: string): Promise<void> {
  return page.getByRole("navigation", { name: "Room" }).getByRole("link", { name, exact: true }).click();
}

/** From the Team tab: gives `email` another role, as a person does — chosen, then confirmed. */
export async function changeRole(page: Page, email: string, role: string): Promise<void> {
  await page.getByLabel(`Role of ${email}`).selectOption(role);
  await page.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
  await page.getByRole("alertdialog").waitFor({ state: "detached" });
}

/** Calls a room's methods as one signed-in user, over the room's own socket, in order. */
export type RoomScript = (calls: { method: string; params: unknown[] }[]) => Promise<unknown[]>;

/**
 * Signs up and creates a room, then hands back the room's address and a script that calls its
 * methods as that person: how a test sets up the shop it then uses through the page.
 */
export async function signUpWithRoom(
  page: Page,
  baseUrl: string,
  email: string,
  roomName: string,
): Promise<{ roomUrl: string; script: RoomScript }> {
  await signUp(page, baseUrl, email);
  await createRoom(page, roomName);
  const roomUrl = page.url();
  const roomId = /\/rooms\/([A-Za-z0-9]+)/.exec(roomUrl)?.[1] as string;
  const token = (await page.evaluate(() => localStorage.getItem("stockroom.loginToken"))) as string;
  const script: RoomScript = (calls) => callAsUser(baseUrl, `/api/rooms/${roomId}/websocket`, token, calls);
  return { roomUrl, script };
}

/** A size as a test gives it: its name, and its own codes if any. */
export interface Size {
  size: string;
  sku?: string;
  barcode?: string;
}

/**
 * The call that gives an item sizes (one option, "Size"): the first keeps the item's own id, and
 * with it the item's SKU and stock, as the variant editor does.
 */
export function giveSizes(itemId: string, sizes: readonly Size[]): { method: string; params: unknown[] } {
  const variants = sizes.map(({ size, ...codes }, index) => ({
    ...(index === 0 ? { _id: itemId } : {}),
    values: [size],
    ...codes,
  }));
  return { method: "items.setVariants", params: [itemId, { options: ["Size"], variants }] };
}

/**
 * Applies the stocktake open on `page` and waits for its outcome's notice (`said`). The notice goes
 * by itself after a few seconds: it is looked for from the press on, so a slow test cannot arrive
 * after it has gone.
 */
export async function applyStocktake(page: Page, said: string, timeout?: number): Promise<void> {
  await page.getByRole("button", { name: "Apply counted quantities" }).click();
  await Promise.all([
    page
      .getByRole("region", { name: /Notification/ })
      .getByText(said)
      .waitFor(timeout ? { timeout } : undefined),
    page
      .getByRole("alertdialog", { name: "Apply the counted quantities?" })
      .getByRole("button", { name: "Apply" })
      .click(),
  ]);
}
