import { describe, expect, it } from "vitest";
import { checkDigit, parseBarcode } from "../../protocol/barcodes";

describe("product barcodes", () => {
  it("accepts real EAN-13, UPC-A and EAN-8 codes by their check digit", () => {
    // Printed on products: a book's ISBN-13, a can of soup's UPC-A, a small pack's EAN-8.
    expect(parseBarcode("9780141036144")).toEqual({ ok: true, kind: "ean13", value: "9780141036144" });
    expect(parseBarcode(" 051000012517 ")).toEqual({ ok: true, kind: "upca", value: "051000012517" });
    expect(parseBarcode("96385074")).toEqual({ ok: true, kind: "ean8", value: "96385074" });
    expect(checkDigit("400638133393")).toBe(1);
  });

  it("refuses a mistyped numeric code, saying which check digit it should have", () => {
    const check = parseBarcode("9780141036145");
    expect(check).toEqual({
      ok: false,
      message:
        "9780141036145 is not a valid EAN-13: its last digit (the check digit) should be 4, not 5. Check the number for a typing mistake.",
    });
    expect(parseBarcode("051000012518")).toMatchObject({ ok: false, message: expect.stringContaining("UPC-A") });
    expect(parseBarcode("96385075")).toMatchObject({ ok: false, message: expect.stringContaining("EAN-8") });
  });

  it("takes other printable values as Code 128, and refuses empty, overlong or unprintable ones", () => {
    expect(parseBarcode("TSHIRT-BLU-M")).toEqual({ ok: true, kind: "code128", value: "TSHIRT-BLU-M" });
    // Digits of another length are a Code 128 value too (an internal number).
    expect(parseBarcode("12345")).toEqual({ ok: true, kind: "code128", value: "12345" });
    expect(parseBarcode("   ")).toEqual({ ok: false, message: "The barcode is empty." });
    expect(parseBarcode("x".repeat(49))).toMatchObject({ ok: false, message: expect.stringContaining("48") });
    expect(parseBarcode("Café")).toMatchObject({ ok: false, message: expect.stringContaining("accents") });
  });
});
