/**
 * Reads labels and barcodes in camera frames off the page's thread, for
 * browsers whose BarcodeDetector is missing or reads too few kinds (Chrome
 * and Firefox on desktop Linux and Windows, Firefox everywhere): each
 * message is one frame's RGBA pixels, each answer the code's text or null.
 * A QR label is looked for first (jsQR), then a product barcode
 * (product-barcodes.ts) held level, and in every other frame with none
 * level, one held upright: one frame costs at most those three passes, on
 * a 640 px frame, and a code in view is read in every frame (level) or
 * every other (upright).
 */
import jsQR from "jsqr";
import { readProductBarcode } from "./product-barcodes";

export interface FrameMessage {
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
}

// This file runs as a dedicated worker; the app's type library is the page's (DOM), so name what is used.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<FrameMessage>) => void) | null;
  postMessage(text: string | null): void;
};

function readQr({ pixels, width, height }: FrameMessage): string | null {
  try {
    // Printed labels are dark on light: the inverted pass would only double the work.
    return jsQR(pixels, width, height, { inversionAttempts: "dontInvert" })?.data || null;
  } catch {
    return null; // a damaged frame is a frame with no code
  }
}

/** Frames read so far: every other one with nothing level in it looks for a barcode held upright. */
let frames = 0;

function readBarcode({ pixels, width, height }: FrameMessage): string | null {
  const level = readProductBarcode(pixels, width, height);
  if (level !== null || frames % 2 === 0) return level;
  return readProductBarcode(pixels, width, height, { upright: true });
}

scope.onmessage = (event) => {
  const frame = event.data;
  frames++;
  scope.postMessage(readQr(frame) ?? readBarcode(frame));
};
