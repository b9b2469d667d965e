import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "../../protocol/csv";

describe("CSV cells", () => {
  it("quotes what would break a line, doubling quotes", () => {
    expect(csvLine(["plain", "a,b", 'say "hi"', "two\nlines", ""])).toBe('plain,"a,b","say ""hi""","two\nlines",\r\n');
  });

  it("keeps text a spreadsheet would run as a formula as text", () => {
    for (const risky of ["=1+1", "+44 20", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvCell(risky).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it("leaves numbers, dates and empty values as they are", () => {
    expect(csvLine([-5, 0, 12.5, true, null, undefined, new Date("2026-11-26T10:00:00Z")])).toBe(
      "-5,0,12.5,true,,,2026-11-26T10:00:00.000Z\r\n",
    );
  });
});
