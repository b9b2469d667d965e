/**
 * A CSV file's bytes as a table: its header row and its rows, each with the
 * row number a spreadsheet shows it under (the header is row 1), so every
 * problem can name the row a person finds in their spreadsheet. Parsed by
 * Papa Parse, which knows quoted line breaks and guesses the delimiter (a
 * spreadsheet set to some languages saves with semicolons). Anything wrong
 * with the file as a whole is one message, and nothing is imported.
 */
import Papa from "papaparse";
import { LIMITS } from "../../../protocol/api";

export interface CsvRow {
  /** Its row number in a spreadsheet: the header is row 1. */
  row: number;
  cells: string[];
}

export interface CsvTable {
  headers: string[];
  rows: CsvRow[];
}

export type CsvRead = { ok: true; table: CsvTable } | { ok: false; message: string };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const NOT_UTF8 = "This file is not UTF-8 text: save it from your spreadsheet as “CSV UTF-8” and try again";

/** Refuses a file over the import's limit before its bytes are read. */
export function sizeProblem(size: number): string | null {
  if (size > LIMITS.IMPORT_BYTES) {
    return `This file is ${megabytes(size)}: a CSV file of at most ${megabytes(LIMITS.IMPORT_BYTES)} can be imported. Split it into smaller files and import each.`;
  }
  return null;
}

/** The file's text; a byte-order mark (Excel's "CSV UTF-8" writes one) is dropped. */
export function decodeCsv(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  try {
    // Fatal: a file saved in Windows-1252 or Mac Roman would otherwise come in with its accents garbled.
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: NOT_UTF8 };
  }
}

const LOOKS_LIKE_A_FIGURE = /^[$€£¥]?\s*\d[\d.,\s]*$/;
const blank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/** The table in the text. Blank rows are skipped, but still counted, so row numbers stay the spreadsheet's. */
export function parseCsv(text: string): CsvRead {
  // Papa's own `header` and `skipEmptyLines` would lose the row numbers (and rename repeated headers):
  // the first row is taken as the header here, and blank rows are left out here.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  // An unclosed quote swallows the rest of the file into one cell: nothing after it can be trusted.
  const unclosed = parsed.errors.find((error) => error.code === "MissingQuotes");
  if (unclosed) {
    return {
      ok: false,
      message: `Row ${(unclosed.row ?? 0) + 1} has a quote (") that is never closed, so the rest of the file cannot be read: check that row in your spreadsheet and save it again.`,
    };
  }
  const records = parsed.data.filter((record) => Array.isArray(record));
  const headerIndex = records.findIndex((record) => !blank(record));
  if (headerIndex < 0) return { ok: false, message: "This file is empty: there is nothing to import." };
  const headers = (records[headerIndex] as string[]).map((header) => header.trim());
  // A column's name is never a bare figure: a first row holding one is already a product.
  if (headers.some((header) => LOOKS_LIKE_A_FIGURE.test(header))) {
    return {
      ok: false,
      message:
        "This file has no header row: its first row should name the columns (like Title, SKU, Price), and each row after it be one product or variant.",
    };
  }
  const rows: CsvRow[] = [];
  records.forEach((cells, index) => {
    if (index > headerIndex && !blank(cells)) rows.push({ row: index + 1, cells });
  });
  if (rows.length === 0) {
    return { ok: false, message: "This file has a header row but no rows under it: there is nothing to import." };
  }
  return { ok: true, table: { headers, rows } };
}

/** A file as chosen: its size checked, its bytes decoded, its text parsed. */
export async function readCsvFile(file: Blob): Promise<CsvRead> {
  const tooBig = sizeProblem(file.size);
  if (tooBig) return { ok: false, message: tooBig };
  const decoded = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  if (!decoded.ok) return decoded;
  return parseCsv(decoded.text);
}
