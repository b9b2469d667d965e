/**
 * (data, options) → the shapes to draw, in display pixels. The one place
 * that decides where things go; canvas.ts and svg.ts only paint the result.
 */
import { markFooterHeight, markShapes } from "./brand-mark";
import { encodeQr } from "./encode";
import { alignmentOrigins, alignmentPath, finderOrigins, finderPath, positionPatternMask } from "./finders";
import { isInLogoArea, logoArea, overlapsLogoArea } from "./logo-area";
import { modulePieces, modulesPath } from "./modules";
import { DRAW_SCALE, type QrOptions, QUIET_ZONE_MODULES, resolveQrOptions } from "./options";
import type { QrGeometry, QrShape } from "./shapes";

export interface LayoutOptions {
  /** Add the Stockroom mark in a strip below the frame (exports). */
  mark?: boolean;
}

/**
 * Lays out a code in a `width × height` frame: the square code with its
 * quiet zone centred, light background everywhere, finders, data modules
 * (shape or pieces), the logo, and with `mark` a footer carrying the mark.
 * @throws Error("Too long data") when the data does not fit a type-40 code.
 * @example layoutQr("https://stockroom.example/s/abc").typeNumber // 4 (33 × 33 modules)
 */
export function layoutQr(data: string, options: QrOptions = {}, layout: LayoutOptions = {}): QrGeometry {
  const o = resolveQrOptions(options);
  const matrix = encodeQr(data, o.level);
  const size = matrix.size;
  const cell = snapCell(Math.min(o.width, o.height) / (size + 2 * QUIET_ZONE_MODULES));
  const x = snap((o.width - size * cell) / 2);
  const y = snap((o.height - size * cell) / 2);
  const logo = o.logo ? logoArea(size, o.logo.size) : null;
  const positionPatterns = positionPatternMask(size, matrix.typeNumber);
  const isDataDark = (row: number, col: number) =>
    positionPatterns[row * size + col] === 0 && !isInLogoArea(logo, row, col) && matrix.isDark(row, col);

  const footer = layout.mark ? markFooterHeight(o.height) : 0;
  const shapes: QrShape[] = [{ kind: "rect", x: 0, y: 0, width: o.width, height: o.height + footer, fill: o.light }];

  // Finders and alignment patterns take the finder style, never the module
  // shape or pieces: readers locate the code by them. An alignment pattern
  // that reaches under the logo is left out with the cleared square.
  const finders = finderOrigins(size).map(([row, col]) =>
    finderPath(o.finderStyle, x + col * cell, y + row * cell, cell),
  );
  const alignments = alignmentOrigins(matrix.typeNumber)
    .filter(([row, col]) => !overlapsLogoArea(logo, row, col, 5))
    .map(([row, col]) => alignmentPath(o.finderStyle, x + col * cell, y + row * cell, cell));
  shapes.push({ kind: "path", d: finders.join(""), fill: o.finderColor, fillRule: "evenodd" });
  if (alignments.length)
    shapes.push({ kind: "path", d: alignments.join(""), fill: o.finderColor, fillRule: "evenodd" });

  const grid = { size, isDataDark, x, y, cell };
  if (o.pieces.length > 0) {
    for (const piece of modulePieces(grid, o.pieces))
      shapes.push({ kind: "image", ...piece, width: cell, height: cell, fit: "fill" });
  } else {
    shapes.push({ kind: "path", d: modulesPath(grid, o.moduleShape), fill: o.dark, fillRule: "nonzero" });
  }

  if (o.logo && logo) {
    shapes.push({
      kind: "image",
      x: x + logo.logoStart * cell,
      y: y + logo.logoStart * cell,
      width: logo.logoSize * cell,
      height: logo.logoSize * cell,
      src: o.logo.src,
      fit: "contain",
    });
  }
  if (footer > 0) shapes.push(...markShapes(x, o.height, footer, o.dark));

  return {
    width: o.width,
    height: o.height + footer,
    shapes,
    imageSources: [...new Set(shapes.flatMap((shape) => (shape.kind === "image" ? [shape.src] : [])))],
    typeNumber: matrix.typeNumber,
    modules: size,
    level: matrix.level,
    cell,
  };
}

/**
 * Module sides and the code's offset are whole canvas pixels (the canvas is
 * DRAW_SCALE × the display size), so neighbouring modules meet on pixel
 * edges with no anti-aliased hairline between them. Only when a module
 * would be smaller than a canvas pixel is the exact fraction kept.
 */
function snapCell(cell: number): number {
  const snapped = Math.floor(cell * DRAW_SCALE) / DRAW_SCALE;
  return snapped > 0 ? snapped : cell;
}
const snap = (value: number) => Math.round(value * DRAW_SCALE) / DRAW_SCALE;
