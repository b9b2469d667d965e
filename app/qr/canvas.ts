/** Paints a laid-out code (geometry.ts) on a 2D canvas context. */
import { MARK_FONT_FAMILY, type QrGeometry } from "./shapes";

/** Images the shapes name, already loaded (images.ts). */
export type LoadedImages = ReadonlyMap<string, HTMLImageElement>;

/** Paints `geometry` at `scale` canvas pixels per display pixel. */
export function paintGeometry(
  ctx: CanvasRenderingContext2D,
  geometry: QrGeometry,
  images: LoadedImages,
  scale: number,
) {
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  for (const shape of geometry.shapes) {
    switch (shape.kind) {
      case "rect":
        ctx.fillStyle = shape.fill;
        ctx.fillRect(shape.x, shape.y, shape.width, shape.height);
        break;
      case "path":
        ctx.fillStyle = shape.fill;
        ctx.fill(new Path2D(shape.d), shape.fillRule);
        break;
      case "image": {
        const image = images.get(shape.src);
        if (!image) throw new Error(`Image not loaded: ${shape.src.slice(0, 80)}`);
        const box = shape.fit === "contain" ? contain(shape, image.naturalWidth, image.naturalHeight) : shape;
        ctx.drawImage(image, box.x, box.y, box.width, box.height);
        break;
      }
      case "text":
        ctx.fillStyle = shape.fill;
        ctx.font = `${shape.fontWeight} ${shape.fontSize}px ${MARK_FONT_FAMILY}`;
        ctx.textAlign = "left";
        ctx.textBaseline = "alphabetic";
        ctx.fillText(shape.text, shape.x, shape.y);
        break;
      default:
        shape satisfies never;
    }
  }
  ctx.restore();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The image's box scaled to fit inside `box`, centred: what SVG's `xMidYMid meet` does. */
function contain(box: Box, naturalWidth: number, naturalHeight: number): Box {
  if (!naturalWidth || !naturalHeight) return box;
  const scale = Math.min(box.width / naturalWidth, box.height / naturalHeight);
  const width = naturalWidth * scale;
  const height = naturalHeight * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}
