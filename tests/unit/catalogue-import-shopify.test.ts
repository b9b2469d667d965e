/**
 * A Shopify product export (tests/fixtures/csv/shopify-products.csv, in the
 * layout Shopify's admin writes) read by the import: a product with two
 * options and three variants, an extra image row read as a photo, products
 * without options (Shopify's "Title" / "Default Title"), the HTML body as
 * text, Shopify's statuses in Stockroom's words, and the same file without
 * its Variant Inventory Qty column leaving stock as it is.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { htmlToText } from "../../app/catalogue/import/cells";
import { detectFormat, prefillMapping } from "../../app/catalogue/import/import-fields";
import { planImport } from "../../app/catalogue/import/plan-import";
import { decodeCsv, parseCsv } from "../../app/catalogue/import/read-csv";

/** A variant's cost, "was" price and weight as the export has them (its weights shown in kg). */
const details = (costCents: number | null, compareAtCents: number | null, weightGrams: number) => ({
  costCents,
  compareAtCents,
  weightGrams,
  weightUnit: "kg",
});
const CDN = "https://cdn.shopify.com/s/files/1/0000/0001/files";
const noSeo = (productType: string) => ({ vendor: "Stand-in Shop", productType, seoTitle: "", seoDescription: "" });

const bytes = new Uint8Array(readFileSync(resolve("tests/fixtures/csv/shopify-products.csv")));

function plan(text: string) {
  const read = parseCsv(text);
  if (!read.ok) throw new Error(read.message);
  const format = detectFormat(read.table.headers);
  return { format, plan: planImport(read.table, prefillMapping(read.table.headers, format)) };
}

describe("a Shopify product export", () => {
  const decoded = decodeCsv(bytes);
  if (!decoded.ok) throw new Error(decoded.message);

  it("is read as products with their variants, with nothing to fix", () => {
    const { format, plan: read } = plan(decoded.text);
    expect(format).toBe("shopify");
    expect(read.problems).toEqual([]);
    expect(read.drafts.map((draft) => draft.product)).toEqual([
      {
        row: 2,
        handle: "classic-tee",
        title: "Classic Tee",
        description: "Soft organic cotton.\nMade in Portugal & dyed by hand.",
        status: "listed",
        tags: ["cotton", "summer"],
        vendor: "Stand-in Shop",
        productType: "T-Shirt",
        seoTitle: "Classic Tee",
        seoDescription: "Soft organic cotton tee",
        // Its photos by address in their positions; row 5 is one more image of it, and no variant.
        images: [
          { url: `${CDN}/tee-white.jpg`, alt: "Classic Tee in white", row: 2 },
          { url: `${CDN}/tee-black.jpg`, alt: "Classic Tee in black", row: 3 },
          { url: `${CDN}/tee-folded.jpg`, alt: "Folded", row: 5 },
        ],
        options: ["Size", "Colour"],
        variants: [
          {
            row: 2,
            values: ["S", "White"],
            sku: "CT-S-WHT",
            barcode: "4006381333931",
            priceCents: 1900,
            quantity: 4,
            ...details(750, 2500, 200),
          },
          {
            row: 3,
            values: ["M", "White"],
            sku: "CT-M-WHT",
            barcode: "",
            priceCents: 1900,
            quantity: 6,
            ...details(750, 2500, 210),
          },
          {
            row: 4,
            values: ["S", "Black"],
            sku: "CT-S-BLK",
            barcode: "",
            priceCents: 2100,
            quantity: 0,
            ...details(750, null, 200),
          },
        ],
      },
      {
        row: 6,
        handle: "enamel-mug",
        title: "Enamel Mug",
        description: "Camping mug, 350 ml.",
        status: "draft",
        tags: ["kitchen"],
        ...noSeo("Mug"),
        images: [{ url: `${CDN}/mug.jpg`, alt: "", row: 6 }],
        options: [],
        variants: [
          {
            row: 6,
            values: [],
            sku: "MUG-1",
            barcode: "96385074",
            priceCents: 850,
            quantity: 12,
            ...details(null, null, 150),
          },
        ],
      },
      {
        row: 7,
        handle: "linen-napkins",
        title: "Linen Napkins, set of 4",
        description: "Stonewashed linen.\nMachine washable at 40°C.",
        status: "archived",
        tags: [],
        ...noSeo("Napkins"),
        options: [],
        variants: [
          {
            row: 7,
            values: [],
            sku: "NAP-4",
            barcode: "",
            priceCents: 1200,
            quantity: 3,
            ...details(null, null, 300),
          },
        ],
      },
    ]);
    // Row 5 holds only an image of the tee: it belongs to no variant.
    expect(read.drafts[0]?.rows).toEqual([2, 3, 4]);
  });

  it("leaves stock alone when the export has no Variant Inventory Qty, as newer ones do not", () => {
    const records = Papa.parse<string[]>(decoded.text, { skipEmptyLines: true }).data;
    const drop = (records[0] as string[]).indexOf("Variant Inventory Qty");
    const fixed = Papa.unparse(records.map((record) => record.filter((_, column) => column !== drop)));
    const { format, plan: read } = plan(fixed);
    expect(format).toBe("shopify");
    expect(read.problems).toEqual([]);
    expect(read.drafts.flatMap((draft) => draft.product.variants.map((variant) => variant.quantity))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(read.drafts[0]?.product.variants[0]).toMatchObject({ sku: "CT-S-WHT", priceCents: 1900 });
  });

  it("reads the current generation of Shopify's headers (URL handle, Description, SKU…) as the classic one", () => {
    const current: Record<string, string> = {
      Handle: "URL handle",
      "Body (HTML)": "Description",
      "Option1 Name": "Option1 name",
      "Option1 Value": "Option1 value",
      "Option2 Name": "Option2 name",
      "Option2 Value": "Option2 value",
      "Variant SKU": "SKU",
      "Variant Barcode": "Barcode",
      "Variant Price": "Price",
      "Variant Compare At Price": "Compare-at price",
      "Variant Inventory Qty": "Inventory quantity",
      "Image Src": "Product image URL",
    };
    const records = Papa.parse<string[]>(decoded.text, { skipEmptyLines: true }).data;
    const [header = [], ...rows] = records;
    const renamed = Papa.unparse([header.map((name) => current[name] ?? name), ...rows]);
    const classic = plan(decoded.text).plan;
    const { format, plan: read } = plan(renamed);
    expect(format).toBe("shopify");
    expect(read.problems).toEqual([]);
    expect(read.drafts.map((draft) => draft.product)).toEqual(classic.drafts.map((draft) => draft.product));
  });

  it("turns Shopify's HTML into plain text, dropping scripts and decoding entities", () => {
    expect(htmlToText("<h2>Care</h2><ul><li>Wash cold</li><li>Dry flat</li></ul><script>alert(1)</script>")).toBe(
      "Care\n• Wash cold\n• Dry flat",
    );
    expect(htmlToText("Fish &amp; chips &lt;3 &#x2615; &nbsp;")).toBe("Fish & chips <3 ☕");
  });
});
