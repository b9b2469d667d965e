/**
 * Moving in from Shopify and out again, in Chromium: a realistic current
 * Shopify product export (made here: UTF-8 with a BOM, Shopify's current
 * headers, accents, an HTML body, a dash-list description, an `@` tag, a
 * barcode a spreadsheet shortened, an oversold count, photos by address on
 * Shopify's CDN — a stand-in behind a local server — and a row of one more
 * image) is imported as a shop owner does it; the cell that cannot be kept
 * is left empty and said, the photos come in with a bar, and the item page
 * has every field. Then _Download CSV → For Shopify_ gives back every field,
 * photos included.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpServerAndBrowser } from "../support/e2e";
import { FakeShopify } from "../support/fake-shopify";
import { type FakeShopifyServer, startFakeShopifyServer } from "../support/fake-shopify-server";
import { createRoom, signUp } from "../support/flows";
import { chooseFile, downloadCatalogue, openImport } from "../support/import-flows";

const CDN = "https://cdn.shopify.com/s/files/1/0600/0001/files";
const shop = new FakeShopify({ shopName: "Papeterie" });
const jpeg = (name: string) => new Uint8Array(readFileSync(resolve("tests/fixtures/photos", name)));
shop.cdn.set("/s/files/1/0600/0001/files/cartes-1.jpg", { bytes: jpeg("plain.jpg"), type: "image/jpeg" });
shop.cdn.set("/s/files/1/0600/0001/files/cartes-2.jpg", { bytes: jpeg("lamp-exif.jpg"), type: "image/jpeg" });
shop.cdn.set("/s/files/1/0600/0001/files/pull.jpg", { bytes: jpeg("vase-xmp.jpg"), type: "image/jpeg" });

const vars: Record<string, string> = {};
let server: FakeShopifyServer | undefined;
beforeAll(async () => {
  server = await startFakeShopifyServer(shop);
  vars.SHOPIFY_API_ORIGIN = server.origin;
});
afterAll(async () => {
  await server?.close();
});
const e2e = setUpServerAndBrowser({ vars });

/** Shopify's current product export headers (the columns a shop relies on, in Shopify's order). */
const HEADERS = [
  "Title",
  "URL handle",
  "Description",
  "Vendor",
  "Product category",
  "Type",
  "Tags",
  "Published on online store",
  "Status",
  "SKU",
  "Barcode",
  "Option1 name",
  "Option1 value",
  "Option2 name",
  "Option2 value",
  "Option3 name",
  "Option3 value",
  "Price",
  "Compare-at price",
  "Cost per item",
  "Charge tax",
  "Inventory tracker",
  "Inventory quantity",
  "Continue selling when out of stock",
  "Weight value (grams)",
  "Weight unit for display",
  "Requires shipping",
  "Product image URL",
  "Image position",
  "Image alt text",
  "Gift card",
  "SEO title",
  "SEO description",
];

const row = (cells: Record<string, string>) => HEADERS.map((header) => cells[header] ?? "");

const EXPORT = `\uFEFF${Papa.unparse([
  HEADERS,
  row({
    Title: "Cartes postales — Été",
    "URL handle": "cartes-ete",
    Description: "- 8 postcards\n- 1 envelope",
    Vendor: "Atelier Brûlé",
    "Product category": "Arts & Entertainment",
    Type: "Cartes",
    Tags: "@gift, paper",
    "Published on online store": "TRUE",
    Status: "active",
    SKU: "CP-ETE",
    Barcode: "3.65275E+11",
    "Option1 name": "Title",
    "Option1 value": "Default Title",
    Price: "12.00",
    "Compare-at price": "15.00",
    "Cost per item": "4.50",
    "Inventory quantity": "-3",
    "Weight value (grams)": "120",
    "Weight unit for display": "g",
    "Product image URL": `${CDN}/cartes-1.jpg`,
    "Image position": "1",
    "Image alt text": "Le set d'été",
    "SEO title": "Cartes postales d'été",
    "SEO description": "Huit cartes et une enveloppe",
  }),
  // One more image of the same product: a row of its own.
  row({
    "URL handle": "cartes-ete",
    "Product image URL": `${CDN}/cartes-2.jpg`,
    "Image position": "2",
    "Image alt text": "Au dos",
  }),
  row({
    Title: "Pull en laine",
    "URL handle": "pull-laine",
    Description: "<p>Laine <strong>mérinos</strong>.</p>",
    Vendor: "Atelier Brûlé",
    Type: "Pulls",
    Tags: "laine",
    Status: "draft",
    SKU: "PL-S",
    "Option1 name": "Taille",
    "Option1 value": "S",
    Price: "89.00",
    "Cost per item": "31.00",
    "Inventory quantity": "4",
    "Weight value (grams)": "400",
    "Weight unit for display": "kg",
    "Product image URL": `${CDN}/pull.jpg`,
    "Image position": "1",
  }),
  row({
    "URL handle": "pull-laine",
    SKU: "PL-M",
    "Option1 value": "M",
    Price: "89.00",
    "Cost per item": "32.00",
    "Inventory quantity": "2",
    "Weight value (grams)": "420",
    "Weight unit for display": "kg",
  }),
])}`;

describe("moving in from Shopify and out again", () => {
  it("imports a current Shopify export with its photos and every field, and exports it for Shopify as it came", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signUp(page, e2e.server.url, "papeterie@shop.example");
    await createRoom(page, "Papeterie");
    const panel = await openImport(page);
    await chooseFile(panel, "products_export_1.csv", EXPORT);
    await panel.getByText("read as a Shopify product export").waitFor();

    // The check: both products come; the shortened barcode is left empty and said, the oversold count flagged.
    await panel.getByRole("button", { name: "Check import" }).click();
    const summary = panel.getByTestId("import-summary");
    await summary.getByText("2 new products, 0 updated, 0 unchanged").waitFor();
    expect(await summary.getByTestId("import-problems").count()).toBe(0);
    expect(await summary.getByTestId("import-kept").getByRole("listitem").allTextContents()).toEqual([
      "Row 2, Barcode: “3.65275E+11” is a number a spreadsheet shortened; left empty (type the barcode again in a column formatted as text)",
      "Row 2, Inventory quantity: -3 is below 0 (sold before it was in stock): kept as it is",
    ]);
    await panel.getByTestId("import-photo-count").filter({ hasText: "3 photos named by address" }).waitFor();

    // The import, then the photos coming in from their addresses.
    await panel.getByRole("button", { name: "Import 2 products" }).click();
    await panel.getByRole("heading", { name: "Import finished" }).waitFor();
    await panel
      .getByTestId("import-photos")
      .filter({ hasText: "3 photos brought in from their addresses" })
      .waitFor({ timeout: 30_000 });

    // The item page has every field, as Shopify had it.
    await page.getByTestId("item-row").filter({ hasText: "Cartes postales — Été" }).getByRole("link").last().click();
    await page.getByTestId("item-page-title").filter({ hasText: "Cartes postales — Été" }).waitFor();
    const field = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
    expect(await field("Cost")).toBe("4.50");
    expect(await field("Compare-at price")).toBe("15.00");
    expect(await field("Weight")).toBe("120 g");
    expect(await field("Vendor")).toBe("Atelier Brûlé");
    expect(await field("Quantity")).toBe("-3");
    expect(await field("Description")).toBe("- 8 postcards\n- 1 envelope");
    expect(await field("Tags")).toBe("@gift, paper");
    await expect.poll(() => page.getByTestId("gallery-photo").count()).toBe(2);

    // Out again, for Shopify: every field as it came in, photos by their addresses.
    await page.getByRole("link", { name: "← Catalogue" }).click();
    const [header = [], ...rows] = Papa.parse<string[]>(await downloadCatalogue(page, "For Shopify"), {
      skipEmptyLines: true,
    }).data;
    const at = (cells: string[], name: string) => cells[header.indexOf(name)] ?? "";
    const pick = (cells: string[]) =>
      [
        "Handle",
        "Title",
        "Vendor",
        "Type",
        "Tags",
        "Option1 Name",
        "Option1 Value",
        "Variant SKU",
        "Variant Price",
        "Variant Compare At Price",
        "Cost per item",
        "Variant Inventory Qty",
        "Variant Grams",
        "Variant Weight Unit",
        "Image Src",
        "Image Alt Text",
        "SEO Title",
        "Status",
      ].map((name) => at(cells, name));
    const byHandle = (handle: string) => rows.filter((cells) => cells[0] === handle).map(pick);
    expect(byHandle("cartes-ete")).toEqual([
      [
        "cartes-ete",
        "Cartes postales — Été",
        "Atelier Brûlé",
        "Cartes",
        // The same tags; the one a spreadsheet would run is not first, so the cell needs no apostrophe.
        "paper, @gift",
        "Title",
        "Default Title",
        "CP-ETE",
        "12.00",
        "15.00",
        "4.50",
        "-3",
        "120",
        "g",
        `${CDN}/cartes-1.jpg`,
        "Le set d'été",
        "Cartes postales d'été",
        "active",
      ],
      ["cartes-ete", "", "", "", "", "", "", "", "", "", "", "", "", "", `${CDN}/cartes-2.jpg`, "Au dos", "", ""],
    ]);
    expect(byHandle("pull-laine")).toEqual([
      [
        "pull-laine",
        "Pull en laine",
        "Atelier Brûlé",
        "Pulls",
        "laine",
        "Taille",
        "S",
        "PL-S",
        "89.00",
        "",
        "31.00",
        "4",
        "400",
        "kg",
        `${CDN}/pull.jpg`,
        "",
        "",
        "draft",
      ],
      ["pull-laine", "", "", "", "", "", "M", "PL-M", "89.00", "", "32.00", "2", "420", "kg", "", "", "", ""],
    ]);
    const cartes = rows.find((cells) => cells[0] === "cartes-ete") ?? [];
    expect(at(cartes, "Body (HTML)")).toBe("<p>- 8 postcards<br>- 1 envelope</p>");
    await context.close();
  });
});
