/**
 * The variants editor's draft (app/catalogue/variant-editor.ts) and the
 * labels of a product's variants (app/catalogue/label-sets.ts): every
 * combination of some values made at once, rows already there kept, the
 * draft read back as one `items.setVariants` call checked by the server's
 * rules, and one label per variant with its own name, price and barcode.
 */
import { describe, expect, it } from "vitest";
import { itemLabels, labelsPerUnit, variantLabels } from "../../app/catalogue/label-sets";
import {
  combinations,
  countedAt,
  draftOf,
  parseValues,
  setOf,
  whyKeep,
  withCombinations,
} from "../../app/catalogue/variant-editor";
import type { ItemDoc } from "../../protocol/api";

const tee: ItemDoc = {
  _id: "tee",
  title: "Tee",
  description: "",
  sku: "",
  barcode: "",
  priceCents: 2000,
  currency: "EUR",
  quantity: 3,
  stock: { main: 3 },
  status: "ready",
  location: "",
  tags: [],
  photos: [],
  storeProductId: "",
  options: ["Size"],
  variants: [
    {
      _id: "tee",
      values: ["S"],
      sku: "TEE-S",
      barcode: "",
      priceCents: 2000,
      stock: {},
      quantity: 0,
      reorderPoint: null,
    },
    {
      _id: "m",
      values: ["M"],
      sku: "",
      barcode: "036000291452",
      priceCents: 2500,
      stock: { main: 3 },
      quantity: 3,
      reorderPoint: 1,
    },
  ],
  createdBy: "",
  updatedBy: "",
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
const simple: ItemDoc = { ...tee, _id: "mug", title: "Mug", sku: "MUG", options: [], variants: [], quantity: 2 };

describe("the variants editor's draft", () => {
  it("reads comma-separated values and makes every combination", () => {
    expect(parseValues(" S, m ,, M, L ")).toEqual(["S", "m", "L"]);
    expect(
      combinations([
        ["S", "M"],
        ["Red", "Blue"],
      ]),
    ).toEqual([
      ["S", "Red"],
      ["S", "Blue"],
      ["M", "Red"],
      ["M", "Blue"],
    ]);
  });

  it("keeps the rows already there for a combination, and adds the rest at the product's price", () => {
    const made = withCombinations(draftOf(tee), ["s, M, L"], tee);
    if (!made.ok) throw new Error(made.error);
    expect(made.draft.rows.map((row) => [row._id, row.values[0], row.price])).toEqual([
      ["tee", "S", "20.00"],
      ["m", "M", "25.00"],
      [undefined, "L", "20.00"],
    ]);
    expect(withCombinations({ options: ["Size"], rows: [], countAt: "main" }, [" , "], tee)).toEqual({
      ok: false,
      error: "Give some values for Size, separated by commas (like S, M, L)",
    });
  });

  it("keeps a product's own SKU, id and stock on its first variant when it is given options", () => {
    const made = withCombinations({ options: ["Size"], rows: [], countAt: "main" }, ["S, M"], simple);
    if (!made.ok) throw new Error(made.error);
    expect(made.draft.rows.map((row) => [row._id, row.values[0], row.sku, row.quantity])).toEqual([
      ["mug", "S", "MUG", 2],
      [undefined, "M", "", 0],
    ]);
  });

  it("sends a count typed for a variant at the editor's location, with what was there when it opened", () => {
    const draft = countedAt(draftOf(tee, "main"), tee, "main");
    const rows = draft.rows.map((row) => (row._id === "m" ? { ...row, count: "5" } : row));
    const saved = setOf(tee, { ...draft, rows });
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.set.variants.map((variant) => variant.count)).toEqual([
      undefined,
      { locationId: "main", quantity: 5, seen: 3 },
    ]);
    expect(setOf(tee, { ...draft, rows: rows.map((row) => ({ ...row, count: "1,5" })) })).toMatchObject({ ok: false });
  });

  it("becomes one setVariants call, or says why not in the server's words", () => {
    const made = withCombinations({ options: ["Size"], rows: [], countAt: "main" }, ["S, M, L"], simple);
    if (!made.ok) throw new Error(made.error);
    const saved = setOf(simple, made.draft);
    expect(saved).toEqual({
      ok: true,
      set: {
        options: ["Size"],
        // The first is the product as it was: its id and its SKU.
        variants: ["S", "M", "L"].map((size, index) => ({
          ...(index === 0 ? { _id: "mug" } : {}),
          values: [size],
          sku: index === 0 ? "MUG" : "",
          barcode: "",
          priceCents: 2000,
          // No cost typed: the product's own (the first keeps what it had), the new ones' not known.
          ...(index === 0 ? {} : { costCents: null }),
          supplierSku: "",
          reorderPoint: null,
        })),
      },
    });
    // M holds 3: it cannot go, and removing its row says so.
    const withoutM = { ...draftOf(tee), rows: draftOf(tee).rows.filter((row) => row._id !== "m") };
    expect(setOf(tee, withoutM)).toEqual({
      ok: false,
      error: "M still holds 3: move, sell or correct its stock to 0 first",
    });
    expect(whyKeep(draftOf(tee).rows[1] as NonNullable<ReturnType<typeof draftOf>["rows"][number]>)).toBe(
      "M still holds 3: move, sell or correct its stock to 0 before removing it",
    );
    expect(setOf(tee, { ...draftOf(tee), options: [""] })).toMatchObject({ ok: false });
  });
});

describe("labels of a product's variants", () => {
  const links = { tee: "https://x.example/s/tee", mug: "https://x.example/s/mug" };

  it("is one per variant, with its name, price and own codes, all with the product's link", () => {
    const labels = variantLabels([simple, tee], links).map(({ label }) => label);
    expect(labels.map((label) => [label.id, label.title, label.sku, label.barcode, label.link])).toEqual([
      ["mug", "Mug", "MUG", "", links.mug],
      ["tee:tee", "Tee — S", "TEE-S", "", links.tee],
      ["tee:m", "Tee — M", "", "036000291452", links.tee],
    ]);
    expect(labels[2]?.priceText).toContain("25.00");
    expect(itemLabels([simple, tee], links)).toHaveLength(2);
  });

  it("repeats each once per unit the variant holds", () => {
    const sheet = labelsPerUnit(variantLabels([tee], links), 1000);
    expect(sheet.map((label) => label.id)).toEqual(["tee:m:1", "tee:m:2", "tee:m:3"]);
  });
});
