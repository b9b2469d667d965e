/**
 * The catalogue as CSV (app/catalogue/catalogue-csv.ts): a row per variant,
 * Shopify-like, product fields on a product's first row, stock per
 * location, handles made from titles the same whatever the list's order,
 * and cells a spreadsheet would run kept as text.
 */
import { describe, expect, it } from "vitest";
import { catalogueCsv, handlesOf } from "../../app/catalogue/catalogue-csv";
import type { ItemDoc, LocationDoc } from "../../protocol/api";
import { itemDoc } from "../support/item-doc";

const item = (fields: Partial<ItemDoc>): ItemDoc => itemDoc(fields);

const locations: LocationDoc[] = [
  { _id: "main", name: "Main", position: 0, archived: false },
  { _id: "b", name: "Back room", position: 1, archived: false },
  // Archived: it holds nothing, and has no column.
  { _id: "old", name: "Old shop", position: 2, archived: true },
];

const HEADER =
  "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,Barcode,Price,Currency,Quantity,Reorder point,Status,Shelf,Tags,Description,Cost,Supplier,Supplier SKU,Compare-at price,Weight (g),Weight unit,Vendor,Type,SEO title,SEO description,Stock: Main,Stock: Back room";

describe("the catalogue as CSV", () => {
  it("writes a row per variant: a simple product's one row, a product's own fields on its first row only", () => {
    const csv = catalogueCsv(
      [
        item({
          _id: "a",
          title: "Lamp",
          sku: "L-1",
          barcode: "4006381333931",
          priceCents: 1250,
          quantity: 5,
          reorderPoint: 2,
          status: "ready",
          location: "Shelf B3",
          tags: ["lights", "brass"],
          description: "Brass, 1970s",
          stock: { main: 2, b: 3 },
          costCents: 700,
          supplierId: "acme-id",
          supplierSku: "AC-LAMP",
          compareAtCents: 1500,
          weightGrams: 1200,
          weightUnit: "kg",
          vendor: "Atelier",
          productType: "Lighting",
        }),
        item({
          _id: "b",
          title: "Tee",
          status: "listed",
          tags: ["cotton"],
          quantity: 4,
          options: ["Size", "Colour"],
          variants: [
            {
              _id: "b",
              values: ["S", "White"],
              sku: "T-S",
              barcode: "",
              priceCents: 1900,
              stock: { main: 4 },
              quantity: 4,
              reorderPoint: 1,
            },
            {
              _id: "v2",
              values: ["M", "White"],
              sku: "T-M",
              barcode: "",
              priceCents: 2100,
              stock: {},
              quantity: 0,
              reorderPoint: null,
            },
          ],
        }),
        // Kept before locations: its quantity is at the first.
        item({ _id: "c", title: "Vase", quantity: 1 }),
      ],
      locations,
      // The supplier by name, as the import reads it back.
      new Map([["acme-id", "Acme"]]),
    );
    expect(csv.split("\r\n")).toEqual([
      HEADER,
      'lamp,Lamp,,,,,,,L-1,4006381333931,12.50,EUR,5,2,ready,Shelf B3,"lights, brass","Brass, 1970s",7.00,Acme,AC-LAMP,15.00,1200,kg,Atelier,Lighting,,,2,3',
      "tee,Tee,Size,S,Colour,White,,,T-S,,19.00,EUR,4,1,listed,,cotton,,,,,,,,,,,,4,0",
      "tee,,Size,M,Colour,White,,,T-M,,21.00,EUR,0,,,,,,,,,,,,,,,,0,0",
      "vase,Vase,,,,,,,,,0.00,EUR,1,,draft,,,,,,,,,,,,,,1,0",
      "",
    ]);
  });

  it("makes each handle once, in the order of the items' ids whatever the list's order", () => {
    const items = [
      item({ _id: "z", title: "Mug" }),
      item({ _id: "a", title: "Mug" }),
      item({ _id: "m", title: "mug!" }),
    ];
    expect(Object.fromEntries(handlesOf(items))).toEqual({ a: "mug", m: "mug-2", z: "mug-3" });
    expect(Object.fromEntries(handlesOf([...items].reverse()))).toEqual({ a: "mug", m: "mug-2", z: "mug-3" });
    expect(
      Object.fromEntries(handlesOf([item({ _id: "a", title: "★" }), item({ _id: "b", title: "Crème brûlée" })])),
    ).toEqual({ a: "item", b: "creme-brulee" });
  });

  it("keeps a cell a spreadsheet would run as a formula as text", () => {
    const csv = catalogueCsv(
      [item({ title: '=HYPERLINK("http://evil.example","Click")', description: "+1" })],
      locations,
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain(",'+1,");
  });
});
