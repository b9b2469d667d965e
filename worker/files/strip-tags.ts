/**
 * Removes photo tags — EXIF (incl. GPS), XMP, IPTC, comments, text chunks —
 * from an image's bytes without decoding it: metadata lives in segments or
 * chunks of its own beside the picture data, which is copied byte for byte.
 * Used for every public copy (thumbnails, web copies: what share links and
 * the online store get), whatever the client sent, and for room logos.
 *
 * Only what is needed to draw the picture is kept (an allow-list), so a
 * metadata kind we never heard of goes too. Colour profiles are kept: they
 * describe the colours, not the photo, and dropping them would shift colours.
 * So is a JPEG's EXIF orientation, alone in a minimal EXIF segment: without it
 * a phone photo would show on its side.
 * Bytes after the image's end (e.g. an iPhone's appended depth or gain-map
 * images, which carry EXIF of their own) are dropped.
 *
 * Formats: JPEG, PNG, WebP, GIF. Anything else (HEIC, AVIF, SVG, unknown)
 * and anything malformed is refused: never a throw, never a half-cleaned file.
 *
 * @example
 *   const result = stripPhotoTags(bytes, "image/jpeg");
 *   if (!result.ok) return refuse(result.reason); // e.g. "the JPEG file ends early"
 *   store(result.bytes); // result.removed: ["EXIF", "XMP"]
 */

/** `removed` lists what was taken out (e.g. ["EXIF", "XMP", "IPTC"]), empty when the file had no tags. */
export type StripResult = { ok: true; bytes: Uint8Array; removed: string[] } | { ok: false; reason: string };

/** Label for bytes after the image's end marker (appended images, vendor trailers). */
const TRAILER = "data after the image";

class Malformed extends Error {}

function fail(reason: string): never {
  throw new Malformed(reason);
}

/** Strips the photo tags of an image of MIME type `type`. */
export function stripPhotoTags(bytes: Uint8Array, type: string): StripResult {
  try {
    switch (type) {
      case "image/jpeg":
        return { ok: true, ...stripJpeg(bytes) };
      case "image/png":
        return { ok: true, ...stripPng(bytes) };
      case "image/webp":
        return { ok: true, ...stripWebp(bytes) };
      case "image/gif":
        return { ok: true, ...stripGif(bytes) };
      default:
        // HEIC/HEIF/AVIF keep EXIF in ISO-BMFF item boxes referenced by offset, and SVG is
        // a document: not worth a rewriter, since the app makes JPEG copies itself.
        return { ok: false, reason: `photo tags cannot be removed from ${type || "a file of unknown type"}` };
    }
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, reason: error.message };
    // Every read is bounds-checked; a RangeError here would still mean a damaged file, not a crash.
    if (error instanceof RangeError) return { ok: false, reason: "the file is damaged" };
    throw error;
  }
}

/**
 * Whether stripping would take anything out. A malformed or unsupported file
 * counts as tagged: it cannot be shown to be clean.
 */
export function hasPhotoTags(bytes: Uint8Array, type: string): boolean {
  const result = stripPhotoTags(bytes, type);
  return !result.ok || result.removed.length > 0;
}

type Stripped = { bytes: Uint8Array; removed: string[] };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** `length` bytes at `start` as Latin-1 text ("" past the end). */
function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function byteAt(bytes: Uint8Array, at: number, what: string): number {
  const value = bytes[at];
  if (value === undefined) fail(`the ${what} file ends early`);
  return value;
}

// --- JPEG ---
// Markers from ITU-T T.81 Table B.1: SOI D8, EOI D9, SOS DA, RSTn D0–D7, TEM 01, APPn E0–EF, COM FE;
// every other marker is followed by a 2-byte big-endian length that counts itself.
// APPn owners by identifier: JFIF 1.02 (APP0 "JFIF"/"JFXX"), Exif 2.32 (APP1 "Exif"), XMP part 3
// (APP1 main and extended XMP), ICC.1 annex B (APP2 "ICC_PROFILE"), CIPA DC-007 (APP2 "MPF", the index
// of appended images), Photoshop "Save for Web" (APP12 "Ducky": quality, comment, copyright), Photoshop
// image resources (APP13 "Photoshop 3.0", which hold IPTC), Adobe TN 5116 (APP14 "Adobe": colour transform).

const SOS = 0xda;
const EOI = 0xd9;
const isRst = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * What an APPn or COM segment holds, or null to keep it. Kept: JFIF (pixel density), ICC profiles
 * (colours) and Adobe's (needed to decode CMYK/YCCK) — none says anything about the photo.
 */
function jpegTagKind(marker: number, bytes: Uint8Array, body: number, end: number): string | null {
  const has = (id: string) => end - body >= id.length && ascii(bytes, body, id.length) === id;
  switch (marker) {
    case 0xe0:
      return has("JFIF\0") || has("JFXX\0") ? null : "APP0";
    case 0xe1:
      if (has("Exif\0")) return "EXIF";
      return has("http://ns.adobe.com/xap/1.0/\0") || has("http://ns.adobe.com/xmp/extension/\0") ? "XMP" : "APP1";
    case 0xe2:
      if (has("ICC_PROFILE\0")) return null;
      return has("MPF\0") ? "MPF" : "APP2";
    case 0xec:
      return has("Ducky") ? "Ducky" : "APP12";
    case 0xed:
      return has("Photoshop 3.0\0") ? "IPTC" : "APP13";
    case 0xee:
      return has("Adobe") ? null : "APP14";
    case 0xfe:
      return "comment";
    default:
      return `APP${marker - 0xe0}`;
  }
}

/**
 * The EXIF orientation (tag 0x0112 in IFD0 of the TIFF structure at `tiff`; TIFF 6.0 §2, Exif 2.32
 * §4.6.4), or 1 (upright) when it is absent or cannot be read.
 */
function exifOrientation(bytes: Uint8Array, tiff: number, end: number): number {
  const order = ascii(bytes, tiff, 2);
  if ((order !== "II" && order !== "MM") || tiff + 8 > end) return 1;
  const little = order === "II";
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  for (let i = 0, count = view.getUint16(ifd, little); i < count; i++) {
    const entry = ifd + 2 + 12 * i;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) !== 0x0112 || view.getUint16(entry + 2, little) !== 3) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/** An APP1 EXIF segment holding only an orientation: a big-endian TIFF with one IFD0 entry (SHORT). */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]; // "Exif\0\0"
  return new Uint8Array([0xff, 0xe1, 0, body.length + 2, ...body]);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

function stripJpeg(bytes: Uint8Array): Stripped {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) fail("not a JPEG file");
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  const removed = new Set<string>();
  let scans = 0;
  let keptOrientation = false;
  let at = 2;
  for (;;) {
    if (byteAt(bytes, at, "JPEG") !== 0xff) fail("the JPEG file is damaged (no marker where one should be)");
    let markerAt = at;
    while (bytes[markerAt + 1] === 0xff) markerAt++; // fill bytes before a marker (T.81 B.1.1.2)
    const marker = byteAt(bytes, markerAt + 1, "JPEG");
    if (marker === EOI) {
      if (scans === 0) fail("the JPEG file has no picture data");
      kept.push(bytes.subarray(markerAt, markerAt + 2));
      if (markerAt + 2 < bytes.length) removed.add(TRAILER);
      break;
    }
    if (marker === 0x00 || marker === 0xd8) fail("the JPEG file is damaged (unexpected marker)");
    if (isRst(marker) || marker === 0x01) {
      kept.push(bytes.subarray(markerAt, markerAt + 2));
      at = markerAt + 2;
      continue;
    }
    const length = (byteAt(bytes, markerAt + 2, "JPEG") << 8) | byteAt(bytes, markerAt + 3, "JPEG");
    const end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) fail("a JPEG segment runs past the end of the file");
    const isTagHolder = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    const kind = isTagHolder ? jpegTagKind(marker, bytes, markerAt + 4, end) : null;
    // The orientation says how to draw the picture, not anything about the photo: without it a phone
    // photo (or a room logo taken with one) shows on its side. It stays, alone in an EXIF segment of
    // its own; a segment that already is just that is left as it is.
    const orientation = kind === "EXIF" && !keptOrientation ? exifOrientation(bytes, markerAt + 10, end) : 1;
    if (orientation !== 1) {
      const segment = orientationSegment(orientation);
      kept.push(segment);
      keptOrientation = true;
      if (!sameBytes(segment, bytes.subarray(markerAt, end))) removed.add("EXIF");
    } else if (kind === null) {
      kept.push(bytes.subarray(markerAt, end));
    } else {
      removed.add(kind);
    }
    at = end;
    if (marker === SOS) {
      // Entropy-coded data follows the scan header up to the next marker: inside it 0xFF is always
      // followed by 0x00 (stuffing) or RSTn (T.81 B.1.1.5), so the first other marker ends it. It is
      // copied as is; a progressive file repeats DHT/SOS (and may put more tags) between scans.
      scans++;
      let scan = at;
      for (;;) {
        const next = bytes[scan + 1];
        if (next === undefined) fail("the JPEG file ends inside its picture data");
        if (bytes[scan] === 0xff && next !== 0x00 && next !== 0xff && !isRst(next)) break;
        scan++;
      }
      kept.push(bytes.subarray(at, scan));
      at = scan;
    }
  }
  return { bytes: concat(kept), removed: [...removed] };
}

// --- PNG ---
// Chunk layout and names from PNG 3rd edition (W3C, 2025): length (4, big-endian), type (4), data, CRC (4).
// Kept chunks are copied with their CRC, so nothing is recomputed.

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/**
 * Chunks needed to draw the picture: critical, transparency, colour (gamma, primaries, sRGB, ICC,
 * coding-independent code points, HDR mastering and light levels), significant bits, background,
 * pixel size and APNG animation. Everything else goes: eXIf, tEXt, zTXt, iTXt (XMP), tIME, and also
 * hIST/sPLT (palette hints; sPLT carries a name) and vendor chunks (iDOT, caBX content credentials…).
 */
const PNG_KEEP = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "gAMA",
  "cHRM",
  "sRGB",
  "iCCP",
  "cICP",
  "mDCV",
  "cLLI",
  "sBIT",
  "bKGD",
  "pHYs",
  "acTL",
  "fcTL",
  "fdAT",
]);

function pngTagKind(name: string, bytes: Uint8Array, data: number): string {
  if (name === "eXIf") return "EXIF";
  if (name === "iTXt" && ascii(bytes, data, 18) === "XML:com.adobe.xmp\0") return "XMP";
  return name;
}

function stripPng(bytes: Uint8Array): Stripped {
  if (bytes.length < 8 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) fail("not a PNG file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  const removed = new Set<string>();
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) fail("the PNG file ends early");
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) fail("a PNG chunk runs past the end of the file");
    const name = ascii(bytes, at + 4, 4);
    if (at === 8 && name !== "IHDR") fail("the PNG file does not start with its header chunk");
    if (PNG_KEEP.has(name)) {
      kept.push(bytes.subarray(at, end));
    } else if ((bytes[at + 4] as number) & 0x20) {
      removed.add(pngTagKind(name, bytes, at + 8)); // lowercase first letter: ancillary
    } else {
      // A critical chunk we do not know (e.g. Apple's CgBI): dropping it would break the picture and
      // standard decoders refuse it anyway.
      fail(`the PNG file has a chunk this server does not know: ${JSON.stringify(name)}`);
    }
    at = end;
    if (name === "IEND") {
      if (at < bytes.length) removed.add(TRAILER);
      break;
    }
  }
  return { bytes: concat(kept), removed: [...removed] };
}

// --- WebP ---
// RIFF container per Google's "WebP Container Specification": "RIFF", size (4, little-endian, counts
// from "WEBP" on), "WEBP", then chunks of FourCC, size (4, LE), data padded to an even length.

/** Chunks that draw the picture (lossy, lossless, extended header, alpha, animation, ICC profile). */
const WEBP_KEEP = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"]);
const WEBP_PICTURE = new Set(["VP8 ", "VP8L", "ANMF"]);
/** VP8X flag bits (first byte: Rsv Rsv I L E X A R): E = has EXIF, X = has XMP. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Uint8Array): Stripped {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") fail("not a WebP file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length) fail("the WebP file ends early");
  const kept: Uint8Array[] = [];
  const removed = new Set<string>();
  let hasPicture = false;
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) fail("a WebP chunk runs past the end of the file");
    const name = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) fail("a WebP chunk runs past the end of the file");
    if (name === "VP8X" && (at !== 12 || size < 10)) fail("the WebP file's extended header is damaged");
    if (WEBP_KEEP.has(name)) {
      const chunk = bytes.slice(at, end);
      if (name === "VP8X") chunk[8] = (chunk[8] as number) & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
      hasPicture ||= WEBP_PICTURE.has(name);
    } else {
      removed.add(name.trim());
    }
    at = end;
  }
  if (!hasPicture) fail("the WebP file has no picture data");
  if (riffEnd < bytes.length) removed.add(TRAILER);
  const body = concat(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return { bytes: out, removed: [...removed] };
}

// --- GIF ---
// Block layout per the GIF89a specification (CompuServe, 1990): header and logical screen descriptor,
// optional global colour table, then image descriptors (0x2C), extensions (0x21, label, data sub-blocks)
// and the trailer (0x3B). Supported rather than refused: the walk is as short as PNG's, and room logos
// may be GIFs. Kept: graphic control (0xF9: delays, transparency) and the application extensions that
// say how to loop or give an ICC profile. Dropped: comments (0xFE), plain text (0x01, drawn by no
// browser), XMP ("XMP DataXMP", whose "magic trailer" still parses as sub-blocks) and other applications.

const GIF_KEPT_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"]);

function gifColourTableSize(flags: number): number {
  return flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
}

function stripGif(bytes: Uint8Array): Stripped {
  const header = ascii(bytes, 0, 6);
  if (header !== "GIF87a" && header !== "GIF89a") fail("not a GIF file");
  let at = 13 + gifColourTableSize(byteAt(bytes, 10, "GIF"));
  const kept: Uint8Array[] = [bytes.subarray(0, at)];
  const removed = new Set<string>();
  let images = 0;
  /** The end of a run of data sub-blocks (size byte, data) closed by a zero size, starting at `from`. */
  const subBlocksEnd = (from: number): number => {
    let cursor = from;
    for (;;) {
      const size = byteAt(bytes, cursor, "GIF");
      cursor += 1 + size;
      if (size === 0) return cursor;
    }
  };
  for (;;) {
    const introducer = byteAt(bytes, at, "GIF");
    if (introducer === 0x3b) {
      if (images === 0) fail("the GIF file has no picture data");
      kept.push(bytes.subarray(at, at + 1));
      if (at + 1 < bytes.length) removed.add(TRAILER);
      break;
    }
    if (introducer === 0x2c) {
      const localTable = gifColourTableSize(byteAt(bytes, at + 9, "GIF"));
      const end = subBlocksEnd(at + 10 + localTable + 1); // + LZW minimum code size
      kept.push(bytes.subarray(at, end));
      images++;
      at = end;
      continue;
    }
    if (introducer !== 0x21) fail("the GIF file is damaged (unknown block)");
    const label = byteAt(bytes, at + 1, "GIF");
    const end = subBlocksEnd(at + 2);
    const application = label === 0xff && bytes[at + 2] === 11 ? ascii(bytes, at + 3, 11) : "";
    if (label === 0xf9 || GIF_KEPT_APPLICATIONS.has(application)) kept.push(bytes.subarray(at, end));
    else if (label === 0xfe) removed.add("comment");
    else if (label === 0x01) removed.add("plain text");
    else if (application === "XMP DataXMP") removed.add("XMP");
    else removed.add(label === 0xff ? "application data" : `extension 0x${label.toString(16)}`);
    at = end;
  }
  return { bytes: concat(kept), removed: [...removed] };
}
