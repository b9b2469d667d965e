/**
 * The QR geometry step (shared by the PNG and the SVG writers): where the
 * code, its position patterns, its logo and the Stockroom mark go. Whether
 * the results scan is tested in Chromium with a real reader (tests/e2e/qr.test.ts).
 */
import qrcode from "qrcode-generator";
import { describe, expect, it } from "vitest";
import { alignmentOrigins, positionPatternMask } from "../../app/qr/finders";
import { layoutQr } from "../../app/qr/geometry";
import { LOGO_MAX_CLEARED_SHARE, logoArea } from "../../app/qr/logo-area";
import type { QrShape } from "../../app/qr/shapes";
import { writeSvg } from "../../app/qr/svg";

const LINK = "https://stockroom.example/s/9f3k2LmQ7xZ";
const LOGO = "data:image/png;base64,iVBORw0KGgo=";
const PIECE = "data:image/png;base64,AAAA";

const images = (shapes: QrShape[]) =>
  shapes.filter((s): s is Extract<QrShape, { kind: "image" }> => s.kind === "image");

describe("position patterns", () => {
  it("puts each alignment pattern where qrcode-generator drew it, for every version", () => {
    for (let type = 1; type <= 40; type++) {
      const code = qrcode(type as Parameters<typeof qrcode>[0], "L");
      code.make();
      const origins = alignmentOrigins(type);
      expect(origins.length).toBe(type === 1 ? 0 : (Math.floor(type / 7) + 2) ** 2 - 3);
      for (const [row, col] of origins) {
        // 5 × 5: dark ring, light ring, dark centre.
        for (let r = 0; r < 5; r++)
          for (let c = 0; c < 5; c++) {
            const ring = Math.max(Math.abs(r - 2), Math.abs(c - 2));
            expect(code.isDark(row + r, col + c), `type ${type} at ${row + r},${col + c}`).toBe(ring !== 1);
          }
      }
    }
  });

  it("keeps finders and alignment patterns out of the data modules", () => {
    const mask = positionPatternMask(45, 7); // type 7: 6 alignment patterns
    expect(mask.reduce((sum, v) => sum + v, 0)).toBe(3 * 49 + 6 * 25);
  });
});

describe("layout", () => {
  it("centres the code with at least a 4-module quiet zone, on whole canvas pixels", () => {
    const g = layoutQr(LINK);
    expect([g.width, g.height, g.typeNumber, g.modules, g.level]).toEqual([256, 256, 4, 33, "M"]);
    expect(g.cell * 2).toBe(Math.floor((256 * 2) / (33 + 8)));
    expect(g.cell * (33 + 8)).toBeLessThanOrEqual(256);
    expect(g.shapes[0]).toEqual({ kind: "rect", x: 0, y: 0, width: 256, height: 256, fill: "#ffffff" });
  });

  it("adds the Stockroom mark in a strip below the frame only for exports", () => {
    const plain = layoutQr(LINK);
    const marked = layoutQr(LINK, {}, { mark: true });
    expect(plain.shapes.some((s) => s.kind === "text")).toBe(false);
    expect(marked.height).toBeGreaterThan(256);
    const text = marked.shapes.find((s) => s.kind === "text");
    expect(text).toMatchObject({ text: "Stockroom" });
    expect(text && text.kind === "text" && text.y - text.fontSize).toBeGreaterThanOrEqual(256);
  });

  it("draws one piece per dark data module, none on the finders", () => {
    const g = layoutQr(LINK, { pieces: [PIECE] });
    const code = qrcode(4, "M");
    code.addData(LINK);
    code.make();
    const mask = positionPatternMask(33, 4);
    let dark = 0;
    for (let r = 0; r < 33; r++) for (let c = 0; c < 33; c++) if (code.isDark(r, c) && !mask[r * 33 + c]) dark++;
    expect(images(g.shapes)).toHaveLength(dark);
    expect(g.imageSources).toEqual([PIECE]);
  });
});

describe("a centre logo", () => {
  it("clears a square of at most 15 % of the modules, with a margin, and raises the level to H", () => {
    // Codes start at type 4 (33 modules).
    for (const size of [33, 45, 57, 97, 177]) {
      for (const requested of [0.1, 0.22, 0.3, 0.9]) {
        const area = logoArea(size, requested);
        expect(area).not.toBeNull();
        expect(area!.clearSize ** 2).toBeLessThanOrEqual(LOGO_MAX_CLEARED_SHARE * (size * size - 3 * 49));
        expect(area!.clearSize).toBe(area!.logoSize + 2);
        expect(area!.logoSize).toBeLessThanOrEqual(Math.round(0.3 * size));
      }
    }
    const g = layoutQr(LINK, { logo: { src: LOGO }, pieces: [PIECE] });
    expect(g.level).toBe("H");
    const area = logoArea(g.modules)!;
    const origin = (g.width - g.modules * g.cell) / 2;
    const [logo] = images(g.shapes).filter((s) => s.src === LOGO);
    expect(logo).toMatchObject({ fit: "contain", width: area.logoSize * g.cell });
    // No module piece inside the cleared square.
    const inside = images(g.shapes).filter((s) => {
      const col = Math.round((s.x - origin) / g.cell);
      const row = Math.round((s.y - origin) / g.cell);
      const end = area.clearStart + area.clearSize;
      return s.src === PIECE && row >= area.clearStart && row < end && col >= area.clearStart && col < end;
    });
    expect(inside).toEqual([]);
  });
});

describe("SVG", () => {
  it("is a well-formed standalone document that escapes what users typed", () => {
    const g = layoutQr(
      LINK,
      { dark: '#123"/><script>alert(1)</script>', pieces: [PIECE], logo: { src: LOGO } },
      { mark: true },
    );
    const svg = writeSvg(
      g,
      new Map([
        [PIECE, PIECE],
        [LOGO, LOGO],
      ]),
    );
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(doc.documentElement.getAttribute("viewBox")).toBe(`0 0 256 ${g.height}`);
    expect(doc.querySelector("script")).toBeNull();
    // A piece is written once and placed with <use>.
    expect(doc.querySelectorAll("defs image")).toHaveLength(1);
    expect(doc.querySelectorAll("use")).toHaveLength(images(g.shapes).length - 1);
    expect(doc.querySelector("text")?.textContent).toBe("Stockroom");
  });

  it("refuses to write an image it was not given as a data: URL", () => {
    const g = layoutQr(LINK, { logo: { src: "/logo.png" } });
    expect(() => writeSvg(g, new Map())).toThrow(/not embedded/);
  });
});
