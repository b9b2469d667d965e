/**
 * The print station's labels (app/printing/batch-labels.ts, docs/printing.md):
 * each variant's label once per copy, named and priced as the shelf shows it,
 * its QR the variant's own link; an item gone since it was queued prints nothing.
 */
import { describe, expect, it } from "vitest";
import { batchLabels, itemsOf } from "../../app/printing/batch-labels";
import type { LabelToPrint } from "../../protocol/print-args";

const tee: LabelToPrint = {
  jobId: "job1",
  itemId: "tee",
  variantId: "teeM",
  title: "Tee",
  variantName: "M",
  priceCents: 1500,
  currency: "EUR",
  sku: "TEE-M",
  barcode: "4006381333931",
  copies: 2,
};
const mug: LabelToPrint = {
  ...tee,
  itemId: "mug",
  variantId: "mug",
  title: "Mug",
  variantName: "",
  sku: "MUG-1",
  barcode: "",
  copies: 1,
};

describe("a print batch's labels", () => {
  it("prints each label once per copy, a variant's with its name and its own link", () => {
    const links = { tee: "https://shop.example/s/AbCdEfGh12", mug: "https://shop.example/s/ZyXwVuTs98" };
    const labels = batchLabels([tee, mug], links);
    expect(labels.map((label) => [label.title, label.sku, label.link])).toEqual([
      ["Tee — M", "TEE-M", "https://shop.example/s/AbCdEfGh12/teeM"],
      ["Tee — M", "TEE-M", "https://shop.example/s/AbCdEfGh12/teeM"],
      ["Mug", "MUG-1", "https://shop.example/s/ZyXwVuTs98"],
    ]);
    expect(new Set(labels.map((label) => label.id)).size).toBe(3);
    expect(labels[0]?.barcode).toBe("4006381333931");
    expect(labels[0]?.priceText).toMatch(/15/);
  });

  it("leaves out the labels of an item with no link, and asks each item's link once", () => {
    expect(batchLabels([tee, mug], { mug: "https://shop.example/s/ZyXwVuTs98" }).map((label) => label.title)).toEqual([
      "Mug",
    ]);
    expect(itemsOf([tee, { ...tee, variantId: "teeL" }, mug])).toEqual(["tee", "mug"]);
  });
});
