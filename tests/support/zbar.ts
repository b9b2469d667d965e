/**
 * Reading printed labels back as a scanner would (tests/e2e/qr.test.ts, the
 * print station's test): a page of a PDF Chromium printed, rendered at a
 * printer's resolution by poppler's pdftoppm and read by ZBar's zbarimg.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where a label is: its page (from 1) and its box on it, in CSS pixels from the printable area's corner. */
export interface LabelBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Renders one label of the printed `pdf` at `dpi` with poppler's pdftoppm
 * (cropped to the label) and reads it with ZBar's zbarimg (QR codes only,
 * unless other symbologies are named).
 * @returns the code's text, or null when ZBar finds none.
 */
export function zbarReadLabel(
  pdf: Buffer,
  dpi: number,
  box: LabelBox,
  marginMm: number,
  symbologies: readonly string[] = ["qrcode"],
): string | null {
  const dir = mkdtempSync(join(tmpdir(), "label-"));
  const pixels = (cssPx: number) => Math.round(((cssPx + (marginMm / 25.4) * 96) * dpi) / 96);
  try {
    writeFileSync(join(dir, "sheet.pdf"), pdf);
    const crop = [
      "-x",
      pixels(box.x),
      "-y",
      pixels(box.y),
      "-W",
      Math.round((box.width * dpi) / 96),
      "-H",
      Math.round((box.height * dpi) / 96),
    ];
    execFileSync("pdftoppm", [
      ...["-r", dpi, "-f", box.page, "-l", box.page, "-singlefile", ...crop].map(String),
      ...["-gray", "-png", join(dir, "sheet.pdf"), join(dir, "label")],
    ]);
    try {
      const out = execFileSync(
        "zbarimg",
        ["--quiet", "--raw", "-Sdisable", ...symbologies.map((name) => `-S${name}.enable`), join(dir, "label.png")],
        {
          encoding: "utf8",
        },
      );
      return out.trim() || null;
    } catch {
      // zbarimg exits 4 when it finds no code: a finding for the assertion, not a crash.
      return null;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every code ZBar reads in one region of the printed `pdf` (see zbarReadLabel), one per line. */
export function zbarReadAll(pdf: Buffer, dpi: number, box: LabelBox, marginMm: number, symbologies: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), "labels-"));
  const pixels = (cssPx: number) => Math.round(((cssPx + (marginMm / 25.4) * 96) * dpi) / 96);
  try {
    writeFileSync(join(dir, "sheet.pdf"), pdf);
    execFileSync("pdftoppm", [
      ...["-r", dpi, "-f", box.page, "-l", box.page, "-singlefile", "-x", pixels(box.x), "-y", pixels(box.y)].map(
        String,
      ),
      ...["-W", Math.round((box.width * dpi) / 96), "-H", Math.round((box.height * dpi) / 96)].map(String),
      ...["-gray", "-png", join(dir, "sheet.pdf"), join(dir, "region")],
    ]);
    try {
      const out = execFileSync(
        "zbarimg",
        ["--quiet", "--raw", "-Sdisable", ...symbologies.map((name) => `-S${name}.enable`), join(dir, "region.png")],
        { encoding: "utf8" },
      );
      return out
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    } catch {
      return [];
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
