/**
 * The catalogue's CSV import and export in Chromium, as a shop owner uses
 * them: on a phone, a spreadsheet whose title column the import does not
 * recognise is mapped by choosing it, its bad row is named by its row
 * number, skipped, and the good products land in the catalogue, nothing
 * running off the screen; and a room's export —
 * a product with sizes and stock at two locations among plain items —
 * imported into a new room gives the same catalogue, which its own export
 * shows line for line; and a shop moving from Shopify brings its products
 * over with the product export, then their counts at each location with
 * the inventory export, which changes nothing else.
 */
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { addItem, createRoom, signUp } from "../support/flows";
import { checkAndImport, chooseFile, downloadCatalogue, openImport } from "../support/import-flows";
import { expectLedgerAddsUp } from "../support/ledger";

const e2e = setUpServerAndBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Nothing runs off the side of a phone's screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const titles = async (page: Page) => (await page.getByTestId("item-title").allTextContents()).sort();

/** A file's products as sorted blocks of rows (the list's order is the room's, not the file's). */
function productBlocks(csv: string): string[][][] {
  const [header, ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  const blocks = new Map<string, string[][]>();
  for (const row of rows) blocks.set(row[0] as string, [...(blocks.get(row[0] as string) ?? []), row]);
  return [
    [header as string[]],
    ...[...blocks.values()].sort((a, b) => String(a[0]?.[0]).localeCompare(String(b[0]?.[0]))),
  ];
}

describe("CSV import and export", () => {
  it("on a phone, maps an unknown column, names a bad row by its number, skips it and imports the rest, a cell it cannot read left empty", async () => {
    const context = await e2e.browser.newContext(PHONE);
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "importer@shop.example");
    await createRoom(page, "Import shop");
    const panel = await openImport(page);
    await chooseFile(
      panel,
      "stock list.csv",
      [
        "Product name,SKU,Price,Count",
        "Brass lamp,LAMP-1,120.00,2",
        'Tea towel,TOWEL-1,"12,5x",3',
        "Enamel mug,LAMP-1,8.50,12",
        "",
      ].join("\r\n"),
    );
    await panel.getByText("read as a layout Stockroom does not know").waitFor();
    await panel.getByText("Choose the column that holds each product's title (or its handle)").waitFor();
    // The person says which column holds the title and the quantity.
    await panel.getByLabel("Title", { exact: true }).selectOption({ label: "A: Product name" });
    await panel.getByLabel("Quantity", { exact: true }).selectOption({ label: "D: Count" });
    const preview = panel.getByTestId("import-preview");
    await preview.getByRole("row").filter({ hasText: "Enamel mug" }).filter({ hasText: "8.50" }).waitFor();

    await panel.getByRole("button", { name: "Check import" }).click();
    const summary = panel.getByTestId("import-summary");
    await summary.getByText("2 new products, 0 updated, 0 unchanged").waitFor();
    expect(await summary.getByTestId("import-problems").getByRole("listitem").allTextContents()).toEqual([
      "Row 4, SKU: “LAMP-1” is also on row 2",
    ]);
    // A price it cannot read is left empty and said: the tea towel still comes.
    expect(await summary.getByTestId("import-kept").getByRole("listitem").allTextContents()).toEqual([
      "Row 3, Price: “12,5x” is not a price; left empty",
    ]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const importButton = panel.getByRole("button", { name: "Import 2 products" });
    expect(await importButton.isDisabled()).toBe(true);
    await panel.getByLabel("Skip the 1 row with problems").check();
    expect(await importButton.isEnabled()).toBe(true);
    await importButton.click();
    await panel.getByRole("heading", { name: "Import finished" }).waitFor();
    await panel.getByText("2 new products, 0 updated, 0 unchanged").waitFor();
    await expect.poll(() => titles(page)).toEqual(["Brass lamp", "Tea towel"]);
    await context.close();
  });

  it("imports a room's export into a new room as the same catalogue", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "exporter@shop.example");
    await createRoom(page, "First shop");
    await addItem(page, { title: "Mug", sku: "MUG-1", price: "8.50", quantity: "3" });
    await addItem(page, { title: "Vase", sku: "VASE-1", price: "30", quantity: "1" });
    // A product with sizes, stock at the first location and at one the file adds.
    const panel = await openImport(page);
    await chooseFile(
      panel,
      "tees.csv",
      [
        "Handle,Title,Option1 Name,Option1 Value,SKU,Barcode,Price,Status,Tags,Shelf,Description,Stock: Main,Stock: Back room",
        'tee,Classic tee,Size,S,TEE-S,4006381333931,19.00,listed,"cotton, summer",Rail 2,Soft cotton,3,1',
        "tee,,Size,M,TEE-M,,21.00,,,,,0,4",
        "",
      ].join("\n"),
    );
    await panel.getByText("read as a Stockroom catalogue export").waitFor();
    await panel.getByRole("button", { name: "Check import" }).click();
    await panel.getByText("Locations to add: Back room.").waitFor();
    await panel.getByRole("button", { name: "Import 1 product" }).click();
    await panel.getByRole("heading", { name: "Import finished" }).waitFor();
    await expect.poll(() => titles(page)).toEqual(["Classic tee", "Mug", "Vase"]);

    const first = await downloadCatalogue(page);
    const lines = productBlocks(first);
    expect(lines[0]?.[0]?.slice(-2)).toEqual(["Stock: Main", "Stock: Back room"]);
    expect(
      lines.slice(1).map((block) => block.map((row) => [row[0], row[1], row[3], row[8], row.at(-2), row.at(-1)])),
    ).toEqual([
      [["mug", "Mug", "", "MUG-1", "3", "0"]],
      [
        // The handle the import gave it.
        ["tee", "Classic tee", "S", "TEE-S", "3", "1"],
        ["tee", "", "M", "TEE-M", "0", "4"],
      ],
      [["vase", "Vase", "", "VASE-1", "1", "0"]],
    ]);

    // The same catalogue as Shopify's product CSV: its headers, its statuses, a row per variant.
    const forShopify = Papa.parse<string[]>(await downloadCatalogue(page, "For Shopify"), {
      skipEmptyLines: true,
    }).data;
    const [shopifyHeader = [], ...shopifyRows] = forShopify;
    const cell = (row: string[] | undefined, name: string) => row?.[shopifyHeader.indexOf(name)];
    expect(shopifyHeader.slice(0, 3)).toEqual(["Handle", "Title", "Body (HTML)"]);
    const tee = shopifyRows.filter((row) => row[0] === "tee");
    expect(tee.map((row) => [cell(row, "Option1 Name"), cell(row, "Option1 Value"), cell(row, "Variant SKU")])).toEqual(
      [
        ["Size", "S", "TEE-S"],
        ["", "M", "TEE-M"],
      ],
    );
    expect([cell(tee[0], "Body (HTML)"), cell(tee[0], "Status"), cell(tee[0], "Variant Inventory Qty")]).toEqual([
      "<p>Soft cotton</p>",
      "active",
      "4",
    ]);

    // The export, into a new room.
    await page.goto(e2e.server.url);
    await createRoom(page, "Second shop");
    const second = await openImport(page);
    await chooseFile(second, "catalogue.csv", first);
    await second.getByText("read as a Stockroom catalogue export").waitFor();
    await checkAndImport(second, "3 products");
    await second.getByText("3 new products, 0 updated, 0 unchanged").waitFor();
    await expect.poll(() => titles(page)).toEqual(["Classic tee", "Mug", "Vase"]);
    // Its own export is the same, line for line: codes, prices, options, stock at each location, every field.
    await expect.poll(async () => productBlocks(await downloadCatalogue(page))).toEqual(productBlocks(first));
    await context.close();
  });

  it("brings the counts at each location over from Shopify's inventory export, and nothing else", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "from.shopify@shop.example");
    await createRoom(page, "Moving shop");
    // Shopify's product export: the products and prices, but no stock.
    const products = await openImport(page);
    await chooseFile(
      products,
      "products_export.csv",
      [
        "Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Price,Status",
        "tee,Classic tee,<p>Soft</p>,Us,Size,S,TEE-S,19.00,active",
        "tee,,,,,M,TEE-M,21.00,",
      ].join("\n"),
    );
    await products.getByText("read as a Shopify product export").waitFor();
    await checkAndImport(products, "1 product");
    await products.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => titles(page)).toEqual(["Classic tee"]);

    // Then its inventory export: a row per size and location, one never stocked at the market.
    const inventory = await openImport(page);
    await chooseFile(
      inventory,
      "inventory_export.csv",
      [
        "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,HS Code,COO,Location,Available (not editable),On hand (current),On hand (new)",
        "tee,Classic tee,Size,S,,,,,TEE-S,,,Main,5,5,",
        "tee,Classic tee,Size,S,,,,,TEE-S,,,Market stall,2,2,",
        "tee,Classic tee,Size,M,,,,,TEE-M,,,Main,1,1,",
        "tee,Classic tee,Size,M,,,,,TEE-M,,,Market stall,,not stocked,",
      ].join("\n"),
    );
    await inventory
      .getByText("inventory_export.csv: 4 rows, read as a Shopify inventory export (stock by location)")
      .waitFor();
    await inventory.getByRole("button", { name: "Check import" }).click();
    await inventory.getByText("Locations to add: Market stall.").waitFor();
    await inventory.getByRole("button", { name: "Import 1 product" }).click();
    await inventory.getByText("0 new products, 1 updated, 0 unchanged").waitFor();

    const lines = productBlocks(await downloadCatalogue(page));
    expect(lines[0]?.[0]?.slice(-2)).toEqual(["Stock: Main", "Stock: Market stall"]);
    const price = lines[0]?.[0]?.indexOf("Price") ?? -1;
    // Each size's counts where Shopify had them; its price as the product export gave it.
    expect(lines[1]?.map((row) => [row[3], row[price], row.at(-2), row.at(-1)])).toEqual([
      ["S", "19.00", "5", "2"],
      ["M", "21.00", "1", "0"],
    ]);
    await context.close();
  });

  it("never doubles or moves stock: a product export counted at Main, then the inventory export, then new prices", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "no.double@shop.example");
    await createRoom(page, "Sauce shop");
    const productExport = (price: string) =>
      [
        "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Status",
        `sauce,Jalapeño hot sauce,Title,Default Title,SAUCE,${price},40,active`,
      ].join("\n");
    // A first import into an empty room counts the file's quantities at the first location (Main).
    const first = await openImport(page);
    await chooseFile(first, "products_export.csv", productExport("9.00"));
    await first.getByText("read as a Shopify product export").waitFor();
    expect(await first.getByRole("radio", { name: /Its quantities are what is at/ }).isChecked()).toBe(true);
    await first.getByText("Shopify's product export counts each variant over all your Shopify locations").waitFor();
    await first.getByRole("button", { name: "Check import" }).click();
    await first.getByTestId("import-stock").getByText("Stock: Main +40 (1 variant).").waitFor();
    await first.getByRole("button", { name: "Import 1 product" }).click();
    await first.getByRole("heading", { name: "Import finished" }).waitFor();
    await first.getByRole("button", { name: "Close" }).click();

    // Then the inventory export, which counts two other places: the check says Main's 40 stay besides.
    const inventory = await openImport(page);
    await chooseFile(
      inventory,
      "inventory_export.csv",
      [
        "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,HS Code,COO,Location,Available (not editable),On hand (current),On hand (new)",
        "sauce,Jalapeño hot sauce,Title,Default Title,,,,,SAUCE,,,High Street shop,10,10,",
        "sauce,Jalapeño hot sauce,Title,Default Title,,,,,SAUCE,,,Warehouse,10,10,",
      ].join("\n"),
    );
    await inventory.getByRole("button", { name: "Check import" }).click();
    await inventory.getByTestId("import-elsewhere").getByText("Main holds 40 units of 1 variant").waitFor();
    // The file is all of the sauce's stock: Main goes to 0, and the check says so before anything is written.
    await inventory.getByLabel(/This file is all of its products' stock/).check();
    await inventory.getByRole("button", { name: "Check import" }).click();
    await inventory
      .getByTestId("import-stock")
      .getByText("Stock: High Street shop +10 (1 variant), Warehouse +10 (1 variant), Main −40 (1 variant).")
      .waitFor();
    await inventory.getByRole("button", { name: "Import 1 product" }).click();
    await inventory.getByRole("heading", { name: "Import finished" }).waitFor();
    await inventory.getByRole("button", { name: "Close" }).click();

    // A re-import of the product export to change its price: stock is left as it is, and the check says so.
    const again = await openImport(page);
    await chooseFile(again, "products_export.csv", productExport("9.50"));
    await again.getByText("read as a Shopify product export").waitFor();
    expect(await again.getByRole("radio", { name: "Leave stock as it is" }).isChecked()).toBe(true);
    await again.getByRole("button", { name: "Check import" }).click();
    await again.getByTestId("import-changes").getByText("Prices of 1 product.").waitFor();
    await again.getByTestId("import-stock").getByText("Stock: unchanged.").waitFor();
    await again.getByRole("button", { name: "Import 1 product" }).click();
    await again.getByRole("heading", { name: "Import finished" }).waitFor();

    const stock = await expectLedgerAddsUp(page, e2e.server.url);
    expect(Object.values(stock.get("Jalapeño hot sauce") ?? {}).sort()).toEqual([10, 10]);
    await context.close();
  });
});
