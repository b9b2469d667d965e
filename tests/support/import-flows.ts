/**
 * The catalogue's CSV import and export as a person drives them in the
 * browser: the import panel, a file chosen, a check then an import, and a
 * download from the _Download CSV_ menu.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { downloadedText } from "./downloads";

export async function openImport(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Import CSV" }).click();
  const panel = page.getByTestId("import-panel");
  await panel.getByRole("heading", { name: "Import products from a CSV file" }).waitFor();
  return panel;
}

export async function chooseFile(panel: Locator, name: string, text: string | Buffer) {
  await panel.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
}

/** Checks, then imports, and waits for the outcome's summary. */
export async function checkAndImport(panel: Locator, products: string) {
  await panel.getByRole("button", { name: "Check import" }).click();
  await panel.getByRole("heading", { name: "What the import will do" }).waitFor();
  await panel.getByRole("button", { name: `Import ${products}` }).click();
  await panel.getByRole("heading", { name: "Import finished" }).waitFor();
}

/** Downloads the catalogue as a person does (the menu, then a format); answers its text, checked to start with a BOM. */
export async function downloadCatalogue(page: Page, format = "Stockroom CSV"): Promise<string> {
  await page.getByRole("button", { name: "Download CSV" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: format }).click(),
  ]);
  const text = await downloadedText(download);
  // A byte-order mark first, so Excel reads the accents right.
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1);
}
