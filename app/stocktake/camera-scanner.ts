/**
 * Scans QR labels with the phone's camera: the back camera's picture plays
 * in a <video>, and a few times a second one frame is read — by the
 * browser's own BarcodeDetector where it has one (Android, macOS, ChromeOS),
 * otherwise by jsQR in a Web Worker (qr-frames.worker.ts), so the page never
 * stutters. Each code coming into view is reported once (scan-gate.ts).
 */
import { ScanGate } from "./scan-gate";

/** Why the camera could not start, in words for the person holding the phone. */
export class CameraError extends Error {}

export interface CameraScanner {
  stop(): void;
}

interface Reader {
  read(video: HTMLVideoElement): Promise<string | null>;
  close(): void;
}

/** Frames are scaled down to this width before reading: labels fill much of the view, and jsQR is linear in pixels. */
const READ_WIDTH = 640;
/** Pause between frames read, so a phone's battery lasts the stocktake. */
const FRAME_GAP_MS = 120;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<Reader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Detector({ formats: ["qr_code"] });
    return {
      read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
      close: () => {},
    };
  } catch {
    return null; // present but not working (no platform support): read in the worker instead
  }
}

const newQrWorker = () => new Worker(new URL("./qr-frames.worker.ts", import.meta.url), { type: "module" });
let spareWorker: Worker | null = null;

/**
 * Starts the QR reader's worker ahead of the first scan, so its code is
 * fetched (and kept by the service worker) while there is a line: a phone
 * that then goes down to the basement can still scan.
 */
export function warmUpQrReader(): void {
  if ((globalThis as { BarcodeDetector?: unknown }).BarcodeDetector || spareWorker) return;
  try {
    spareWorker = newQrWorker();
  } catch {
    spareWorker = null; // no workers here: the first scan will say so
  }
}

function workerReader(): Reader {
  const worker = spareWorker ?? newQrWorker();
  spareWorker = null;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new CameraError("This browser cannot read camera pictures; type the SKU instead.");
  return {
    read: (video) =>
      new Promise((resolve) => {
        const scale = Math.min(1, READ_WIDTH / video.videoWidth);
        canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
        canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const frame = context.getImageData(0, 0, canvas.width, canvas.height);
        worker.onmessage = (event: MessageEvent<string | null>) => resolve(event.data);
        worker.onerror = () => resolve(null);
        worker.postMessage({ pixels: frame.data, width: frame.width, height: frame.height }, [frame.data.buffer]);
      }),
    close: () => worker.terminate(),
  };
}

function cameraError(error: unknown): CameraError {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return new CameraError(
      "The camera is not allowed for this site: allow it in the browser's settings, or type the SKU.",
    );
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return new CameraError("No camera was found on this device; type the SKU instead.");
  if (name === "NotReadableError")
    return new CameraError("The camera is in use by another app; close it and try again.");
  return new CameraError("The camera could not start; type the SKU instead.");
}

/**
 * Starts the back camera in `video` and calls `onCode` with each label's
 * text as it comes into view, until `stop()`.
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
  const reader = (await nativeReader()) ?? workerReader();
  const gate = new ScanGate();
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
