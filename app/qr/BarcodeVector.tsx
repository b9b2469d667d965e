/**
 * A 1D barcode as vector bars (SVG rectangles with crisp edges), so it
 * prints sharp at any printer resolution, with its value in digits under
 * it. Its quiet zone is fifteen modules each side — more than EAN's 11 and
 * 7 or Code 128's 10 — so two labels side by side never read as one code
 * made of the end of one and the start of the other (docs/stock.md).
 */
import type { LabelBarcode } from "./label-barcode";

const QUIET = 15;
const HEIGHT = 40;

export function BarcodeVector({ code, className }: { code: LabelBarcode; className?: string }) {
  const width = code.bits.length + 2 * QUIET;
  const bars: { x: number; w: number }[] = [];
  for (let i = 0; i < code.bits.length; i++) {
    if (code.bits[i] !== "1") continue;
    const last = bars.at(-1);
    if (last && last.x + last.w === QUIET + i) last.w++;
    else bars.push({ x: QUIET + i, w: 1 });
  }
  return (
    <figure className={className} data-testid="label-barcode">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        role="img"
        aria-label={`Barcode ${code.text}`}
      >
        <rect width={width} height={HEIGHT} fill="#fff" />
        {bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={0} width={bar.w} height={HEIGHT} fill="#000" />
        ))}
      </svg>
      <figcaption className="mono">{code.text}</figcaption>
    </figure>
  );
}
