/**
 * SVG path-data builders. The same `d` strings go into the SVG export and
 * into `new Path2D(d)` on the canvas, so both draw one and the same outline.
 */

/** Three decimals are far below a device pixel and keep the SVG small. */
export const num = (n: number) => String(Math.round(n * 1000) / 1000);

export function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}z`;
}

/** A full circle as two half arcs (a single arc cannot close on itself). */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${num(cx - r)} ${num(cy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0z`;
}

/** Corner radii clockwise from the top left. */
export type Radii = readonly [topLeft: number, topRight: number, bottomRight: number, bottomLeft: number];

/** A rectangle whose corners each have their own radius (0 = square corner), drawn clockwise. */
export function roundedRectPath(x: number, y: number, w: number, h: number, radii: Radii): string {
  const [tl, tr, br, bl] = radii;
  const arc = (r: number, dx: number, dy: number) => (r > 0 ? `a${num(r)} ${num(r)} 0 0 1 ${num(dx)} ${num(dy)}` : "");
  return (
    `M${num(x + tl)} ${num(y)}` +
    `h${num(w - tl - tr)}${arc(tr, tr, tr)}` +
    `v${num(h - tr - br)}${arc(br, -br, br)}` +
    `h${num(-(w - br - bl))}${arc(bl, -bl, -bl)}` +
    `v${num(-(h - bl - tl))}${arc(tl, tl, -tl)}z`
  );
}
