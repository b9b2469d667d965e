/**
 * Label layouts per paper (docs/product.md §13): sheets of A4 or Letter — a
 * grid of equal labels inside the page margins — and the labels of the
 * printers small shops own, each its own page drawn to the label's exact
 * size. Lengths are in the paper's own unit, so print sizes come out exact.
 */

import type { LabelPaper } from "../../protocol/print-args";

/** The papers both sides name (the print station keeps its paper in the room: protocol/print-args.ts). */
export type Paper = LabelPaper;

export interface PaperLayout {
  name: string;
  /** The CSS `@page { size }`: a keyword for a sheet, the label's width and height for a label printer. */
  cssSize: string;
  unit: "mm" | "in";
  width: number;
  height: number;
  /** Page margin on every side; most printers cannot print to the edge. */
  margin: number;
  columns: number;
  rows: number;
  /** A label printer's roll or stack: one label a page, no cut guides (its labels come cut). */
  printer?: boolean;
}

export const PAPERS: Record<Paper, PaperLayout> = {
  a4: { name: "A4", cssSize: "A4", unit: "mm", width: 210, height: 297, margin: 10, columns: 3, rows: 7 },
  letter: { name: "Letter", cssSize: "letter", unit: "in", width: 8.5, height: 11, margin: 0.4, columns: 3, rows: 7 },
  // Brother QL's 62 mm continuous tape, cut at 40 mm: room for the code and three lines of text.
  "ql-62": label("62 mm continuous, 62 × 40 mm (Brother QL)", "mm", 62, 40),
  "dymo-30334": label("2.25″ × 1.25″ (DYMO LabelWriter)", "in", 2.25, 1.25),
  "dymo-30252": label("3.5″ × 1.125″ address (DYMO LabelWriter)", "in", 3.5, 1.125),
  "zebra-2x1": label("2″ × 1″ (Zebra and other thermal printers)", "in", 2, 1),
  "zebra-4x6": label("4″ × 6″ (Zebra and other thermal printers)", "in", 4, 6),
};

/** A label printer's label: one to a page, the page the label's own size, printed to its edges. */
function label(name: string, unit: "mm" | "in", width: number, height: number): PaperLayout {
  return {
    name,
    cssSize: `${width}${unit} ${height}${unit}`,
    unit,
    width,
    height,
    margin: 0,
    columns: 1,
    rows: 1,
    printer: true,
  };
}

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
