/**
 * Draws a code on a canvas the way docs/protocol.md §5 says: twice the display size,
 * and with image pieces only 500 ms after every piece has loaded.
 */
import { paintGeometry } from "./canvas";
import { type LayoutOptions, layoutQr } from "./geometry";
import { type ImageLoader, loadImageCached, loadImages } from "./images";
import { DRAW_SCALE, PIECES_DELAY_MS, type QrOptions, resolveQrOptions } from "./options";
import type { QrGeometry } from "./shapes";

export interface DrawEnv extends LayoutOptions {
  /** Stops a draw whose result is no longer wanted (data changed, unmounted): nothing is painted. */
  signal?: AbortSignal;
  loadImage?: ImageLoader;
  /** The pause after pieces load; a timer unless replaced (tests hold it to see the order of events). */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sizes `canvas` to DRAW_SCALE × the display size (its CSS size stays the
 * display size), loads the images, then paints. The canvas is cleared at
 * once, so it stays blank until the code is ready.
 * @returns the geometry drawn, or null if `signal` aborted first.
 * @throws Error("Too long data"), or an image that would not load.
 */
export async function drawQr(
  canvas: HTMLCanvasElement,
  data: string,
  options: QrOptions = {},
  env: DrawEnv = {},
): Promise<QrGeometry | null> {
  const geometry = layoutQr(data, options, env);
  // Setting the size also clears the canvas.
  canvas.width = Math.round(geometry.width * DRAW_SCALE);
  canvas.height = Math.round(geometry.height * DRAW_SCALE);
  canvas.style.width = `${geometry.width}px`;
  canvas.style.height = `${geometry.height}px`;
  const images = await loadImages(geometry.imageSources, env.loadImage ?? loadImageCached);
  if (resolveQrOptions(options).pieces.length > 0) await (env.wait ?? sleep)(PIECES_DELAY_MS);
  if (env.signal?.aborted) return null;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas 2D is not available");
  paintGeometry(ctx, geometry, images, DRAW_SCALE);
  return geometry;
}
