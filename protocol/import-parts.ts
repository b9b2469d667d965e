/**
 * A file's products cut into pieces and parts, and the parts' reports added
 * up (docs/architecture.md §9). The app sends the products to the server in
 * pieces of at most LIMITS.IMPORT_PIECE rows (and well under a message's
 * size); the server cuts each piece into parts of at most LIMITS.IMPORT_PART
 * rows — one transaction each — and never splits a product.
 */
import type { ImportChangeKind, ImportProduct, ImportReport, ImportStockChange } from "./variant-args";

/** Variant rows of these products. */
export const rowsOf = (products: readonly ImportProduct[]): number =>
  products.reduce((sum, product) => sum + product.variants.length, 0);

/** The products in runs of at most `maxRows` variant rows and about `maxCharacters` of JSON, no product split. */
export function splitProducts(
  products: readonly ImportProduct[],
  maxRows: number,
  maxCharacters = Number.POSITIVE_INFINITY,
): ImportProduct[][] {
  const runs: ImportProduct[][] = [];
  let current: ImportProduct[] = [];
  let rows = 0;
  let size = 0;
  for (const product of products) {
    const productSize = maxCharacters === Number.POSITIVE_INFINITY ? 0 : JSON.stringify(product).length;
    if (current.length > 0 && (rows + product.variants.length > maxRows || size + productSize > maxCharacters)) {
      runs.push(current);
      current = [];
      rows = 0;
      size = 0;
    }
    current.push(product);
    rows += product.variants.length;
    size += productSize;
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/** Stock changes of two parts by location, added up. */
function addStock(a: readonly ImportStockChange[], b: readonly ImportStockChange[]): ImportStockChange[] {
  const byLocation = new Map(a.map((change) => [change.location.toLowerCase(), { ...change }]));
  for (const change of b) {
    const sum = byLocation.get(change.location.toLowerCase());
    if (sum) {
      sum.units += change.units;
      sum.variants += change.variants;
    } else byLocation.set(change.location.toLowerCase(), { ...change });
  }
  return [...byLocation.values()];
}

/** Two parts' reports as one; a location that several parts would add is counted once. */
export function addReports(sum: ImportReport, part: ImportReport): ImportReport {
  const locations = [...sum.locationsAdded];
  for (const name of part.locationsAdded) {
    if (!locations.some((known) => known.toLowerCase() === name.toLowerCase())) locations.push(name);
  }
  const suppliers = [...sum.suppliersAdded];
  for (const name of part.suppliersAdded ?? []) {
    if (!suppliers.some((known) => known.toLowerCase() === name.toLowerCase())) suppliers.push(name);
  }
  const changes = { ...sum.changes };
  for (const [kind, n] of Object.entries(part.changes ?? {}) as [ImportChangeKind, number][]) {
    changes[kind] = (changes[kind] ?? 0) + n;
  }
  return {
    created: sum.created + part.created,
    updated: sum.updated + part.updated,
    unchanged: sum.unchanged + part.unchanged,
    locationsAdded: locations,
    suppliersAdded: suppliers,
    problems: [...sum.problems, ...part.problems],
    changes,
    stock: addStock(sum.stock, part.stock ?? []),
    elsewhere: addStock(sum.elsewhere, part.elsewhere ?? []),
  };
}
