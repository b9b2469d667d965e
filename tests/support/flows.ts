/** Browser steps several tests share: signing up and reading the dev outbox. */
import type { Page } from "playwright-core";

export async function signUp(page: Page, baseUrl: string, email: string, password = "a long password"): Promise<void> {
  await page.goto(`${baseUrl}/sign-up`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${baseUrl}/`);
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
  await page.waitForURL(/\/rooms\/[A-Za-z0-9]+$/);
}
