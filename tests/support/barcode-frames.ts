/**
 * Camera frames of printed product barcodes as a phone sees them: the
 * modules the app's own label encoder gives (app/qr/label-barcode.ts), a
 * fraction of a pixel to a few pixels each, turned a little, blurred (out
 * of focus), with sensor noise, grey on off-white, 640 × 480 RGBA. Each
 * frame is made from its own seed, so any one can be made again alone.
 */
import { labelBarcode } from "../../app/qr/label-barcode";

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;

/** A small, seeded generator (a linear congruential one): the same frame every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface BarcodeFrame {
  code: string;
  pixels: Uint8ClampedArray;
  /** How it was made, for a failure to name. */
  how: string;
}

/** The barcode `code` in frame number `n`: its module width, blur, tilt and noise chosen by `n`. */
export function barcodeFrame(code: string, n: number): BarcodeFrame {
  const random = seeded(n * 7919 + 17);
  const module = 1.4 + random() * 2.2;
  const blur = 0.3 + random() * 2.4;
  const angle = (random() - 0.5) * 0.15;
  const noise = random() * 40;
  const bits = labelBarcode({ barcode: code, sku: "" })?.bits;
  if (!bits) throw new Error(`${code} is not a barcode`);
  const W = FRAME_WIDTH;
  const H = FRAME_HEIGHT;
  const left = (W - bits.length * module) / 2;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const luma = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const dx = x - W / 2;
      const dy = y - H / 2;
      const u = cos * dx + sin * dy + W / 2;
      const v = -sin * dx + cos * dy + H / 2;
      // Three samples across each pixel: a module's edge falls inside one.
      let dark = 0;
      for (let s = -1; s <= 1; s++) {
        const m = Math.floor((u + s / 3 - left) / module);
        if (v > H * 0.3 && v < H * 0.7 && m >= 0 && m < bits.length && bits[m] === "1") dark++;
      }
      luma[y * W + x] = 215 - (170 * dark) / 3;
    }
  }
  const blurred = gaussian(gaussian(luma, W, H, blur, true), W, H, blur, false);
  const pixels = new Uint8ClampedArray(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    const value = (blurred[i] ?? 0) + (random() - 0.5) * noise;
    pixels[i * 4] = pixels[i * 4 + 1] = pixels[i * 4 + 2] = value;
    pixels[i * 4 + 3] = 255;
  }
  const how = `frame ${n}: ${module.toFixed(2)} px a module, blur ${blur.toFixed(2)}, tilt ${((angle * 180) / Math.PI).toFixed(1)}°, noise ${noise.toFixed(0)}`;
  return { code, pixels, how };
}

/** A Gaussian blur along rows (`across`) or columns. */
function gaussian(image: Float32Array, W: number, H: number, sigma: number, across: boolean): Float32Array {
  const radius = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const sum = kernel.reduce((a, b) => a + b, 0);
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let total = 0;
      for (let i = -radius; i <= radius; i++) {
        const at = across ? y * W + Math.min(W - 1, Math.max(0, x + i)) : Math.min(H - 1, Math.max(0, y + i)) * W + x;
        total += (kernel[i + radius] ?? 0) * (image[at] ?? 0);
      }
      out[y * W + x] = total / sum;
    }
  }
  return out;
}
