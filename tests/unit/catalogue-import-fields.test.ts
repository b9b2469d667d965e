/**
 * Which layout a file is and which column holds each field
 * (app/catalogue/import/import-fields.ts): Shopify's product export (with or
 * without its inventory column), Stockroom's own export (this one and the
 * older one row per item), or neither, mapped by hand; header names in any
 * case.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUE_COLUMNS } from "../../app/catalogue/catalogue-csv";
import { columnLetter, detectFormat, mappingProblem, prefillMapping } from "../../app/catalogue/import/import-fields";

const SHOPIFY = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Barcode",
  "Image Src",
  "Status",
];

describe("the layout of a file", () => {
  it("knows Shopify's product export, also the newer one without Variant Inventory Qty", () => {
    expect(detectFormat(SHOPIFY)).toBe("shopify");
    expect(detectFormat(SHOPIFY.filter((name) => name !== "Variant Inventory Qty"))).toBe("shopify");
    expect(detectFormat(SHOPIFY.map((name) => name.toLowerCase()))).toBe("shopify");
  });

  it("knows Stockroom's own export, and the older one with a row per item and no handle", () => {
    expect(detectFormat([...CATALOGUE_COLUMNS, "Stock: Main"])).toBe("stockroom");
    expect(detectFormat(["Title", "SKU", "Barcode", "Price", "Currency", "Quantity", "Stock: Main"])).toBe("stockroom");
    expect(detectFormat(["title", "sku", "price"])).toBe("stockroom");
  });

  it("calls anything else unknown, for the person to map", () => {
    expect(detectFormat(["Product name", "Cost", "Count"])).toBe("unknown");
    expect(detectFormat(["Title", "Artist"])).toBe("unknown");
  });
});

describe("the mapping", () => {
  it("fills each field from Shopify's columns; Shopify has no shelf or reorder point", () => {
    const { columns, stock } = prefillMapping(SHOPIFY, "shopify");
    expect(columns).toMatchObject({
      handle: 0,
      title: 1,
      description: 2,
      tags: 6,
      option1Name: 8,
      option1Value: 9,
      option3Value: 13,
      sku: 14,
      quantity: 17,
      price: 18,
      barcode: 19,
      status: 21,
      shelf: null,
      reorderPoint: null,
    });
    expect(stock).toEqual([]);
  });

  it("fills each field from Stockroom's columns in any case, and a stock column per location", () => {
    const headers = [
      "HANDLE",
      "title",
      "Option1 name",
      "option1 value",
      "Sku",
      "Price",
      "Shelf",
      "Stock: Main",
      "stock:Back room",
    ];
    const { columns, stock } = prefillMapping(headers, "stockroom");
    expect(columns).toMatchObject({ handle: 0, title: 1, option1Name: 2, option1Value: 3, sku: 4, price: 5, shelf: 6 });
    expect(columns.barcode).toBeNull();
    expect(stock).toEqual([
      { location: "Main", column: 7 },
      { location: "Back room", column: 8 },
    ]);
  });

  it("leaves what it cannot match to the person, and needs a title or a handle", () => {
    const mapping = prefillMapping(["Product name", "Notes"], "unknown");
    expect(Object.values(mapping.columns).every((column) => column === null)).toBe(true);
    expect(mappingProblem(mapping)).toBe("Choose the column that holds each product's title (or its handle)");
    expect(mappingProblem({ ...mapping, columns: { ...mapping.columns, title: 0 } })).toBeNull();
    expect(mappingProblem({ ...mapping, columns: { ...mapping.columns, handle: 0 } })).toBeNull();
  });

  it("names columns by the letters a spreadsheet shows", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
  });
});
