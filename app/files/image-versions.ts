/**
 * Smaller copies of a photo, made in the browser: upright (EXIF orientation
 * applied), re-encoded as JPEG, and so without any of the original's tags —
 * which is why shared links and store images use them, never the original.
 */
import { LiveError } from "../../protocol/errors";
import { FILE_ERRORS } from "../../protocol/files";

export const VERSION_SIZES = { thumbnail: 320, web: 1600 } as const;
export type ImageVersion = keyof typeof VERSION_SIZES;

export async function makeImageVersion(file: Blob, version: ImageVersion, name: string): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new LiveError(400, FILE_ERRORS.NOT_AN_IMAGE);
  }
  const scale = Math.min(1, VERSION_SIZES[version] / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
  if (!blob) throw new LiveError(400, FILE_ERRORS.NOT_AN_IMAGE);
  const base = name.replace(/\.[^.]*$/, "");
  return new File([blob], `${base}-${version}.jpg`, { type: "image/jpeg" });
}
