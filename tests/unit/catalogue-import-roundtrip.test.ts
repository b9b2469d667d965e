/**
 * What the export writes the import reads back as the same products
 * (app/catalogue/catalogue-csv.ts → app/catalogue/import/): titles, codes,
 * prices and their currency, stock per location, options and variants, status, tags, shelf and
 * description, cost, "was" price, weight, vendor, type and SEO, awkward text included. And the sending
 * (send-import.ts, protocol/import-parts.ts): pieces and parts with no
 * product split, the parts' reports added up, the sending's progress, and
 * a stop part-way.
 */
import { describe, expect, it } from "vitest";
import { catalogueCsv } from "../../app/catalogue/catalogue-csv";
import { detectFormat, prefillMapping } from "../../app/catalogue/import/import-fields";
import { stoppedText } from "../../app/catalogue/import/import-words";
import { planImport } from "../../app/catalogue/import/plan-import";
import { decodeCsv, parseCsv } from "../../app/catalogue/import/read-csv";
import { outcomeOf, sendProducts } from "../../app/catalogue/import/send-import";
import { type ItemDoc, LIMITS, type LocationDoc, variantsOf } from "../../protocol/api";
import { addReports, splitProducts } from "../../protocol/import-parts";
import {
  emptyImportReport,
  type ImportProduct,
  type ImportReport,
  type ImportStage,
} from "../../protocol/variant-args";
import { itemDoc } from "../support/item-doc";

const item = (fields: Partial<ItemDoc> & Pick<ItemDoc, "_id" | "title">): ItemDoc => itemDoc(fields);

const locations: LocationDoc[] = [
  { _id: "main", name: "Main", position: 0, archived: false },
  { _id: "loc2", name: "Back room, upstairs", position: 1, archived: false },
];

const catalogue: ItemDoc[] = [
  item({
    _id: "a1",
    title: 'Brass lamp, "Anglepoise"',
    description: "Line one\nLine two, with a comma\n=not a formula here",
    sku: "LAMP-1",
    barcode: "4006381333931",
    priceCents: 12050,
    quantity: 5,
    stock: { main: 2, loc2: 3 },
    reorderPoint: 1,
    status: "listed",
    location: "Shelf B3",
    tags: ["lights", "brass"],
    costCents: 6000,
    compareAtCents: 15000,
    weightGrams: 1500,
    weightUnit: "kg",
    vendor: "Anglepoise",
    productType: "Lamp",
    seoTitle: "Brass lamp",
    seoDescription: "A 1970s brass lamp, rewired",
  }),
  item({
    _id: "b2",
    title: "=SUM(1,2) tee",
    status: "ready",
    tags: ["cotton"],
    options: ["Size", "Colour"],
    quantity: 7,
    variants: [
      {
        _id: "b2",
        values: ["S", "-"],
        sku: "-T-S",
        barcode: "",
        priceCents: 1900,
        stock: { main: 4 },
        quantity: 4,
        reorderPoint: 2,
      },
      {
        _id: "v2",
        values: ["M", "@home"],
        sku: "T-M",
        barcode: "96385074",
        priceCents: 2100,
        stock: { loc2: 3 },
        quantity: 3,
        reorderPoint: null,
      },
    ],
  }),
  // Priced in another currency than the others: it comes back in its own.
  item({ _id: "c3", title: "Crème brûlée dish", priceCents: 899, currency: "GBP", description: "", location: "" }),
];

/** What the import should send for an item: its fields, and each variant's stock at every location, by name. */
function expected(doc: ItemDoc, handle: string): Omit<ImportProduct, "row"> {
  return {
    handle,
    title: doc.title,
    description: doc.description,
    currency: doc.currency,
    status: doc.status,
    location: doc.location,
    tags: doc.tags,
    vendor: doc.vendor ?? "",
    productType: doc.productType ?? "",
    seoTitle: doc.seoTitle ?? "",
    seoDescription: doc.seoDescription ?? "",
    options: doc.options ?? [],
    variants: variantsOf(doc).map((variant) => ({
      row: expect.any(Number) as unknown as number,
      values: variant.values,
      sku: variant.sku,
      barcode: variant.barcode,
      priceCents: variant.priceCents,
      stock: Object.fromEntries(locations.map((location) => [location.name, variant.stock[location._id] ?? 0])),
      reorderPoint: variant.reorderPoint,
      costCents: variant.costCents ?? null,
      // No supplier in this catalogue: the columns are there, blank.
      supplier: "",
      supplierSku: variant.supplierSku ?? "",
      compareAtCents: variant.compareAtCents ?? null,
      weightGrams: variant.weightGrams ?? null,
      ...(variant.weightGrams != null ? { weightUnit: variant.weightUnit } : {}),
    })),
  };
}

describe("export, then import", () => {
  it("reads back the same products from the exported file's bytes", () => {
    const bytes = new TextEncoder().encode(catalogueCsv(catalogue, locations));
    const decoded = decodeCsv(bytes);
    if (!decoded.ok) throw new Error(decoded.message);
    const read = parseCsv(decoded.text);
    if (!read.ok) throw new Error(read.message);
    const format = detectFormat(read.table.headers);
    expect(format).toBe("stockroom");
    const plan = planImport(read.table, prefillMapping(read.table.headers, format));
    expect(plan.problems).toEqual([]);
    expect(plan.drafts.map((draft) => draft.product)).toEqual([
      { row: 2, ...expected(catalogue[0] as ItemDoc, "brass-lamp-anglepoise") },
      { row: 3, ...expected(catalogue[1] as ItemDoc, "sum-1-2-tee") },
      { row: 5, ...expected(catalogue[2] as ItemDoc, "creme-brulee-dish") },
    ]);
  });
});

const product = (handle: string, variants: number): ImportProduct => ({
  row: 2,
  handle,
  title: handle,
  options: variants > 1 ? ["Size"] : [],
  variants: Array.from({ length: variants }, (_, i) => ({
    row: 2 + i,
    values: variants > 1 ? [`S${i}`] : [],
    sku: "",
    barcode: "",
  })),
});

const report = (fields: Partial<ImportReport>): ImportReport => ({ ...emptyImportReport(), ...fields });

describe("sending the products", () => {
  it("cuts parts of at most LIMITS.IMPORT_PART rows and never splits a product", () => {
    const products = [...Array.from({ length: 6 }, (_, i) => product(`p${i}`, 100)), product("one", 1)];
    const parts = splitProducts(products, LIMITS.IMPORT_PART);
    expect(parts.map((part) => part.map((each) => each.handle))).toEqual([
      ["p0", "p1", "p2", "p3", "p4"],
      ["p5", "one"],
    ]);
    expect(LIMITS.IMPORT_PART).toBe(500);
    expect(
      splitProducts(
        [product("a", 99), product("b", 100), product("c", 100), product("d", 100), product("e", 100), product("f", 2)],
        LIMITS.IMPORT_PART,
      ).map((part) => part.length),
    ).toEqual([5, 1]);
  });

  it("adds the parts' reports up, each location once", () => {
    const first = report({
      created: 5,
      locationsAdded: ["Back"],
      stock: [{ location: "Main", units: 40, variants: 5 }],
    });
    const second = report({
      updated: 1,
      unchanged: 1,
      locationsAdded: ["back", "Shop"],
      problems: [{ row: 9, column: "SKU", message: "taken" }],
      changes: { prices: 1 },
      stock: [
        { location: "main", units: -2, variants: 1 },
        { location: "Shop", units: 3, variants: 1 },
      ],
    });
    expect(addReports(addReports(emptyImportReport(), first), second)).toEqual(
      report({
        created: 5,
        updated: 1,
        unchanged: 1,
        locationsAdded: ["Back", "Shop"],
        problems: [{ row: 9, column: "SKU", message: "taken" }],
        changes: { prices: 1 },
        stock: [
          { location: "Main", units: 38, variants: 6 },
          { location: "Shop", units: 3, variants: 1 },
        ],
      }),
    );
  });

  it("sends the file once, in pieces of at most LIMITS.IMPORT_PIECE rows under one id, with its progress", async () => {
    const products = [...Array.from({ length: 11 }, (_, i) => product(`p${i}`, 500)), product("last", 1)];
    const staged: ImportStage[] = [];
    const progress: [number, number][] = [];
    const importId = await sendProducts(
      {
        stage: async (stage) => staged.push(stage),
        run: async () => {
          throw new Error("not called");
        },
      },
      products,
      (sent, total) => progress.push([sent, total]),
    );
    expect(staged.map((stage) => [stage.importId, stage.piece, stage.products.length])).toEqual([
      [importId, 0, 10],
      [importId, 1, 2],
    ]);
    expect(progress).toEqual([
      [0, 5501],
      [5000, 5501],
      [5501, 5501],
    ]);
  });

  it("says how far an import that stopped got", () => {
    const outcome = outcomeOf({
      report: report({ created: 5 }),
      done: 500,
      total: 1001,
      error: "The connection was closed",
    });
    expect(outcome).toMatchObject({ sentRows: 500, totalRows: 1001, report: report({ created: 5 }) });
    expect(outcome.error).toBeInstanceOf(Error);
    expect(stoppedText(outcome.sentRows, outcome.totalRows, "The connection was closed")).toBe(
      "The import stopped: The connection was closed. 500 rows of 1,001 were imported. Import the same file again to go on: products already in are found by their handle or SKU and updated, never added twice.",
    );
    expect(outcomeOf({ report: report({ created: 3 }), done: 1001, total: 1001 })).toEqual({
      report: report({ created: 3 }),
      sentRows: 1001,
      totalRows: 1001,
    });
  });
});
