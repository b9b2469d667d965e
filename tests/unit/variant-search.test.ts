/**
 * A variant's own code searched — a barcode scanned into the catalogue's
 * search — opens its product at that variant (app/catalogue/catalogue-rows.ts),
 * every code naming one variant (docs/stock.md).
 */
import { describe, expect, it } from "vitest";
import { listEntries, variantsNamedBy } from "../../app/catalogue/catalogue-rows";
import type { ItemDoc } from "../../protocol/api";
import { itemDoc } from "../support/item-doc";

const size = (id: string, value: string, sku: string, barcode = "") => ({
  _id: id,
  values: [value],
  sku,
  barcode,
  priceCents: 1000,
  stock: {},
  quantity: 0,
  reorderPoint: null,
});
const tee: ItemDoc = {
  ...itemDoc({ status: "ready" }),
  _id: "tee",
  title: "Tee",
  options: ["Size"],
  variants: [size("tee", "S", "TEE-S"), size("m", "M", "TEE-M", "036000291452")],
};
const lamp: ItemDoc = { ...itemDoc({ status: "ready" }), _id: "lamp", title: "Lamp", sku: "LAMP" };

describe("a variant's code searched", () => {
  it("opens its product at that variant, by SKU in any case or barcode in another form", () => {
    expect(variantsNamedBy("tee-m", [tee, lamp])).toEqual(new Map([["tee", "m"]]));
    expect(variantsNamedBy("0036000291452", [tee, lamp])).toEqual(new Map([["tee", "m"]]));
    expect(variantsNamedBy("Tee", [tee, lamp]).size).toBe(0);
    const entries = listEntries([tee, lamp], new Set(), variantsNamedBy("TEE-M", [tee, lamp]));
    expect(entries.map((entry) => [entry.key, entry.kind === "variant" && entry.matched])).toEqual([
      ["tee", false],
      ["tee/tee", false],
      ["tee/m", true],
      ["lamp", false],
    ]);
  });
});
