/**
 * Reads labels and barcodes in camera frames off the page's thread, for
 * browsers whose BarcodeDetector is missing or reads too few kinds (Chrome
 * and Firefox on desktop Linux and Windows, Firefox everywhere): each
 * message is one frame's RGBA pixels, each answer the code's text or null.
 * A QR label is looked for first (jsQR), then a product barcode
 * (product-barcodes.ts): one frame costs at most both, on a 640 px frame.
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

scope.onmessage = (event) => {
  const frame = event.data;
  scope.postMessage(readQr(frame) ?? readProductBarcode(frame.pixels, frame.width, frame.height));
};
