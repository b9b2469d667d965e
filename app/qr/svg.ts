/** Writes a laid-out code (geometry.ts) as a standalone SVG document. */
import { num } from "./path";
import { MARK_FONT_FAMILY, type QrGeometry } from "./shapes";

/**
 * The SVG text. `embedded` maps each image source to a data: URL, so the
 * file needs nothing else; an image used many times (module pieces) is
 * written once in `<defs>` and placed with `<use>`.
 */
export function writeSvg(geometry: QrGeometry, embedded: ReadonlyMap<string, string>): string {
  const defs: string[] = [];
  const pieceIds = new Map<string, string>();
  const body: string[] = [];
  for (const shape of geometry.shapes) {
    switch (shape.kind) {
      case "rect":
        body.push(
          `<rect x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.width)}" height="${num(shape.height)}" fill="${attr(shape.fill)}"/>`,
        );
        break;
      case "path":
        body.push(`<path d="${shape.d}" fill="${attr(shape.fill)}" fill-rule="${shape.fillRule}"/>`);
        break;
      case "image": {
        const href = embedded.get(shape.src);
        if (href === undefined) throw new Error(`Image not embedded: ${shape.src.slice(0, 80)}`);
        if (shape.fit === "contain") {
          body.push(
            `<image x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.width)}" height="${num(shape.height)}" preserveAspectRatio="xMidYMid meet" href="${attr(href)}"/>`,
          );
          break;
        }
        let id = pieceIds.get(shape.src);
        if (!id) {
          id = `piece${pieceIds.size}`;
          pieceIds.set(shape.src, id);
          defs.push(
            `<image id="${id}" width="${num(shape.width)}" height="${num(shape.height)}" preserveAspectRatio="none" href="${attr(href)}"/>`,
          );
        }
        body.push(`<use href="#${id}" x="${num(shape.x)}" y="${num(shape.y)}"/>`);
        break;
      }
      case "text":
        body.push(
          `<text x="${num(shape.x)}" y="${num(shape.y)}" font-family="${attr(MARK_FONT_FAMILY)}" font-size="${num(shape.fontSize)}" font-weight="${shape.fontWeight}" fill="${attr(shape.fill)}">${text(shape.text)}</text>`,
        );
        break;
      default:
        shape satisfies never;
    }
  }
  const { width, height } = geometry;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">`,
    defs.length ? `<defs>${defs.join("")}</defs>` : "",
    ...body,
    "</svg>",
  ]
    .filter(Boolean)
    .join("\n");
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
/** Colours and URLs come from users: escaped so they cannot end the attribute or add markup. */
const attr = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const text = (value: string) => value.replace(/[&<>]/g, (c) => ESCAPES[c]!);
