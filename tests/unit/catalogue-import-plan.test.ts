/**
 * A file's rows made into products with variants, and every problem in
 * words with its row and column (app/catalogue/import/plan-import.ts,
 * product-draft.ts, read-row.ts, cells.ts): grouping by handle, handles
 * made from titles, each validation (a cell that cannot be kept is left
 * empty and said, its product still coming), and text taken as written
 * whatever its first character.
 */
import { describe, expect, it } from "vitest";
import { readPrice } from "../../app/catalogue/import/cells";
import { detectFormat, prefillMapping } from "../../app/catalogue/import/import-fields";
import { problemText } from "../../app/catalogue/import/import-words";
import { goodProducts, planImport } from "../../app/catalogue/import/plan-import";
import { parseCsv } from "../../app/catalogue/import/read-csv";

/** The plan of a CSV text, mapped as its layout suggests. */
function planOf(csv: string) {
  const read = parseCsv(csv);
  if (!read.ok) throw new Error(read.message);
  return planImport(read.table, prefillMapping(read.table.headers, detectFormat(read.table.headers)));
}
const problemsOf = (csv: string) => planOf(csv).problems.map(problemText);

const HEAD =
  "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,SKU,Barcode,Price,Quantity,Status,Tags";

describe("grouping rows into products", () => {
  it("makes a product of each handle's rows, its variants in order, product fields from its first row", () => {
    const plan = planOf(
      [
        HEAD,
        'tee,Classic tee,Size,S,Colour,White,T-S-W,,19.00,4,listed,"cotton, summer"',
        "tee,,Size,M,Colour,White,T-M-W,4006381333931,19.00,6,,",
        "mug,Mug,,,,,MUG-1,,8.50,12,draft,kitchen",
        "tee,,Size,S,Colour,Black,T-S-B,,21,0,,",
      ].join("\n"),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.drafts.map((draft) => draft.product)).toEqual([
      {
        row: 2,
        handle: "tee",
        title: "Classic tee",
        status: "listed",
        tags: ["cotton", "summer"],
        options: ["Size", "Colour"],
        variants: [
          { row: 2, values: ["S", "White"], sku: "T-S-W", barcode: "", priceCents: 1900, quantity: 4 },
          { row: 3, values: ["M", "White"], sku: "T-M-W", barcode: "4006381333931", priceCents: 1900, quantity: 6 },
          { row: 5, values: ["S", "Black"], sku: "T-S-B", barcode: "", priceCents: 2100, quantity: 0 },
        ],
      },
      {
        row: 4,
        handle: "mug",
        title: "Mug",
        status: "draft",
        tags: ["kitchen"],
        options: [],
        variants: [{ row: 4, values: [], sku: "MUG-1", barcode: "", priceCents: 850, quantity: 12 }],
      },
    ]);
  });

  it("makes handles from titles where the file has none, each once; a row with neither is the product above's variant", () => {
    const plan = planOf(
      [
        "Title,Option1 Name,Option1 Value,SKU,Price",
        "Mug,,,M-1,8",
        "Mug,,,M-2,9",
        "Café Crème Tee,Size,S,C-S,19",
        ",,M,C-M,19",
      ].join("\n"),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.drafts.map((draft) => [draft.product.handle, draft.rows])).toEqual([
      ["mug", [2]],
      ["mug-2", [3]],
      ["cafe-creme-tee", [4, 5]],
    ]);
    expect(plan.drafts[2]?.product.variants.map((variant) => variant.values)).toEqual([["S"], ["M"]]);
  });

  it("reads stock per location from Stock columns rather than the total, and blank figures as not given", () => {
    const plan = planOf(
      [
        "Handle,Title,SKU,Price,Quantity,Reorder point,Stock: Main,Stock: Back room",
        "lamp,Lamp,L-1,,5,,2,3",
        "vase,Vase,V-1,30,1,2,,",
      ].join("\n"),
    );
    expect(plan.drafts.map((draft) => draft.product.variants[0])).toEqual([
      { row: 2, values: [], sku: "L-1", barcode: "", stock: { Main: 2, "Back room": 3 }, reorderPoint: null },
      { row: 3, values: [], sku: "V-1", barcode: "", priceCents: 3000, quantity: 1, reorderPoint: 2 },
    ]);
  });
});

describe("a product's currency", () => {
  it("comes from its first row's Currency cell, in capitals, and a code that is not one is named by its row", () => {
    const plan = planOf(["Handle,Title,SKU,Price,Currency", "vase,Vase,V-1,30,eur", "cup,Cup,C-1,4,"].join("\n"));
    expect(plan.drafts.map((draft) => draft.product.currency)).toEqual(["EUR", undefined]);
    expect(problemsOf(["Title,Price,Currency", "Vase,30,euro"].join("\n"))).toEqual([
      "Row 2, Currency: “euro” is not a currency: use its three-letter code, like EUR or USD; left empty",
    ]);
  });
});

describe("problems, per row in words", () => {
  it("leaves a price, a count and a status that cannot be read empty, says so, and the products still come", () => {
    const csv = [
      "Handle,Title,SKU,Price,Quantity,Reorder point,Status,Stock: Main",
      'a,A,A-1,"12,5x",1,,,',
      "b,B,B-1,12.50,2.5,1.5,,",
      "c,C,C-1,12.50,3,,on sale,x",
    ].join("\n");
    expect(problemsOf(csv)).toEqual([
      "Row 2, Price: “12,5x” is not a price; left empty",
      "Row 3, Quantity: “2.5” is not a whole number; left empty",
      "Row 3, Reorder point: “1.5” is not a whole number of 0 or more; left empty",
      "Row 4, Status: “on sale” is not a status: use draft, ready, listed, sold or archived (Shopify's active is read as listed); left empty",
      "Row 4, Stock: Main: “x” is not a whole number; left empty",
    ]);
    const plan = planOf(csv);
    expect(goodProducts(plan).map((product) => [product.handle, product.variants[0]?.priceCents])).toEqual([
      ["a", undefined],
      ["b", 1250],
      ["c", 1250],
    ]);
  });

  it("takes an oversold count (below 0, as Shopify exports it) as it is, and flags it", () => {
    const plan = planOf(["Handle,Title,SKU,Quantity", "a,A,A-1,-3", "b,B,B-1,−2"].join("\n"));
    expect(plan.problems.map(problemText)).toEqual([
      "Row 2, Quantity: -3 is below 0 (sold before it was in stock): kept as it is",
      "Row 3, Quantity: -2 is below 0 (sold before it was in stock): kept as it is",
    ]);
    expect(goodProducts(plan).map((product) => product.variants[0]?.quantity)).toEqual([-3, -2]);
  });

  it("reads prices as people write them", () => {
    const cents = (text: string) => {
      const cell = readPrice(text);
      return "value" in cell ? cell.value : cell.problem;
    };
    expect(["12.50", "12,50", "$12.50", "€ 12,5", "12.50 EUR", "1,234.56", "1.234,56", "7"].map(cents)).toEqual([
      1250, 1250, 1250, 1250, 1250, 123456, 123456, 700,
    ]);
    expect(cents("1,234")).toBe("“1,234” is not a price");
    expect(cents("-5")).toBe("“-5” is not a price");
    expect(cents("2000000")).toBe("“2000000” is more than the largest price, 1,000,000");
  });

  it("needs a title on a product's first row", () => {
    expect(problemsOf([HEAD, "tee,,Size,S,,,T-S,,19,1,,", "tee,Tee,Size,M,,,T-M,,19,1,,"].join("\n"))).toEqual([
      "Row 2, Title: missing: a product's first row needs its title",
    ]);
    expect(problemsOf(["Title,SKU,Price", ",X-1,5"].join("\n"))).toEqual([
      "Row 2, Title: missing: give the product a title (or a handle)",
    ]);
  });

  it("leaves a barcode whose check digit is wrong, or one Excel shortened, empty and says why; the product comes", () => {
    const plan = planOf([HEAD, "mug,Mug,,,,,M-1,4006381333932,5,1,,", "cup,Cup,,,,,C-1,4.00638E+12,5,1,,"].join("\n"));
    expect(plan.problems.map(problemText)).toEqual([
      "Row 2, Barcode: 4006381333932 is not a valid EAN-13: its last digit (the check digit) should be 1, not 2. Check the number for a typing mistake. Left empty.",
      "Row 3, Barcode: “4.00638E+12” is a number a spreadsheet shortened; left empty (type the barcode again in a column formatted as text)",
    ]);
    expect(goodProducts(plan).map((product) => [product.handle, product.variants[0]?.barcode])).toEqual([
      ["mug", ""],
      ["cup", ""],
    ]);
  });

  it("needs a value for each of the product's options, each combination once, and options for more than one row", () => {
    expect(
      problemsOf(
        [
          HEAD,
          "tee,Tee,Size,S,Colour,White,T-1,,19,1,,",
          "tee,,,M,,,T-2,,19,1,,",
          "tee,,,S,,White,T-3,,19,1,,",
          "mug,Mug,,,,,M-1,,5,1,,",
          "mug,,,,,,M-2,,5,1,,",
        ].join("\n"),
      ),
    ).toEqual([
      "Row 3, Option2 Value: missing: “Tee” has the option Colour",
      "Row 4, Option1 Value: S / White is on row 2 too",
      "Row 6, Option1 Name: “Mug” has more than one row but no options: name its option (like Size) in Option1 Name on row 5",
    ]);
  });

  it("refuses a SKU or a barcode given twice in the file (a UPC-A is the same code as its EAN-13)", () => {
    expect(
      problemsOf(
        [HEAD, "a,A,,,,,SAME,036000291452,1,1,,", "b,B,,,,,same,,1,1,,", "c,C,,,,,C-1,0036000291452,1,1,,"].join("\n"),
      ),
    ).toEqual(["Row 3, SKU: “same” is also on row 2", "Row 4, Barcode: “0036000291452” is also on row 2"]);
  });

  it("refuses more than 100 variants in a product, and a fourth option", () => {
    const rows = Array.from({ length: 101 }, (_, i) => `big,${i === 0 ? "Big" : ""},Size,S${i},,,B-${i},,1,1,,`);
    expect(problemsOf([HEAD, ...rows].join("\n"))).toEqual([
      "Row 2, Handle: “Big” has 101 variants; a product has at most 100",
    ]);
    expect(
      problemsOf(
        ["Handle,Title,Option1 Name,Option1 Value,Option4 Name,Option4 Value", "x,X,Size,S,Fit,Slim"].join("\n"),
      ),
    ).toEqual(["Row 2, Option4 Name: a product has at most 3 options; combine or drop the others"]);
  });

  it("leaves out a product with a problem whole, and keeps the others", () => {
    const plan = planOf(
      [HEAD, "tee,Tee,Size,S,,,T-S,,19,1,,", "tee,,Size,,,,T-M,,19,1,,", "mug,Mug,,,,,M-1,,5,1,,"].join("\n"),
    );
    expect(plan.problems.map(problemText)).toEqual(["Row 3, Option1 Value: missing: “Tee” has the option Size"]);
    expect(goodProducts(plan).map((product) => product.handle)).toEqual(["mug"]);
    // And one the server found a problem with (a SKU already on another item of the room) too.
    expect(goodProducts(plan, [{ row: 4, column: "SKU", message: "taken" }])).toEqual([]);
  });
});

describe("text is text", () => {
  it("takes a cell as written whatever its first character: a dash list, a tag like @gift (the export keeps them from running)", () => {
    const plan = planOf(
      [
        "Handle,Title,SKU,Tags,Description,Price",
        'a,"=HYPERLINK(""http://evil.example"",""Click"")",A-1,,,1',
        "b,B,+B-1,,,1",
        "c,C,C-1,@gift,,1",
        'd,D,D-1,,"- 8 postcards\n- 1 envelope",-5',
      ].join("\n"),
    );
    // A figure's "-" is a number problem: the price is left empty, the product comes.
    expect(plan.problems.map(problemText)).toEqual(["Row 5, Price: “-5” is not a price; left empty"]);
    expect(
      goodProducts(plan).map((product) => [product.title, product.variants[0]?.sku, product.tags, product.description]),
    ).toEqual([
      ['=HYPERLINK("http://evil.example","Click")', "A-1", [], ""],
      ["B", "+B-1", [], ""],
      ["C", "C-1", ["@gift"], ""],
      ["D", "D-1", [], "- 8 postcards\n- 1 envelope"],
    ]);
  });

  it("takes back a cell our own export kept as text, without its apostrophe; other apostrophes stay", () => {
    const plan = planOf(
      [
        "Handle,Title,SKU,Description,Option1 Name,Option1 Value",
        "a,'=1+2,'+A,'-5 off,Size,'-",
        "b,'Tis the season,B-1,'@home,,",
      ].join("\n"),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.drafts.map(({ product }) => [product.title, product.description, product.variants[0]?.sku])).toEqual([
      ["=1+2", "-5 off", "+A"],
      ["'Tis the season", "@home", "B-1"],
    ]);
    expect(plan.drafts[0]?.product.variants[0]?.values).toEqual(["-"]);
  });
});
