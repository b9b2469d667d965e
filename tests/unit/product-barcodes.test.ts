/**
 * The camera's 1D reader (app/camera/product-barcodes.ts) on frames drawn
 * here from the modules the app's own label encoder gives (app/qr/label-barcode.ts),
 * as a camera's 640 × 480 picture of a printed barcode would hold them: a
 * grey print on off-white, a few pixels a module.
 */
import { describe, expect, it } from "vitest";
import { detectorFormats } from "../../app/camera/frame-readers";
import { readProductBarcode } from "../../app/camera/product-barcodes";
import { labelBarcode } from "../../app/qr/label-barcode";
import { barcodeFrame, FRAME_HEIGHT, FRAME_WIDTH } from "../support/barcode-frames";

const WIDTH = 640;
const HEIGHT = 480;

/** An RGBA frame showing `bits` (1 = a dark module), `module` pixels each, centred, `offsetY` below the middle. */
function frameOf(bits: string, module = 3, offsetY = 0): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 4).fill(215);
  const left = Math.round((WIDTH - bits.length * module) / 2);
  const top = Math.round(HEIGHT * 0.3) + offsetY;
  for (let y = top; y < top + HEIGHT * 0.4; y++) {
    for (let x = 0; x < bits.length * module; x++) {
      if (bits[Math.floor(x / module)] !== "1") continue;
      const at = (y * WIDTH + left + x) * 4;
      pixels[at] = pixels[at + 1] = pixels[at + 2] = 45;
    }
  }
  return pixels;
}

/** The same, held upright: the bars lie across the frame, `module` pixels each, centred. */
function uprightFrameOf(bits: string, module = 3): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 4).fill(215);
  const top = Math.round((HEIGHT - bits.length * module) / 2);
  const left = Math.round(WIDTH * 0.3);
  for (let y = 0; y < bits.length * module; y++) {
    if (bits[Math.floor(y / module)] !== "1") continue;
    for (let x = left; x < left + WIDTH * 0.4; x++) {
      const at = ((top + y) * WIDTH + x) * 4;
      pixels[at] = pixels[at + 1] = pixels[at + 2] = 45;
    }
  }
  return pixels;
}

const bitsOf = (item: { barcode?: string; sku: string }) => {
  const code = labelBarcode(item);
  if (!code) throw new Error(`no barcode for ${JSON.stringify(item)}`);
  return code.bits;
};

describe("the camera's product barcode reader", () => {
  it("reads EAN-13, UPC-A, EAN-8 and Code 128 as the item's barcode or SKU", () => {
    expect(readProductBarcode(frameOf(bitsOf({ barcode: "4006381333931", sku: "" })), WIDTH, HEIGHT)).toBe(
      "4006381333931",
    );
    expect(readProductBarcode(frameOf(bitsOf({ barcode: "036000291452", sku: "" })), WIDTH, HEIGHT)).toBe(
      "036000291452",
    );
    expect(readProductBarcode(frameOf(bitsOf({ barcode: "96385074", sku: "" })), WIDTH, HEIGHT)).toBe("96385074");
    expect(readProductBarcode(frameOf(bitsOf({ sku: "JUG-128" })), WIDTH, HEIGHT)).toBe("JUG-128");
  });

  it("reads a barcode held upside down, small, or off the middle", () => {
    const bits = bitsOf({ barcode: "5901234123457", sku: "" });
    const reversed = [...bits].reverse().join("");
    expect(readProductBarcode(frameOf(reversed), WIDTH, HEIGHT)).toBe("5901234123457");
    expect(readProductBarcode(frameOf(bits, 2), WIDTH, HEIGHT)).toBe("5901234123457");
    expect(readProductBarcode(frameOf(bits, 3, -100), WIDTH, HEIGHT)).toBe("5901234123457");
  });

  it("reads a barcode held upright when asked to, either end up", () => {
    const bits = bitsOf({ barcode: "4006381333931", sku: "" });
    const upright = uprightFrameOf(bits, 2);
    // Read level, the frame's rows cross no bars.
    expect(readProductBarcode(upright, WIDTH, HEIGHT)).toBeNull();
    expect(readProductBarcode(upright, WIDTH, HEIGHT, { upright: true })).toBe("4006381333931");
    const reversed = uprightFrameOf([...bits].reverse().join(""), 2);
    expect(readProductBarcode(reversed, WIDTH, HEIGHT, { upright: true })).toBe("4006381333931");
    expect(readProductBarcode(uprightFrameOf(bitsOf({ sku: "JUG-128" }), 2), WIDTH, HEIGHT, { upright: true })).toBe(
      "JUG-128",
    );
  });

  it("finds nothing in a blank frame, a damaged barcode, or pixels that do not fit the size", () => {
    expect(readProductBarcode(new Uint8ClampedArray(WIDTH * HEIGHT * 4).fill(200), WIDTH, HEIGHT)).toBeNull();
    // Half the bars gone: the check digit and guard patterns refuse it.
    const bits = bitsOf({ barcode: "4006381333931", sku: "" });
    const damaged = bits.slice(0, 48) + "0".repeat(bits.length - 48);
    expect(readProductBarcode(frameOf(damaged), WIDTH, HEIGHT)).toBeNull();
    expect(readProductBarcode(new Uint8ClampedArray(10), WIDTH, HEIGHT)).toBeNull();
  });
});

describe("the browser's own barcode detector", () => {
  it("is asked for QR and the product barcodes it has, and left for the worker when it lacks either", () => {
    const all = ["aztec", "code_128", "code_39", "ean_13", "ean_8", "qr_code", "upc_a", "upc_e"];
    expect(detectorFormats(all)).toEqual(["qr_code", "ean_13", "ean_8", "upc_a", "code_128"]);
    expect(detectorFormats(["qr_code", "ean_13"])).toEqual(["qr_code", "ean_13"]);
    expect(detectorFormats(["qr_code"])).toBeNull();
    expect(detectorFormats(["ean_13", "code_128"])).toBeNull();
    expect(detectorFormats([])).toBeNull();
  });
});

/** EAN-13s and a UPC-A (which reads as its 12 digits), a camera frame each. */
const CODES = [
  "5901234123457",
  "4006381333931",
  "9780201379624",
  "5012345678900",
  "4003994155486",
  "8712345678906",
  "0036000291452",
];
/** What the reader may answer for a code: the code (a UPC-A as its 12 digits), or nothing. */
const asRead = (code: string) => (code.startsWith("0") ? [code, code.slice(1)] : [code]);

describe("a blurred, tilted or small barcode", () => {
  it("reads as itself or as nothing, never as another valid code", () => {
    // Frames 313, 754 and 1301 are ones a single row once read as another code with a valid check digit
    // (8712345678906 as 8712345638542 and as 772435618906; 036000291452 as 036000201451).
    const frames = [...Array.from({ length: 140 }, (_, n) => n), 313, 754, 1301];
    let read = 0;
    for (const n of frames) {
      const code = CODES[n % CODES.length] as string;
      const frame = barcodeFrame(code, n);
      const got = readProductBarcode(frame.pixels, FRAME_WIDTH, FRAME_HEIGHT);
      if (got !== null) expect(asRead(code), frame.how).toContain(got);
      if (got !== null) read++;
    }
    // And it still reads: a reader that answered nothing would pass the line above.
    expect(read).toBeGreaterThan(frames.length / 4);
  }, 300_000);
});
