/**
 * Label sheet layouts per paper size: a grid of equal labels inside the
 * page margins, in the paper's own unit so print sizes come out exact.
 */

export type Paper = "a4" | "letter";

export interface PaperLayout {
  name: string;
  /** The CSS `@page { size }` keyword. */
  cssSize: "A4" | "letter";
  unit: "mm" | "in";
  width: number;
  height: number;
  /** Page margin on every side; most printers cannot print to the edge. */
  margin: number;
  columns: number;
  rows: number;
}

export const PAPERS: Record<Paper, PaperLayout> = {
  a4: { name: "A4", cssSize: "A4", unit: "mm", width: 210, height: 297, margin: 10, columns: 3, rows: 7 },
  letter: { name: "Letter", cssSize: "letter", unit: "in", width: 8.5, height: 11, margin: 0.4, columns: 3, rows: 7 },
};

export const labelsPerPage = (layout: PaperLayout) => layout.columns * layout.rows;

/**
 * The printable area less a hair: a grid exactly as tall as the page's
 * content box can round up by a fraction of a pixel and push an empty page
 * out after every sheet (seen in Chromium's print to PDF).
 */
export function sheetPageSize(layout: PaperLayout): { width: number; height: number } {
  const slack = layout.unit === "mm" ? 1 : 0.04;
  return { width: layout.width - 2 * layout.margin, height: layout.height - 2 * layout.margin - slack };
}

/** One label's size, e.g. 63.33 × 39.43 mm on A4 (21 a page). */
export function labelSize(layout: PaperLayout): { width: number; height: number } {
  const page = sheetPageSize(layout);
  return { width: page.width / layout.columns, height: page.height / layout.rows };
}

/** A length in the paper's unit as CSS, rounded to a hundredth. */
export const cssLength = (layout: PaperLayout, value: number) => `${Math.round(value * 100) / 100}${layout.unit}`;

/** `items` cut into pages of `perPage`. */
export function paginate<T>(items: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}
