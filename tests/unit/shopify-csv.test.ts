/**
 * The catalogue as Shopify's product CSV (app/catalogue/shopify-csv.ts):
 * Shopify's headers and status values, a row per variant, a product
 * without options as "Title: Default Title", the description as HTML, its
 * cost, "was" price, weight, vendor, type and SEO —
 * and the file read back by our own import as the same products.
 */
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { detectFormat, prefillMapping } from "../../app/catalogue/import/import-fields";
import { planImport } from "../../app/catalogue/import/plan-import";
import { parseCsv } from "../../app/catalogue/import/read-csv";
import { descriptionHtml, shopifyProductCsv } from "../../app/catalogue/shopify-csv";
import type { ItemDoc } from "../../protocol/api";
import { itemDoc } from "../support/item-doc";

const items: ItemDoc[] = [
  itemDoc({
    _id: "a",
    title: "Brass lamp",
    sku: "L-1",
    barcode: "4006381333931",
    priceCents: 12000,
    quantity: 5,
    status: "listed",
    tags: ["lights", "brass"],
    description: "Brass, 1970s.\n\nRewired <2024> & tested.",
    stock: { main: 5 },
    costCents: 6000,
    compareAtCents: 15000,
    weightGrams: 1500,
    weightUnit: "kg",
    vendor: "Anglepoise",
    productType: "Lamp",
    seoTitle: "Brass lamp",
    seoDescription: "A 1970s brass lamp",
    // Two photos from addresses (an earlier import), one taken here (no public address).
    photos: ["p1", "here", "p2"],
  }),
  itemDoc({
    _id: "b",
    title: "Tee",
    status: "ready",
    options: ["Size"],
    variants: [
      {
        _id: "b",
        values: ["S"],
        sku: "TEE-S",
        barcode: "",
        priceCents: 1900,
        stock: { main: 3 },
        quantity: 3,
        reorderPoint: null,
      },
      {
        _id: "b2",
        values: ["M"],
        sku: "TEE-M",
        barcode: "",
        priceCents: 2100,
        stock: {},
        quantity: -2,
        reorderPoint: null,
      },
    ],
  }),
];

const sources = new Map([
  ["p1", { url: "https://cdn.shop.example/lamp-1.jpg", alt: "Lit" }],
  ["p2", { url: "https://cdn.shop.example/lamp-2.jpg", alt: "" }],
]);

describe("the catalogue for Shopify", () => {
  it("writes Shopify's headers, its statuses, a row per variant, and a product without options as Default Title", () => {
    const [header = [], ...rows] = Papa.parse<string[]>(shopifyProductCsv(items), { skipEmptyLines: true }).data;
    const at = (row: string[] | undefined, name: string) => row?.[header.indexOf(name)];
    expect(header).toEqual(
      expect.arrayContaining(["Handle", "Body (HTML)", "Variant SKU", "Variant Price", "Variant Inventory Qty"]),
    );
    const pick = (row: string[]) =>
      [
        "Handle",
        "Title",
        "Option1 Name",
        "Option1 Value",
        "Variant SKU",
        "Variant Price",
        "Variant Inventory Qty",
        "Status",
      ].map((name) => at(row, name));
    expect(rows.map(pick)).toEqual([
      ["brass-lamp", "Brass lamp", "Title", "Default Title", "L-1", "120.00", "5", "active"],
      ["tee", "Tee", "Size", "S", "TEE-S", "19.00", "3", "draft"],
      // An oversold variant goes as what it is.
      ["tee", "", "", "M", "TEE-M", "21.00", "-2", ""],
    ]);
    expect(at(rows[0], "Body (HTML)")).toBe("<p>Brass, 1970s.</p><p>Rewired &lt;2024&gt; &amp; tested.</p>");
  });

  it("is read back by our own import as the same products, photos from addresses included", () => {
    const read = parseCsv(shopifyProductCsv(items, sources));
    if (!read.ok) throw new Error(read.message);
    const format = detectFormat(read.table.headers);
    expect(format).toBe("shopify");
    const plan = planImport(read.table, prefillMapping(read.table.headers, format));
    expect(plan.drafts.map((draft) => draft.problems)).toEqual([[], []]);
    expect(plan.drafts.map(({ product }) => product)).toMatchObject([
      {
        handle: "brass-lamp",
        title: "Brass lamp",
        description: "Brass, 1970s.\nRewired <2024> & tested.",
        status: "listed",
        tags: ["lights", "brass"],
        vendor: "Anglepoise",
        productType: "Lamp",
        seoTitle: "Brass lamp",
        seoDescription: "A 1970s brass lamp",
        // The second photo on a row of its own, after the lamp's one row.
        images: [
          { url: "https://cdn.shop.example/lamp-1.jpg", alt: "Lit", row: 2 },
          { url: "https://cdn.shop.example/lamp-2.jpg", alt: "", row: 3 },
        ],
        options: [],
        variants: [
          {
            sku: "L-1",
            barcode: "4006381333931",
            priceCents: 12000,
            quantity: 5,
            costCents: 6000,
            compareAtCents: 15000,
            weightGrams: 1500,
            weightUnit: "kg",
          },
        ],
      },
      {
        handle: "tee",
        status: "draft",
        options: ["Size"],
        variants: [
          { values: ["S"], sku: "TEE-S", priceCents: 1900, quantity: 3 },
          { values: ["M"], sku: "TEE-M", priceCents: 2100, quantity: -2 },
        ],
      },
    ]);
  });

  it("keeps line breaks inside a paragraph", () => {
    expect(descriptionHtml("Line one\nLine two\n\n\nNext")).toBe("<p>Line one<br>Line two</p><p>Next</p>");
  });
});
