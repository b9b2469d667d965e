/**
 * Where a centre logo goes, in modules. The modules under it and a
 * one-module margin around it are left out, so readers see a clean edge
 * between logo and code; the reader rebuilds the missing codewords through
 * error correction (the level is raised to H when there is a logo).
 */

/** The logo's side as a fraction of the code when not given, and the most allowed. */
export const LOGO_DEFAULT_SIZE = 0.22;
export const LOGO_MAX_SIZE = 0.3;
const LOGO_MIN_SIZE = 0.08;
/** Light modules between the logo and the code around it. */
export const LOGO_MARGIN_MODULES = 1;
/**
 * The cleared square (logo + margin) never takes more than this share of the
 * modules outside the finders. Level H recovers ~30 % of codewords; a
 * rectangle also spoils codewords that straddle its edge, so keep to half.
 */
export const LOGO_MAX_CLEARED_SHARE = 0.15;

export interface LogoArea {
  /** The cleared square (logo + margin): first row/column and side, in modules. */
  clearStart: number;
  clearSize: number;
  /** The logo's own square inside it. */
  logoStart: number;
  logoSize: number;
}

/** The logo's square for a code of `size` modules, or null if the code is too small to spare any. */
export function logoArea(size: number, requested = LOGO_DEFAULT_SIZE): LogoArea | null {
  const fraction = Math.min(LOGO_MAX_SIZE, Math.max(LOGO_MIN_SIZE, Number.isFinite(requested) ? requested : 0));
  // The code's side is odd (4 × type + 17): an odd logo side centres exactly.
  let logoSize = oddAtMost(Math.round(fraction * size));
  const budget = LOGO_MAX_CLEARED_SHARE * (size * size - 3 * 7 * 7);
  while (logoSize > 0 && (logoSize + 2 * LOGO_MARGIN_MODULES) ** 2 > budget) logoSize -= 2;
  if (logoSize < 3) return null;
  const clearSize = logoSize + 2 * LOGO_MARGIN_MODULES;
  return {
    clearStart: (size - clearSize) / 2,
    clearSize,
    logoStart: (size - logoSize) / 2,
    logoSize,
  };
}

export function isInLogoArea(area: LogoArea | null, row: number, col: number): boolean {
  if (!area) return false;
  const end = area.clearStart + area.clearSize;
  return row >= area.clearStart && row < end && col >= area.clearStart && col < end;
}

/** Whether a `side` × `side` block with its top-left module at (row, col) reaches into the cleared square. */
export function overlapsLogoArea(area: LogoArea | null, row: number, col: number, side: number): boolean {
  if (!area) return false;
  const end = area.clearStart + area.clearSize;
  return row < end && row + side > area.clearStart && col < end && col + side > area.clearStart;
}

const oddAtMost = (n: number) => (n % 2 === 1 ? n : n - 1);
