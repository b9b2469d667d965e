/**
 * The position patterns: the three 7 × 7 finders (dark ring, light ring,
 * 3 × 3 centre) and the 5 × 5 alignment patterns (ring, gap, 1 × 1 centre),
 * drawn as one outline each in the finder style, apart from data modules.
 * Every style keeps the dark/light proportions along the lines through the
 * centre (1:1:3:1:1 and 1:1:1:1:1), which is what readers look for. Drawn
 * as loose dots instead, the alignment pattern was missed by jsQR on most
 * type-4 to -6 codes at 256 px, so it never takes the module shape.
 */
import type { FinderStyle } from "./options";
import { circlePath, rectPath, roundedRectPath } from "./path";

/** Top-left module (row, col) of each finder in a code of `size` modules. */
export function finderOrigins(size: number): [number, number][] {
  return [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ];
}

/** One finder (7 × 7) with its top-left module at display position (x, y), modules of `cell` pixels. */
export const finderPath = (style: FinderStyle, x: number, y: number, cell: number) => ringPath(style, x, y, cell, 7);

/** One alignment pattern (5 × 5) with its top-left module at (x, y). */
export const alignmentPath = (style: FinderStyle, x: number, y: number, cell: number) => ringPath(style, x, y, cell, 5);

/**
 * A dark ring one module wide around a light ring one module wide around a
 * dark centre, `side` modules across. Drawn with the even-odd rule: outer
 * edge, inner edge of the ring, then the centre.
 */
function ringPath(style: FinderStyle, x: number, y: number, cell: number, side: 7 | 5): string {
  const outer = side * cell;
  const hole = (side - 2) * cell;
  const centre = (side - 4) * cell;
  // Corner radii in modules, per ring, for the rounded style.
  const [outerR, holeR, centreR] = side === 7 ? [2, 1.25, 0.9] : [1.5, 0.9, 0.3];
  switch (style) {
    case "square":
      return (
        rectPath(x, y, outer, outer) +
        rectPath(x + cell, y + cell, hole, hole) +
        rectPath(x + 2 * cell, y + 2 * cell, centre, centre)
      );
    case "rounded": {
      const r = (n: number) => [n * cell, n * cell, n * cell, n * cell] as const;
      return (
        roundedRectPath(x, y, outer, outer, r(outerR)) +
        roundedRectPath(x + cell, y + cell, hole, hole, r(holeR)) +
        roundedRectPath(x + 2 * cell, y + 2 * cell, centre, centre, r(centreR))
      );
    }
    case "dots": {
      const c = (side / 2) * cell;
      return circlePath(x + c, y + c, c) + circlePath(x + c, y + c, c - cell) + circlePath(x + c, y + c, c - 2 * cell);
    }
    default:
      return style satisfies never;
  }
}

/**
 * Row/column of the alignment pattern centres for a QR version (ISO/IEC
 * 18004 Annex E), by the usual closed form: evenly spaced back from the far
 * edge with an even step, the first always at 6.
 */
export function alignmentCentres(typeNumber: number): number[] {
  if (typeNumber < 2) return [];
  const count = Math.floor(typeNumber / 7) + 2;
  const size = 4 * typeNumber + 17;
  const step = typeNumber === 32 ? 26 : Math.ceil((typeNumber * 4 + 4) / (count * 2 - 2)) * 2;
  const centres = [6];
  for (let pos = size - 7; centres.length < count; pos -= step) centres.splice(1, 0, pos);
  return centres;
}

/** Top-left module (row, col) of each alignment pattern: every pair of centres except where a finder is. */
export function alignmentOrigins(typeNumber: number): [number, number][] {
  const centres = alignmentCentres(typeNumber);
  const last = centres.length - 1;
  const origins: [number, number][] = [];
  for (const [i, row] of centres.entries())
    for (const [j, col] of centres.entries()) {
      const onFinder = (i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
      if (!onFinder) origins.push([row - 2, col - 2]);
    }
  return origins;
}

/** Marks every module that belongs to a finder or an alignment pattern (row-major, `size` × `size`). */
export function positionPatternMask(size: number, typeNumber: number): Uint8Array {
  const mask = new Uint8Array(size * size);
  const mark = (row: number, col: number, side: number) => {
    for (let r = row; r < row + side; r++) for (let c = col; c < col + side; c++) mask[r * size + c] = 1;
  };
  for (const [row, col] of finderOrigins(size)) mark(row, col, 7);
  for (const [row, col] of alignmentOrigins(typeNumber)) mark(row, col, 5);
  return mask;
}
