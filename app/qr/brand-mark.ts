/**
 * The small "Stockroom" mark on exported codes (docs/protocol.md §5): a crate icon and
 * the word, in a footer strip below the code's frame, so it never touches
 * the code or its quiet zone and cannot disturb a reader.
 */
import { num, rectPath, roundedRectPath } from "./path";
import type { QrShape } from "./shapes";

export const MARK_TEXT = "Stockroom";

/** Height of the footer strip for a frame `height` pixels tall. */
export const markFooterHeight = (height: number) => Math.max(14, Math.round(height * 0.11));

/** The mark, left-aligned at `x`, vertically centred in the strip from `top`, `footer` pixels high. */
export function markShapes(x: number, top: number, footer: number, color: string): QrShape[] {
  const icon = footer * 0.5;
  const iconY = top + (footer - icon) / 2;
  const stroke = icon / 7;
  const r = icon * 0.18;
  // A crate: a rounded outline (even-odd ring) with two shelves inside.
  const crate =
    roundedRectPath(x, iconY, icon, icon, [r, r, r, r]) +
    roundedRectPath(x + stroke, iconY + stroke, icon - 2 * stroke, icon - 2 * stroke, [r / 2, r / 2, r / 2, r / 2]) +
    rectPath(x + stroke, iconY + icon / 3 - stroke / 2, icon - 2 * stroke, stroke) +
    rectPath(x + stroke, iconY + (2 * icon) / 3 - stroke / 2, icon - 2 * stroke, stroke);
  const fontSize = Number(num(footer * 0.4));
  return [
    { kind: "path", d: crate, fill: color, fillRule: "evenodd" },
    {
      kind: "text",
      x: x + icon + icon * 0.35,
      // Alphabetic baseline: about a third of the font size below the strip's middle centres capitals.
      y: top + footer / 2 + fontSize * 0.35,
      fontSize,
      fontWeight: 600,
      text: MARK_TEXT,
      fill: color,
    },
  ];
}
