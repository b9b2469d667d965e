/**
 * Shopify's inventory export (Products › Inventory › Export, all locations):
 * one row per variant and location, the place in "Location" and its units
 * in "On hand" ("On hand (new)" / "On hand (current)" in the file Shopify
 * gives to edit, "Available" in the file of available quantities only).
 * Its product export leaves stock out, so this is how a shop's counts come
 * over. It is read here as Stockroom's own layout — one row per variant,
 * a "Stock: <location>" column per location — so it goes through the one
 * import path: variants are found by handle and SKU or options, each count
 * is set at its location (a location the room lacks is added), and nothing
 * else of a product changes.
 */
import { FIELDS } from "./import-fields";
import type { CsvRow, CsvTable } from "./read-csv";

const lower = (headers: readonly string[]) => headers.map((header) => header.trim().toLowerCase());

/** The columns the units may be in, most wanted first: a count typed into Shopify's file wins. */
const UNIT_COLUMNS = ["on hand (new)", "on hand (current)", "on hand", "available", "available (not editable)"];

/** The variant's own columns, kept as they are: both layouts name them the same (Handle, Title, Option1 Name…, SKU). */
const KEY_COLUMNS = FIELDS.filter(
  ({ key }) => key === "handle" || key === "title" || key === "sku" || /^option/.test(key),
).map((field) => field.label);

/** Whether the header row is Shopify's inventory export: a handle, a location and units at it. */
export function isShopifyInventory(headers: readonly string[]): boolean {
  const names = new Set(lower(headers));
  return names.has("handle") && names.has("location") && UNIT_COLUMNS.some((name) => names.has(name));
}

/** "Not stocked" (never stocked there) and blank cells say nothing about a location. */
const saysNothing = (cell: string) => cell.trim() === "" || cell.trim().toLowerCase() === "not stocked";

/**
 * The inventory file as Stockroom's layout: a row per variant (the row
 * number of its first row in the file, so a problem names a row the person
 * finds), its units at each location in that location's stock column.
 */
export function pivotInventory(table: CsvTable): CsvTable {
  const names = lower(table.headers);
  const keyColumns = KEY_COLUMNS.map((name) => names.indexOf(name.toLowerCase()));
  const locationColumn = names.indexOf("location");
  const unitColumns = UNIT_COLUMNS.map((name) => names.indexOf(name)).filter((column) => column >= 0);
  const locations: string[] = [];
  const variants = new Map<string, { row: number; cells: string[]; stock: Map<string, string> }>();
  for (const { row, cells } of table.rows) {
    const key = keyColumns.map((column) => (column < 0 ? "" : (cells[column] ?? "").trim()));
    // The title is the product's, written on every row: the variant is its handle, options and SKU.
    const id = key
      .filter((_, index) => index !== 1)
      .join("\u0000")
      .toLowerCase();
    let variant = variants.get(id);
    if (!variant) {
      variant = { row, cells: key, stock: new Map() };
      variants.set(id, variant);
    }
    const location = (cells[locationColumn] ?? "").trim();
    const units = unitColumns.map((column) => cells[column] ?? "").find((cell) => !saysNothing(cell));
    if (!location || units === undefined) continue;
    const known = locations.find((name) => name.toLowerCase() === location.toLowerCase());
    if (!known) locations.push(location);
    variant.stock.set((known ?? location).toLowerCase(), units.trim());
  }
  const headers = [...KEY_COLUMNS, ...locations.map((location) => `Stock: ${location}`)];
  const rows: CsvRow[] = [...variants.values()].map(({ row, cells, stock }) => ({
    row,
    cells: [...cells, ...locations.map((location) => stock.get(location.toLowerCase()) ?? "")],
  }));
  return { headers, rows };
}
