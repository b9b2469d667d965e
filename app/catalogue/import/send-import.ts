/**
 * Sending a file's products to `items.import` (worker/inventory/catalogue-import.ts):
 * in parts of at most LIMITS.IMPORT_PART variant rows, a product never split
 * across two, each part one transaction on the server. A check sends every
 * part as a dry run, which writes nothing; an import sends them one after
 * another and stops at the first that fails — the parts before it are in,
 * and the same file sent again finds those products by handle and updates
 * them rather than adding them twice.
 */
import { LIMITS } from "../../../protocol/api";
import {
  emptyImportReport,
  type ImportChangeKind,
  type ImportPart,
  type ImportProblem,
  type ImportProduct,
  type ImportReport,
  type ImportStockChange,
} from "../../../protocol/variant-args";
import { randomId } from "../../live/random-id";

/** Well under the 4 MB a message may be, with room for long descriptions. */
const PART_CHARACTERS = 2_500_000;

/** The products in parts: each at most LIMITS.IMPORT_PART variant rows and about 2.5 MB, no product split. */
export function splitParts(products: readonly ImportProduct[]): ImportProduct[][] {
  const parts: ImportProduct[][] = [];
  let current: ImportProduct[] = [];
  let rows = 0;
  let size = 0;
  for (const product of products) {
    const productSize = JSON.stringify(product).length;
    if (
      current.length > 0 &&
      (rows + product.variants.length > LIMITS.IMPORT_PART || size + productSize > PART_CHARACTERS)
    ) {
      parts.push(current);
      current = [];
      rows = 0;
      size = 0;
    }
    current.push(product);
    rows += product.variants.length;
    size += productSize;
  }
  if (current.length > 0) parts.push(current);
  return parts;
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
  const changes = { ...sum.changes };
  for (const [kind, n] of Object.entries(part.changes ?? {}) as [ImportChangeKind, number][]) {
    changes[kind] = (changes[kind] ?? 0) + n;
  }
  return {
    created: sum.created + part.created,
    updated: sum.updated + part.updated,
    unchanged: sum.unchanged + part.unchanged,
    locationsAdded: locations,
    problems: [...sum.problems, ...part.problems],
    changes,
    stock: addStock(sum.stock, part.stock ?? []),
    elsewhere: addStock(sum.elsewhere, part.elsewhere ?? []),
  };
}

/**
 * How the file's counts become stock (docs/stock.md): where a count with no
 * location is counted (null: stock is left as it is), and whether a file of
 * counts by location sets the locations it does not name to 0.
 */
export interface StockChoice {
  quantityAt: string | null;
  unnamedToZero: boolean;
}

const rowsOf = (products: readonly ImportProduct[]) =>
  products.reduce((sum, product) => sum + product.variants.length, 0);

/** Sends one part of an import (`items.import`); answers what it did, or would do. */
export type SendPart = (part: ImportPart) => Promise<ImportReport>;

function sendPart(
  send: SendPart,
  importId: string,
  index: number,
  products: ImportProduct[],
  dryRun: boolean,
  stock: StockChoice,
) {
  const part: ImportPart = { importId, part: index, dryRun, products, ...stock };
  return send(part);
}

/** What importing `products` would do, from a dry run of every part. */
export async function checkImport(
  send: SendPart,
  products: readonly ImportProduct[],
  stock: StockChoice,
): Promise<ImportReport> {
  const importId = randomId();
  let report = emptyImportReport();
  for (const [index, part] of splitParts(products).entries()) {
    report = addReports(report, await sendPart(send, importId, index, part, true, stock));
  }
  return report;
}

export interface ImportOutcome {
  report: ImportReport;
  /** Variant rows in the parts the server took. */
  sentRows: number;
  totalRows: number;
  /** Why it stopped before the end, if it did. */
  error?: unknown;
}

/** Imports `products` part by part, telling `onProgress` the rows done after each. */
export async function runImport(
  send: SendPart,
  products: readonly ImportProduct[],
  stock: StockChoice,
  onProgress: (done: number, total: number) => void,
): Promise<ImportOutcome> {
  const importId = randomId();
  const parts = splitParts(products);
  const totalRows = rowsOf(products);
  let report = emptyImportReport();
  let sentRows = 0;
  onProgress(0, totalRows);
  for (const [index, part] of parts.entries()) {
    try {
      report = addReports(report, await sendPart(send, importId, index, part, false, stock));
    } catch (error) {
      return { report, sentRows, totalRows, error };
    }
    sentRows += rowsOf(part);
    onProgress(sentRows, totalRows);
  }
  return { report, sentRows, totalRows };
}

/** The server's problems in the file's own column names (it names Stockroom's: "SKU", "Option1 Value"…). */
export function inFileColumns(
  problems: readonly ImportProblem[],
  columnOf: (label: string) => string,
): ImportProblem[] {
  return problems.map((problem) => ({ ...problem, column: columnOf(problem.column) }));
}
