import { describe, expect, it } from "vitest";
import { catalogueCsv } from "../../app/catalogue/catalogue-csv";
import type { ItemDoc, LocationDoc } from "../../protocol/api";

const item = (fields: Partial<ItemDoc>): ItemDoc => ({
  _id: "i1",
  title: "Lamp",
  description: "",
  sku: "",
  priceCents: 0,
  currency: "EUR",
  quantity: 0,
  status: "draft",
  location: "",
  tags: [],
  photos: [],
  storeProductId: "",
  createdBy: "",
  updatedBy: "",
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...fields,
});

const locations: LocationDoc[] = [
  { _id: "main", name: "Main", position: 0, archived: false },
  { _id: "b", name: "Back room", position: 1, archived: false },
];

describe("the catalogue as CSV", () => {
  it("writes one row per item with its stock at each location, in our own format's columns", () => {
    const csv = catalogueCsv(
      [
        item({
          title: "Lamp",
          sku: "L-1",
          barcode: "4006381333931",
          priceCents: 1250,
          quantity: 5,
          reorderPoint: 2,
          status: "ready",
          location: "Shelf B3",
          tags: ["lights", "brass"],
          stock: { main: 2, b: 3 },
        }),
        // Kept before locations: its quantity is at the first.
        item({ title: "Vase", quantity: 1 }),
      ],
      locations,
    );
    expect(csv.split("\r\n")).toEqual([
      "Title,SKU,Barcode,Price,Currency,Quantity,Reorder point,Status,Shelf,Tags,Description,Stock: Main,Stock: Back room",
      'Lamp,L-1,4006381333931,12.50,EUR,5,2,ready,Shelf B3,"lights, brass",,2,3',
      "Vase,,,0.00,EUR,1,,draft,,,,1,0",
      "",
    ]);
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
