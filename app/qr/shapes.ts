/**
 * What a drawn code is made of: a flat list of shapes in display pixels.
 * geometry.ts makes the list; canvas.ts and svg.ts only draw it, so the PNG
 * and the SVG cannot disagree about where anything is.
 */

export type QrShape =
  | { kind: "rect"; x: number; y: number; width: number; height: number; fill: string }
  /** `d` is SVG path data (path.ts); the canvas reads it with Path2D. */
  | { kind: "path"; d: string; fill: string; fillRule: "nonzero" | "evenodd" }
  /** `fit: "contain"` keeps the image's aspect ratio inside the box (a logo); "fill" stretches it (a module piece). */
  | { kind: "image"; x: number; y: number; width: number; height: number; src: string; fit: "fill" | "contain" }
  /** Left-aligned text on an alphabetic baseline at `y`. */
  | { kind: "text"; x: number; y: number; fontSize: number; fontWeight: number; text: string; fill: string };

export interface QrGeometry {
  /** The drawing's size in display pixels (the export adds a footer below the code's frame). */
  width: number;
  height: number;
  shapes: QrShape[];
  /** Every distinct image the shapes use, to load (canvas) or embed (SVG) first. */
  imageSources: string[];
  /** About the encoded code, for callers and tests. */
  typeNumber: number;
  modules: number;
  level: string;
  /** Side of one module in display pixels. */
  cell: number;
}

/** One font stack for both writers, so the mark looks alike in PNG and SVG. */
export const MARK_FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
