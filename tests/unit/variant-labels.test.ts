/**
 * Every code names exactly one variant (docs/stock.md): a variant's label
 * encodes its product's short link naming the variant, which both sides
 * read back to the same product key and that variant; a product's own
 * label names no variant.
 */
import { describe, expect, it } from "vitest";
import { variantLabels } from "../../app/catalogue/label-sets";
import type { ItemDoc } from "../../protocol/api";
import { labelKey, labelVariant, variantLink } from "../../protocol/label-key";
import { itemDoc } from "../support/item-doc";

const variant = (id: string, size: string) => ({
  _id: id,
  values: [size],
  sku: `TEE-${size}`,
  barcode: "",
  priceCents: 2000,
  stock: { main: 1 },
  quantity: 1,
  reorderPoint: null,
});

const tee: ItemDoc = {
  ...itemDoc({ status: "ready" }),
  _id: "teeTeeTeeTeeTeeTe",
  title: "Tee",
  options: ["Size"],
  variants: [variant("teeTeeTeeTeeTeeTe", "S"), variant("mediumMediumMediu", "M")],
};

describe("a variant's label", () => {
  it("encodes its product's short link naming the variant, read back as that product and variant", () => {
    const link = "https://stockroom.example/s/AbCdEfGhIj";
    const [small, medium] = variantLabels([tee], { [tee._id]: link }).map(({ label }) => label.link);
    expect(medium).toBe(`${link}/mediumMediumMediu`);
    expect(labelKey(medium as string)).toBe("s:AbCdEfGhIj");
    expect(labelVariant(medium as string)).toBe("mediumMediumMediu");
    expect(labelVariant(small as string)).toBe("teeTeeTeeTeeTeeTe");
    expect(labelVariant(link)).toBeNull();
  });

  it("leaves a link that is not a short link as it is", () => {
    expect(variantLink("https://shop.example/products/tee", "mediumMediumMediu")).toBe(
      "https://shop.example/products/tee",
    );
  });
});
