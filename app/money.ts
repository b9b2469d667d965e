/** Prices travel as whole cents; people type and read decimals. */
export function formatPrice(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * A number as people write it in any locale, as digits and a "." decimal
 * point: "1.234,56" (de-DE, as the app itself shows it there), "1,234.56"
 * (en-US), "1 234,56" (fr-FR), "1'234.56" (de-CH), "12,5", "12.50". The last
 * "." or "," followed by one or two digits is the decimal point; any other
 * separates groups of three. Null when it is not such a number.
 */
function normalNumber(text: string): string | null {
  const compact = text.trim().replace(/[\s\u00A0\u202F']/g, "");
  const parts = /^(.*?)(?:([.,])(\d{0,2}))?$/.exec(compact);
  if (!parts) return null;
  const [, whole = "", point, decimals = ""] = parts;
  const grouped = (separator: string) =>
    point !== separator && new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`).test(whole);
  if (!/^\d+$/.test(whole) && !grouped(",") && !grouped(".")) return null;
  const digits = whole.replace(/[.,]/g, "");
  return decimals ? `${digits}.${decimals}` : digits;
}

/** "12.5" → 1250, "1.234,56" → 123456; returns null for anything that is not a price. */
export function parsePrice(text: string): number | null {
  const number = normalNumber(text);
  if (number === null) return null;
  return Math.round(Number.parseFloat(number) * 100);
}

export const PRICE_HINT = "Price must be a number like 12.50, not negative";
export const QUANTITY_HINT = "Quantity must be a whole number, 0 or more";

/** "3" → 3, "1,234" or "1.234" → 1234; null for blanks, fractions, negatives and anything that is not a number. */
export function parseQuantity(text: string): number | null {
  const number = normalNumber(text);
  return number !== null && /^\d+$/.test(number) ? Number(number) : null;
}
