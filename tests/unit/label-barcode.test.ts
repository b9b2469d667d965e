import { describe, expect, it } from "vitest";
import { labelBarcode } from "../../app/qr/label-barcode";

describe("a label's barcode", () => {
  it("prints the product barcode in its symbology, else the SKU as Code 128, else none", () => {
    // EAN-13: 95 modules, starting and ending with the guard bars 101.
    const ean = labelBarcode({ barcode: "4006381333931", sku: "L-1" });
    expect(ean?.text).toBe("4006381333931");
    expect(ean?.bits).toHaveLength(95);
    expect(ean?.bits.startsWith("101")).toBe(true);
    expect(labelBarcode({ barcode: "051000012517", sku: "" })?.bits).toHaveLength(95);
    expect(labelBarcode({ barcode: "96385074", sku: "" })?.bits).toHaveLength(67);
    // Code 128 ends with its stop pattern.
    expect(labelBarcode({ sku: "MUG-1000" })?.bits.endsWith("1100011101011")).toBe(true);
    expect(labelBarcode({ barcode: "", sku: "" })).toBeNull();
  });
});
