/**
 * Product barcodes a variant may carry (docs/product.md §11): EAN-13, UPC-A, EAN-8 and
 * Code 128. The numeric kinds end in a check digit; one typed or scanned
 * wrong is refused with the digit it should have been, so a mistyped code
 * never becomes a second item. Shared by the app (as a person types) and the
 * server (which decides).
 */

export type BarcodeKind = "ean13" | "upca" | "ean8" | "code128";

export const BARCODE_NAMES: Record<BarcodeKind, string> = {
  ean13: "EAN-13",
  upca: "UPC-A",
  ean8: "EAN-8",
  code128: "Code 128",
};

/** Longest Code 128 value accepted: what fits a label's width at a scannable bar size. */
export const MAX_CODE128_LENGTH = 48;

export type BarcodeCheck = { ok: true; kind: BarcodeKind; value: string } | { ok: false; message: string };

/** The numeric kinds by length. */
const NUMERIC: Record<number, Exclude<BarcodeKind, "code128">> = { 13: "ean13", 12: "upca", 8: "ean8" };

/**
 * The check digit for `body` (every digit but the last): weights 3 and 1
 * alternate from the right-most digit of the body, as GS1 defines it for
 * EAN-13, UPC-A and EAN-8 alike.
 */
export function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The ways one product's code may be written: a UPC-A is also an EAN-13
 * with a leading 0 (many scanners send that form), so either finds it and
 * neither can be given to a second item.
 */
export function barcodeForms(code: string): string[] {
  const value = code.trim();
  if (/^\d{12}$/.test(value)) return [value, `0${value}`];
  if (/^0\d{12}$/.test(value)) return [value, value.slice(1)];
  return [value];
}

/**
 * Reads a barcode as typed or scanned (surrounding spaces dropped). A value
 * of 8, 12 or 13 digits is an EAN-8, UPC-A or EAN-13 and must have its
 * check digit right; anything else printable is a Code 128 value.
 */
export function parseBarcode(input: string): BarcodeCheck {
  const value = input.trim();
  if (value === "") return { ok: false, message: "The barcode is empty." };
  if (/^\d+$/.test(value) && NUMERIC[value.length]) {
    const kind = NUMERIC[value.length] as Exclude<BarcodeKind, "code128">;
    const expected = checkDigit(value.slice(0, -1));
    const given = Number(value.at(-1));
    if (expected !== given) {
      return {
        ok: false,
        message: `${value} is not a valid ${BARCODE_NAMES[kind]}: its last digit (the check digit) should be ${expected}, not ${given}. Check the number for a typing mistake.`,
      };
    }
    return { ok: true, kind, value };
  }
  if (value.length > MAX_CODE128_LENGTH) {
    return { ok: false, message: `A barcode can be at most ${MAX_CODE128_LENGTH} characters long.` };
  }
  // Code 128 carries ASCII; a label printer's Code 128 set B prints the visible characters and space.
  if (!/^[\x20-\x7e]+$/.test(value)) {
    return {
      ok: false,
      message: "A barcode can hold only letters A–Z, digits, spaces and the usual punctuation (no accents or emoji).",
    };
  }
  return { ok: true, kind: "code128", value };
}
