/**
 * Reading a CSV file for the import (app/catalogue/import/read-csv.ts): only
 * UTF-8 text is taken (a BOM is fine), a file over the limit, an empty one
 * or one without a header row is refused in words, and row numbers are
 * those a spreadsheet shows, blank rows and quoted line breaks included.
 */
import { describe, expect, it } from "vitest";
import { decodeCsv, NOT_UTF8, parseCsv, readCsvFile, sizeProblem } from "../../app/catalogue/import/read-csv";
import { LIMITS } from "../../protocol/api";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("reading a CSV file", () => {
  it("refuses bytes that are not UTF-8, as a spreadsheet's Windows-1252 CSV is, and says how to save it", async () => {
    // "Café" in Windows-1252: é is the single byte 0xE9.
    const latin1 = new Uint8Array([...utf8("Title,SKU\r\nCaf"), 0xe9, ...utf8(",C-1\r\n")]);
    expect(decodeCsv(latin1)).toEqual({ ok: false, message: NOT_UTF8 });
    expect(await readCsvFile(new Blob([latin1]))).toEqual({ ok: false, message: NOT_UTF8 });
    expect(NOT_UTF8).toBe("This file is not UTF-8 text: save it from your spreadsheet as “CSV UTF-8” and try again");
  });

  it("takes UTF-8 with Excel's byte-order mark, which does not become part of the first header", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Title,SKU\r\nCafé,C-1\r\n")]);
    const read = await readCsvFile(new Blob([bytes]));
    expect(read).toEqual({
      ok: true,
      table: { headers: ["Title", "SKU"], rows: [{ row: 2, cells: ["Café", "C-1"] }] },
    });
  });

  it("refuses a file over the limit before reading it, naming the limit", async () => {
    expect(sizeProblem(LIMITS.IMPORT_BYTES)).toBeNull();
    const message = sizeProblem(LIMITS.IMPORT_BYTES + 1);
    expect(message).toContain("at most 20 MB");
    const huge = { size: LIMITS.IMPORT_BYTES + 1, arrayBuffer: () => Promise.reject(new Error("read")) } as Blob;
    expect(await readCsvFile(huge)).toEqual({ ok: false, message });
  });

  it("refuses an empty file, a header with no rows, and a first row that is a product rather than a header", () => {
    expect(parseCsv("")).toEqual({ ok: false, message: "This file is empty: there is nothing to import." });
    expect(parseCsv("\r\n ,\r\n")).toMatchObject({ ok: false, message: expect.stringContaining("empty") });
    expect(parseCsv("Title,SKU\r\n")).toMatchObject({
      ok: false,
      message: expect.stringContaining("no rows under it"),
    });
    expect(parseCsv("Mug,MUG-1,12.50\r\nVase,V-1,30\r\n")).toMatchObject({
      ok: false,
      message: expect.stringContaining("no header row"),
    });
  });

  it("numbers rows as a spreadsheet does: header row 1, blank rows counted, a quoted line break inside one row", () => {
    const read = parseCsv('Title,Description\n\nMug,"Two\nlines"\n,\nVase,\n');
    expect(read).toEqual({
      ok: true,
      table: {
        headers: ["Title", "Description"],
        rows: [
          { row: 3, cells: ["Mug", "Two\nlines"] },
          { row: 5, cells: ["Vase", ""] },
        ],
      },
    });
  });

  it("refuses a file with a quote never closed, naming its row, rather than read the rest as one cell", () => {
    expect(parseCsv('Title,SKU\nMug,M-1\n"Vase,V-1\nLamp,L-1\n')).toEqual({
      ok: false,
      message:
        'Row 3 has a quote (") that is never closed, so the rest of the file cannot be read: check that row in your spreadsheet and save it again.',
    });
  });

  it("reads a file a spreadsheet saved with semicolons", () => {
    const read = parseCsv("Title;SKU;Price\r\nMug;MUG-1;12,50\r\n");
    expect(read).toMatchObject({ ok: true, table: { headers: ["Title", "SKU", "Price"] } });
    if (read.ok) expect(read.table.rows[0]?.cells).toEqual(["Mug", "MUG-1", "12,50"]);
  });
});
