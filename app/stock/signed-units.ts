/** A change of stock as every screen writes it: +2, −1 (a true minus sign), and 0 for none. */
export function signedUnits(units: number): string {
  if (units > 0) return `+${units.toLocaleString()}`;
  if (units < 0) return `−${Math.abs(units).toLocaleString()}`;
  return "0";
}
