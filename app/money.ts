/** Prices travel as whole cents; people type and read decimals. */
export function formatPrice(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** "12.5" → 1250; returns null for anything that is not a price. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return null;
  return Math.round(Number.parseFloat(trimmed) * 100);
}

export const PRICE_HINT = "Price must be a number like 12.50, not negative";
export const QUANTITY_HINT = "Quantity must be a whole number, 0 or more";

/** "3" → 3; null for blanks, fractions, negatives and anything that is not a number. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}
