/**
 * The two ways a camera frame is read: the browser's own BarcodeDetector
 * where it reads QR labels and product barcodes (Android, macOS, ChromeOS),
 * otherwise jsQR and ZXing in a Web Worker (code-frames.worker.ts), so the
 * page never stutters.
 */
import { CameraError } from "./camera-error";

export interface FrameReader {
  /** The text of a code in the video's current frame, or null. */
  read(video: HTMLVideoElement): Promise<string | null>;
  close(): void;
  /** Whether its product barcode reads are confirmed already (product-barcodes.ts reads several rows). */
  confirms: boolean;
}

/** Frames are scaled down to this width before the worker reads them: codes fill much of the view, and the readers' work grows with the pixels. */
const READ_WIDTH = 640;

/** What the scanner reads: QR labels, and the product barcodes an item may carry (protocol/barcodes.ts). */
const WANTED_FORMATS = ["qr_code", "ean_13", "ean_8", "upc_a", "code_128"];

/**
 * The formats to ask a BarcodeDetector for, of those it says it supports;
 * null when it reads no QR code, or no product barcode — then the worker,
 * which reads all of them, does better.
 */
export function detectorFormats(supported: readonly string[]): string[] | null {
  const formats = WANTED_FORMATS.filter((format) => supported.includes(format));
  return formats.includes("qr_code") && formats.length > 1 ? formats : null;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

export async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = detectorFormats(await Detector.getSupportedFormats());
    if (!formats) return null;
    const detector = new Detector({ formats });
    return {
      read: async (video) => (await detector.detect(video))[0]?.rawValue || null,
      close: () => {},
      confirms: false,
    };
  } catch {
    return null; // present but not working (no platform support): read in the worker instead
  }
}

const newFramesWorker = () => new Worker(new URL("./code-frames.worker.ts", import.meta.url), { type: "module" });
let spareWorker: Worker | null = null;

/**
 * Starts the frame reader's worker ahead of the first scan, so its code is
 * fetched (and kept by the service worker) while there is a line: a phone
 * that then goes down to the basement can still scan.
 */
export function warmUpCodeReader(): void {
  if ((globalThis as { BarcodeDetector?: unknown }).BarcodeDetector || spareWorker) return;
  try {
    spareWorker = newFramesWorker();
  } catch {
    spareWorker = null; // no workers here: the first scan will say so
  }
}

export function workerReader(): FrameReader {
  const worker = spareWorker ?? newFramesWorker();
  spareWorker = null;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new CameraError("This browser cannot read camera pictures; type the SKU instead.");
  return {
    confirms: true,
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
