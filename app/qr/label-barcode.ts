/**
 * The barcode a label prints (docs/product.md §13, docs/architecture.md §9): the item's own product
 * barcode in its symbology (EAN-13, UPC-A, EAN-8), any other value as Code
 * 128, else the SKU as Code 128; none when the item has neither. The bars
 * come from JsBarcode's encoders (bits, 1 = a dark module), drawn as vector
 * rectangles by BarcodeVector.tsx.
 */
import barcodes from "jsbarcode/bin/barcodes";
import { parseBarcode } from "../../protocol/barcodes";

export interface LabelBarcode {
  /** One character a module: "1" dark, "0" light. */
  bits: string;
  /** What a person reads under the bars. */
  text: string;
}

const ENCODERS = { ean13: "EAN13", upca: "UPC", ean8: "EAN8", code128: "CODE128" } as const;

/**
 * The encoders by name. JsBarcode is CommonJS with its table as `default`:
 * bundled the way Node imports it (this package is ESM), the default import
 * is the whole exports object and the table is its `default`.
 */
const TABLE: typeof barcodes =
  "EAN13" in barcodes ? barcodes : ((barcodes as unknown as { default: typeof barcodes }).default ?? barcodes);

export function labelBarcode(item: { barcode?: string; sku: string }): LabelBarcode | null {
  const value = item.barcode?.trim() || item.sku.trim();
  if (!value) return null;
  const check = parseBarcode(value);
  if (!check.ok) return null;
  const Encoder = TABLE[ENCODERS[check.kind]];
  if (!Encoder) return null;
  const encoder = new Encoder(check.value, { flat: true });
  if (!encoder.valid()) return null;
  const { data } = encoder.encode();
  return { bits: data, text: check.value };
}
