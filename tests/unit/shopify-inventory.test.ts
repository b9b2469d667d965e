/**
 * Shopify's inventory export (one row per variant and location) read as
 * Stockroom's own layout (app/catalogue/import/shopify-inventory.ts), then
 * planned like any import: each variant's count at each location, a count
 * typed into "On hand (new)" over the current one, "not stocked" saying
 * nothing, and the product export's "Default Title" variant a simple product.
 */
import { describe, expect, it } from "vitest";
import { prefillMapping } from "../../app/catalogue/import/import-fields";
import { goodProducts, planImport } from "../../app/catalogue/import/plan-import";
import { parseCsv } from "../../app/catalogue/import/read-csv";
import { isShopifyInventory, pivotInventory } from "../../app/catalogue/import/shopify-inventory";

const HEAD = [
  "Handle",
  "Title",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "SKU",
  "HS Code",
  "COO",
  "Location",
  "Bin name",
  "Incoming (not editable)",
  "Unavailable (not editable)",
  "Committed (not editable)",
  "Available (not editable)",
  "On hand (current)",
  "On hand (new)",
].join(",");

const FILE = [
  HEAD,
  "tee,Classic tee,Size,S,,,,,T-S,,,Shop floor,,0,0,0,3,3,",
  "tee,Classic tee,Size,S,,,,,T-S,,,Back room,,0,0,0,5,5,7",
  "tee,Classic tee,Size,M,,,,,T-M,,,Shop floor,,0,0,1,1,2,",
  "tee,Classic tee,Size,M,,,,,T-M,,,back room,,,,,,not stocked,",
  "mug,Mug,Title,Default Title,,,,,MUG-1,,,Shop floor,,0,0,1,4,5,",
].join("\n");

function table(csv: string) {
  const read = parseCsv(csv);
  if (!read.ok) throw new Error(read.message);
  return read.table;
}

describe("Shopify's inventory export", () => {
  it("is told from its product export and from Stockroom's own", () => {
    expect(isShopifyInventory(table(FILE).headers)).toBe(true);
    expect(isShopifyInventory(["Handle", "Title", "Variant SKU", "Variant Price", "Body (HTML)"])).toBe(false);
    expect(isShopifyInventory(["Handle", "Title", "SKU", "Stock: Main"])).toBe(false);
  });

  it("becomes one row per variant, with its units at each location", () => {
    const pivoted = pivotInventory(table(FILE));
    expect(pivoted.headers.slice(-2)).toEqual(["Stock: Shop floor", "Stock: Back room"]);
    expect(pivoted.rows.map((row) => [row.row, row.cells[3], row.cells[8], ...row.cells.slice(-2)])).toEqual([
      [2, "S", "T-S", "3", "7"],
      [4, "M", "T-M", "2", ""],
      [6, "Default Title", "MUG-1", "5", ""],
    ]);
  });

  it("imports each variant's count by location, and nothing else of the product", () => {
    const pivoted = pivotInventory(table(FILE));
    const plan = planImport(pivoted, prefillMapping(pivoted.headers, "shopify-inventory"));
    expect(plan.problems).toEqual([]);
    const [tee, mug] = goodProducts(plan);
    expect(tee?.options).toEqual(["Size"]);
    expect(tee?.variants.map((variant) => [variant.values, variant.sku, variant.stock])).toEqual([
      [["S"], "T-S", { "Shop floor": 3, "Back room": 7 }],
      [["M"], "T-M", { "Shop floor": 2 }],
    ]);
    expect(mug?.options).toEqual([]);
    expect(mug?.variants[0]?.stock).toEqual({ "Shop floor": 5 });
    // No price, status or tags in this file: a product already in the room keeps its own.
    expect(tee?.variants[0]?.priceCents).toBeUndefined();
    expect(tee?.status).toBeUndefined();
    expect(tee?.tags).toBeUndefined();
  });

  it("names a count that is not a whole number by its row", () => {
    const pivoted = pivotInventory(table(`${HEAD}\ncup,Cup,,,,,,,CUP-1,,,Shop floor,,,,,,2.5,`));
    const plan = planImport(pivoted, prefillMapping(pivoted.headers, "shopify-inventory"));
    expect(plan.problems.map((problem) => [problem.row, problem.column])).toEqual([[2, "Stock: Shop floor"]]);
  });
});
