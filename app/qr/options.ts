/**
 * QR options and their defaults (docs/protocol.md §5): 256 × 256, black on white,
 * error-correction level M, drawn at twice the display size. Styling
 * (module shape, finder style, image pieces, centre logo) is Stockroom's
 * own addition on top of the qrcodejs-style defaults.
 */

export type ErrorCorrectionLevel = "L" | "M" | "Q" | "H";
/** How each dark data module is drawn. */
export type ModuleShape = "square" | "dots" | "rounded";
/** How the three 7 × 7 corner (finder) patterns are drawn. */
export type FinderStyle = "square" | "rounded" | "dots";

export interface QrLogo {
  /** An image URL (same origin or data:) drawn in the centre. */
  src: string;
  /** Side of the logo as a fraction of the code's width; clamped to what the code can lose (see logo-area.ts). */
  size?: number;
}

/** Everything about the look of a code except its size. */
export interface QrStyle {
  moduleShape?: ModuleShape;
  finderStyle?: FinderStyle;
  /** CSS colours. Dark must stay darker than light for readers to see the code. */
  dark?: string;
  light?: string;
  /** The finders' colour; the dark colour unless set. */
  finderColor?: string;
  level?: ErrorCorrectionLevel;
  /** Image URLs drawn in place of dark data modules (cycled along the diagonals); finders keep their style. */
  pieces?: string[];
  logo?: QrLogo;
}

export interface QrOptions extends QrStyle {
  /** Display size in CSS pixels; the canvas holds twice as many pixels. */
  width?: number;
  height?: number;
}

export type ResolvedQrOptions = Required<Omit<QrOptions, "logo">> & { logo: QrLogo | null };

export const QR_DEFAULTS = {
  width: 256,
  height: 256,
  dark: "#000000",
  light: "#ffffff",
  level: "M",
  moduleShape: "square",
  finderStyle: "square",
} as const satisfies QrOptions;

/** The canvas is drawn at twice the display size (docs/protocol.md §5) so it stays sharp on dense screens and in print. */
export const DRAW_SCALE = 2;
/** With image pieces, the code is drawn this long after they have all loaded (docs/protocol.md §5). */
export const PIECES_DELAY_MS = 500;
/** First QR version tried; the code grows from here only as the data needs (docs/protocol.md §5). */
export const INITIAL_TYPE_NUMBER = 4;
/** Light modules around the code that readers need to find it (ISO/IEC 18004). */
export const QUIET_ZONE_MODULES = 4;
export const TOO_LONG_DATA = "Too long data";
export const ALT_TEXT = "Scan me!";

const LEVEL_ORDER: readonly ErrorCorrectionLevel[] = ["L", "M", "Q", "H"];

/**
 * A centre logo hides modules, which readers must rebuild through error
 * correction. Level H recovers about 30 % of codewords; the logo area is
 * kept to at most 15 % of the modules (logo-area.ts), so half the budget is
 * left for print blur, scratches and codewords the logo only partly covers.
 * Q (25 %) would usually do, but H costs only capacity, and share and join
 * links are far below H's 1,273 bytes.
 */
export const LOGO_MIN_LEVEL: ErrorCorrectionLevel = "H";

export function atLeastLevel(level: ErrorCorrectionLevel, min: ErrorCorrectionLevel): ErrorCorrectionLevel {
  return LEVEL_ORDER.indexOf(level) >= LEVEL_ORDER.indexOf(min) ? level : min;
}

/** Options with every default filled in, the level raised when a logo hides modules. */
export function resolveQrOptions(options: QrOptions = {}): ResolvedQrOptions {
  const logo = options.logo?.src ? options.logo : null;
  const level = options.level ?? QR_DEFAULTS.level;
  const dark = options.dark ?? QR_DEFAULTS.dark;
  return {
    width: positive(options.width, QR_DEFAULTS.width),
    height: positive(options.height, QR_DEFAULTS.height),
    dark,
    light: options.light ?? QR_DEFAULTS.light,
    finderColor: options.finderColor ?? dark,
    level: logo ? atLeastLevel(level, LOGO_MIN_LEVEL) : level,
    moduleShape: options.moduleShape ?? QR_DEFAULTS.moduleShape,
    finderStyle: options.finderStyle ?? QR_DEFAULTS.finderStyle,
    pieces: options.pieces?.filter(Boolean) ?? [],
    logo,
  };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
