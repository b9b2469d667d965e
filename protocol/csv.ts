/**
 * CSV as spreadsheets read it (RFC 4180): fields quoted when they hold a
 * comma, quote or line break, lines ended by CRLF. A text cell that a
 * spreadsheet would run as a formula — one starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return — gets a leading apostrophe, so an exported
 * title like `=HYPERLINK(...)` stays text (OWASP's "CSV injection"
 * advice). Numbers are left as they are: -5 is a quantity, not a formula.
 */

import { printable } from "./field-schemas";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  // A control character (a NUL kept from before text was cleaned) breaks the file for a spreadsheet.
  let text = value instanceof Date ? value.toISOString() : printable(String(value));
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, with its line ending. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
