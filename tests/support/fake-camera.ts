/**
 * A phone whose camera films a printed label or a product's barcode:
 * Chromium's fake capture device plays a Y4M video we write — from a
 * screenshot of the label as the app drew it, or from a barcode's modules
 * drawn here bar by bar — so the app's real camera path (getUserMedia,
 * frames, the QR and barcode readers) runs on it.
 */
import { writeFileSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser } from "./browser";

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;
const FRAME_RATE = 10;

/**
 * Writes a Y4M video (640×480, grey) of `label` — a screenshot of it, on
 * white, as a camera held over the sheet would see it — to `file`.
 * `page` decodes the screenshot (any page of ours will do).
 */
export async function filmLabel(page: Page, label: Locator, file: string): Promise<void> {
  const png = await label.screenshot();
  const lumaBase64 = await page.evaluate(
    async ({ base64, width, height }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      const scale = Math.min((width * 0.9) / image.width, (height * 0.9) / image.height);
      const w = image.width * scale;
      const h = image.height * scale;
      context.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
      const { data } = context.getImageData(0, 0, width, height);
      // Full-range BT.601 luma, as Y4M's C420jpeg expects.
      let text = "";
      for (let i = 0; i < data.length; i += 4) {
        text += String.fromCharCode(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
      }
      return btoa(text);
    },
    { base64: png.toString("base64"), width: WIDTH, height: HEIGHT },
  );
  writeVideo(file, [{ luma: Buffer.from(lumaBase64, "base64"), frames: FRAMES }]);
}

/** Writes a grey Y4M video: each picture (full-range luma, WIDTH × HEIGHT) for its number of frames, in turn. */
function writeVideo(file: string, pictures: readonly { luma: Buffer; frames: number }[]): void {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128); // no colour
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FRAME_RATE}:1 Ip A1:1 C420jpeg\n`);
  const frames = pictures.flatMap(({ luma, frames: count }) => {
    const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
    return Array.from({ length: count }, () => frame);
  });
  writeFileSync(file, Buffer.concat([header, ...frames]));
}

/** A barcode to film: its modules, and whether it is held upright (its bars lying across the picture). */
export type FilmedBarcode = string | { bits: string; upright: true };

/**
 * A camera's picture of a printed 1D barcode: `bits` (one character a
 * module, "1" dark), as long as fits with whole pixels a module (at most
 * 4), centred with a quiet zone, the bars a little grey on off-white as a
 * print in a room's light is — level, or held upright.
 */
function barcodePicture(barcode: FilmedBarcode): Buffer {
  const { bits, upright } = typeof barcode === "string" ? { bits: barcode, upright: false } : barcode;
  // Along the bars' run (across them: the code's length) and along the bars themselves.
  const [along, across] = upright ? [HEIGHT, WIDTH] : [WIDTH, HEIGHT];
  const module = Math.min(4, Math.floor((along * 0.85) / (bits.length + 20)));
  if (module < 2) throw new Error(`a barcode of ${bits.length} modules is too long to film`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 230);
  const start = Math.round((along - bits.length * module) / 2);
  const edge = Math.round(across * 0.3);
  for (let bar = edge; bar < across - edge; bar++) {
    for (let run = 0; run < bits.length * module; run++) {
      if (bits[Math.floor(run / module)] !== "1") continue;
      const [x, y] = upright ? [bar, start + run] : [start + run, bar];
      luma[y * WIDTH + x] = 35;
    }
  }
  return luma;
}

/**
 * Writes a video (looping, as the fake camera plays it) of each barcode in
 * turn, `secondsEach` on screen: `barcodes` are their modules, as
 * app/qr/label-barcode.ts encodes them.
 */
export function filmBarcodes(file: string, barcodes: readonly FilmedBarcode[], secondsEach = 2): void {
  writeVideo(
    file,
    barcodes.map((barcode) => ({ luma: barcodePicture(barcode), frames: secondsEach * FRAME_RATE })),
  );
}

/**
 * Writes a video of camera pictures given as RGBA pixels (640 × 480, as
 * tests/support/barcode-frames.ts makes them), each `secondsEach` on
 * screen, then `then` (barcodes drawn here, as filmBarcodes draws them).
 */
export function filmPictures(
  file: string,
  pictures: readonly Uint8ClampedArray[],
  then: readonly FilmedBarcode[] = [],
  secondsEach = 3,
): void {
  const luma = (rgba: Uint8ClampedArray) => {
    const out = Buffer.alloc(WIDTH * HEIGHT);
    for (let i = 0; i < WIDTH * HEIGHT; i++) out[i] = rgba[i * 4] ?? 0;
    return out;
  };
  writeVideo(file, [
    ...pictures.map((rgba) => ({ luma: luma(rgba), frames: secondsEach * FRAME_RATE })),
    ...then.map((barcode) => ({ luma: barcodePicture(barcode), frames: secondsEach * FRAME_RATE })),
  ]);
}

/** A Chromium whose camera plays `video` (looping), allowed without asking. */
export function launchPhoneWithCamera(video: string): Promise<Browser> {
  return launchBrowser([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}
