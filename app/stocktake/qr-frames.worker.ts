/**
 * Reads QR codes in camera frames off the page's thread, for browsers with
 * no BarcodeDetector (Chrome and Firefox on desktop Linux and Windows,
 * Firefox everywhere): each message is one frame's grey-or-RGBA pixels, each
 * answer the code's text or null.
 */
import jsQR from "jsqr";

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

scope.onmessage = (event) => {
  const { pixels, width, height } = event.data;
  let text: string | null = null;
  try {
    // Printed labels are dark on light: the inverted pass would only double the work.
    text = jsQR(pixels, width, height, { inversionAttempts: "dontInvert" })?.data ?? null;
  } catch {
    text = null; // a damaged frame is a frame with no code
  }
  scope.postMessage(text);
};
