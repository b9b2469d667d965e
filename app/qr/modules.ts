/**
 * Dark data modules (everything but the finders and the logo's square) as
 * one path per code, in the chosen shape, or as image pieces.
 */
import type { ModuleShape } from "./options";
import { circlePath, rectPath, roundedRectPath } from "./path";

/** Which modules are drawn as data: dark, not in a finder, not under the logo. */
export type IsDataDark = (row: number, col: number) => boolean;

export interface ModuleGrid {
  size: number;
  isDataDark: IsDataDark;
  /** Display position of module (0, 0) and the side of one module. */
  x: number;
  y: number;
  cell: number;
}

/** Dots leave a small gap so neighbours read as separate dots; readers sample module centres. */
const DOT_RADIUS = 0.45;
/** Rounded modules round only the corners with no dark neighbour on either side, so runs join up smoothly. */
const ROUNDED_RADIUS = 0.5;

export function modulesPath(grid: ModuleGrid, shape: ModuleShape): string {
  switch (shape) {
    case "square":
      return squareRuns(grid);
    case "dots":
      return eachDark(grid, (x, y, cell) => circlePath(x + cell / 2, y + cell / 2, DOT_RADIUS * cell));
    case "rounded":
      return eachDark(grid, (x, y, cell, row, col) => {
        const dark = (r: number, c: number) =>
          r >= 0 && c >= 0 && r < grid.size && c < grid.size && grid.isDataDark(r, c);
        const up = dark(row - 1, col);
        const down = dark(row + 1, col);
        const left = dark(row, col - 1);
        const right = dark(row, col + 1);
        const r = ROUNDED_RADIUS * cell;
        return roundedRectPath(x, y, cell, cell, [
          up || left ? 0 : r,
          up || right ? 0 : r,
          down || right ? 0 : r,
          down || left ? 0 : r,
        ]);
      });
    default:
      return shape satisfies never;
  }
}

/** Each row's dark runs as one rectangle: a far smaller SVG, and no hairlines between neighbours. */
function squareRuns({ size, isDataDark, x, y, cell }: ModuleGrid): string {
  let d = "";
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!isDataDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && isDataDark(row, col)) col++;
      d += rectPath(x + start * cell, y + row * cell, (col - start) * cell, cell);
    }
  }
  return d;
}

function eachDark(
  { size, isDataDark, x, y, cell }: ModuleGrid,
  draw: (x: number, y: number, cell: number, row: number, col: number) => string,
): string {
  let d = "";
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (isDataDark(row, col)) d += draw(x + col * cell, y + row * cell, cell, row, col);
  return d;
}

/** Display boxes of the dark data modules, each with the piece drawn there (cycled along the diagonals). */
export function modulePieces(grid: ModuleGrid, pieces: readonly string[]) {
  const cells: { x: number; y: number; src: string }[] = [];
  for (let row = 0; row < grid.size; row++)
    for (let col = 0; col < grid.size; col++)
      if (grid.isDataDark(row, col))
        cells.push({
          x: grid.x + col * grid.cell,
          y: grid.y + row * grid.cell,
          src: pieces[(row + col) % pieces.length]!,
        });
  return cells;
}
