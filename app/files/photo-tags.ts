/**
 * Photo tags, read in the browser (docs/product.md §2, docs/protocol.md §6): camera (make, model, lens),
 * position, caption (EXIF image description, else IPTC caption, else XMP
 * description), time taken and orientation. `exifr` is loaded only when a
 * photo is chosen, and reads only the first chunks of the file.
 */
import { LiveError } from "../../protocol/errors";
import { FILE_ERRORS } from "../../protocol/files";

export interface PhotoTags {
  camera?: { make?: string; model?: string; lens?: string };
  position?: { latitude: number; longitude: number };
  caption?: string;
  /** ISO 8601, as the camera recorded it (cameras rarely record a time zone). */
  takenAt?: string;
  /** EXIF orientation 1–8. */
  orientation?: number;
}

type Raw = Record<string, unknown>;

const text = (value: unknown): string | undefined => {
  if (typeof value === "string" && value.trim()) return value.trim();
  // XMP language alternatives: {lang, value} or {"x-default": "..."}.
  if (value && typeof value === "object") {
    const record = value as Raw;
    return text(record.value) ?? text(record["x-default"]);
  }
  return undefined;
};

function isoLocal(value: unknown): string | undefined {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return undefined;
  // exifr makes local-time Dates from the camera's clock: keep the wall-clock time.
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
}

export function tagsFromRaw(raw: Raw | undefined): PhotoTags {
  if (!raw) return {};
  const tags: PhotoTags = {};
  const camera = { make: text(raw.Make), model: text(raw.Model), lens: text(raw.LensModel) };
  if (camera.make || camera.model || camera.lens) {
    tags.camera = Object.fromEntries(Object.entries(camera).filter(([, v]) => v)) as PhotoTags["camera"];
  }
  if (typeof raw.latitude === "number" && typeof raw.longitude === "number") {
    tags.position = {
      latitude: Math.round(raw.latitude * 1e6) / 1e6,
      longitude: Math.round(raw.longitude * 1e6) / 1e6,
    };
  }
  const caption = text(raw.ImageDescription) ?? text(raw.Caption) ?? text(raw.description);
  if (caption) tags.caption = caption;
  const takenAt = isoLocal(raw.DateTimeOriginal) ?? isoLocal(raw.CreateDate);
  if (takenAt) tags.takenAt = takenAt;
  if (typeof raw.Orientation === "number") tags.orientation = raw.Orientation;
  return tags;
}

/** The tag reader (exifr) is a chunk of its own; fetching it early lets the service worker keep it for offline use. */
export const loadTagReader = async () => (await import("exifr")).default;

export async function readPhotoTags(file: Blob): Promise<PhotoTags> {
  if (!file.type.startsWith("image/")) throw new LiveError(400, FILE_ERRORS.NOT_AN_IMAGE);
  const exifr = await loadTagReader().catch(() => null);
  // Offline before the tag reader was ever fetched: the photo still goes, named from its file.
  if (!exifr) return {};
  let raw: Raw | undefined;
  try {
    raw = await exifr.parse(file, {
      tiff: true,
      exif: true,
      gps: true,
      iptc: true,
      xmp: true,
      ifd1: false,
      translateValues: false,
      reviveValues: true,
      mergeOutput: true,
    });
  } catch {
    throw new LiveError(400, FILE_ERRORS.NOT_AN_IMAGE);
  }
  return tagsFromRaw(raw);
}

/** A link to the position on a map, for people to check where a photo was taken. */
export function mapLink(position: { latitude: number; longitude: number }): string {
  const { latitude, longitude } = position;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
