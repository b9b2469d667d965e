/**
 * Scans QR labels and product barcodes (EAN-13, UPC-A, EAN-8, Code 128)
 * with the phone's camera: the back camera's picture plays in a <video>,
 * and a few times a second one frame is read (frame-readers.ts). Each code
 * coming into view is reported once (scan-gate.ts).
 */

import { labelKey } from "../../protocol/label-key";
import { CameraError, cameraError } from "./camera-error";
import { type FrameReader, nativeReader, workerReader } from "./frame-readers";
import { ScanGate } from "./scan-gate";

export interface CameraScanner {
  stop(): void;
}

/** Pause between frames read, so a phone's battery lasts the stocktake. */
const FRAME_GAP_MS = 120;

/**
 * Starts the back camera in `video` and calls `onCode` with each label's or
 * barcode's text as it comes into view, until `stop()`.
 * @throws CameraError when there is no camera, or it is not allowed.
 */
export async function startCameraScanner(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<CameraScanner> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new CameraError("This browser gives no camera to this page (it needs HTTPS); type the SKU instead.");
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  } catch (error) {
    throw cameraError(error);
  }
  let reader: FrameReader;
  try {
    reader = (await nativeReader()) ?? workerReader();
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw error; // no way to read frames here: the camera goes off again
  }
  // Product barcodes from a reader that does not confirm them itself need two frames in a row (scan-gate.ts).
  const gate = new ScanGate(undefined, (code) => (reader.confirms || labelKey(code) ? 1 : 2));
  let stopped = false;
  let timer = 0;

  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => {}); // autoplay rules: muted inline video plays; if not, frames still come

  const next = () => {
    if (!stopped) timer = window.setTimeout(readFrame, FRAME_GAP_MS);
  };
  const readFrame = async () => {
    if (stopped) return;
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return next();
    const text = await reader.read(video).catch(() => null);
    if (!stopped && !text) gate.missed();
    if (!stopped && text && gate.seen(text, performance.now())) onCode(text);
    next();
  };
  next();

  return {
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      reader.close();
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
