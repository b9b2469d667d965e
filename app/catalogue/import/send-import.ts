/**
 * A file's products to the server, and its check and import run there
 * (worker/inventory/import-job.ts): the products are sent once, in pieces
 * of at most LIMITS.IMPORT_PIECE rows and well under a message's size
 * (`items.importStage`); the check and the import are then one call each
 * (`items.importRun`), which the server runs as a bulk job a part at a
 * time — its progress published (`bulkJobs`), going on if the tab closes.
 * A product is never split across pieces or parts.
 */
import { LIMITS } from "../../../protocol/api";
import { rowsOf, splitProducts } from "../../../protocol/import-parts";
import type {
  ImportProblem,
  ImportProduct,
  ImportReport,
  ImportRun,
  ImportRunResult,
  ImportStage,
} from "../../../protocol/variant-args";
import { randomId } from "../../live/random-id";

/** Well under the 4 MB a message may be, with room for long descriptions. */
const PIECE_CHARACTERS = 2_500_000;

/** The products in pieces: each at most LIMITS.IMPORT_PIECE variant rows and about 2.5 MB, no product split. */
export const splitPieces = (products: readonly ImportProduct[]) =>
  splitProducts(products, LIMITS.IMPORT_PIECE, PIECE_CHARACTERS);

/**
 * How the file's counts become stock (docs/stock.md): where a count with no
 * location is counted (null: stock is left as it is), and whether a file of
 * counts by location sets the locations it does not name to 0.
 */
export interface StockChoice {
  quantityAt: string | null;
  unnamedToZero: boolean;
}

/** The server's two import methods, as the page calls them. */
export interface ImportCalls {
  stage(stage: ImportStage): Promise<unknown>;
  run(run: ImportRun): Promise<ImportRunResult>;
}

/**
 * Sends `products` to the server under a new import id, telling `onProgress`
 * the rows sent after each piece; answers the id the check and import name.
 */
export async function sendProducts(
  calls: ImportCalls,
  products: readonly ImportProduct[],
  onProgress: (sent: number, total: number) => void,
): Promise<string> {
  const importId = randomId();
  const total = rowsOf(products);
  let sent = 0;
  onProgress(0, total);
  for (const [piece, slice] of splitPieces(products).entries()) {
    await calls.stage({ importId, piece, products: slice });
    sent += rowsOf(slice);
    onProgress(sent, total);
  }
  return importId;
}

export interface ImportOutcome {
  report: ImportReport;
  /** Variant rows the server got through. */
  sentRows: number;
  totalRows: number;
  /** Why it stopped before the end, if it did. */
  error?: unknown;
}

/** A run's answer as the import's outcome. */
export function outcomeOf(result: ImportRunResult): ImportOutcome {
  return {
    report: result.report,
    sentRows: result.done,
    totalRows: result.total,
    ...(result.error !== undefined ? { error: new Error(result.error) } : {}),
  };
}

/** The server's problems in the file's own column names (it names Stockroom's: "SKU", "Option1 Value"…). */
export function inFileColumns(
  problems: readonly ImportProblem[],
  columnOf: (label: string) => string,
): ImportProblem[] {
  return problems.map((problem) => ({ ...problem, column: columnOf(problem.column) }));
}
