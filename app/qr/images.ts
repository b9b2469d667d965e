/**
 * Images a code uses (module pieces, the logo): loaded as elements for the
 * canvas, or turned into data: URLs so an exported SVG stands alone.
 */

/** Loads one image. Cross-origin images are asked for with CORS so the canvas stays exportable. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    if (!src.startsWith("data:") && !src.startsWith("blob:")) image.crossOrigin = "anonymous";
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load image ${src.slice(0, 80)}`));
    image.src = src;
  });
}

export type ImageLoader = (src: string) => Promise<HTMLImageElement>;

/** Recently loaded images: a label sheet draws the same room logo on every label. */
const loaded = new Map<string, Promise<HTMLImageElement>>();
const CACHE_SIZE = 32;

/** loadImage, remembering the last CACHE_SIZE sources; a failed load is forgotten so it can be retried. */
export function loadImageCached(src: string): Promise<HTMLImageElement> {
  let image = loaded.get(src);
  if (!image) {
    image = loadImage(src);
    image.catch(() => loaded.delete(src));
    loaded.set(src, image);
    if (loaded.size > CACHE_SIZE) loaded.delete(loaded.keys().next().value!);
  }
  return image;
}

/** Every source loaded, keyed by source; rejects if any fails. */
export async function loadImages(sources: readonly string[], load: ImageLoader = loadImageCached) {
  const entries = await Promise.all(sources.map(async (src) => [src, await load(src)] as const));
  return new Map(entries);
}

/** `src` as a data: URL (unchanged when it already is one). */
export async function toDataUrl(src: string): Promise<string> {
  if (src.startsWith("data:")) return src;
  const response = await fetch(src, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`Could not load image ${src.slice(0, 80)}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read image"));
    reader.readAsDataURL(blob);
  });
}

export async function toDataUrls(sources: readonly string[]) {
  const entries = await Promise.all(sources.map(async (src) => [src, await toDataUrl(src)] as const));
  return new Map(entries);
}
