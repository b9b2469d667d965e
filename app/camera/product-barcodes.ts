/**
 * Reads a product barcode — EAN-13, UPC-A, EAN-8 or Code 128, the kinds an
 * item's barcode may be (protocol/barcodes.ts) — in one camera frame's
 * pixels, with ZXing's 1D readers. Pure and synchronous: the frames worker
 * (code-frames.worker.ts) runs it after jsQR found no QR label.
 *
 * The work is bounded: ZXing looks along 25 rows around the middle of the
 * frame (not every row: that is its "try harder" mode), each both ways, so a
 * barcode held level anywhere near the middle reads, upside down too. A
 * barcode held upright (a phone in portrait over a product lying level) is
 * read by the same pass over the frame turned a quarter (`upright`), which
 * the frames worker asks for in every other frame with nothing level in it.
 * ZXing's package index drags in its whole 2D and browser layers (450 KB),
 * so only the modules used are imported, each by its path.
 */
import BarcodeFormat from "@zxing/library/esm/core/BarcodeFormat";
import BinaryBitmap from "@zxing/library/esm/core/BinaryBitmap";
import HybridBinarizer from "@zxing/library/esm/core/common/HybridBinarizer";
import DecodeHintType from "@zxing/library/esm/core/DecodeHintType";
import MultiFormatOneDReader from "@zxing/library/esm/core/oned/MultiFormatOneDReader";
import RGBLuminanceSource from "@zxing/library/esm/core/RGBLuminanceSource";

/**
 * The kinds read. A UPC-A comes back as its 12 digits (ZXing's EAN-13
 * reader with UPC-A allowed); the server's lookup finds either form.
 */
const HINTS = new Map<DecodeHintType, unknown>([
  [
    DecodeHintType.POSSIBLE_FORMATS,
    [BarcodeFormat.EAN_13, BarcodeFormat.UPC_A, BarcodeFormat.EAN_8, BarcodeFormat.CODE_128],
  ],
]);

let reader: MultiFormatOneDReader | null = null;

/**
 * The text of the product barcode in an RGBA frame (`width` × `height`,
 * 4 bytes a pixel, as a canvas gives it), or null when none reads. With
 * `upright`, the barcode looked for has its bars lying across the frame.
 */
export function readProductBarcode(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  { upright = false }: { upright?: boolean } = {},
): string | null {
  if (width <= 0 || height <= 0 || pixels.length < width * height * 4) return null;
  // Luma (BT.601, in integers): what ZXing's luminance source holds, one byte a pixel. Upright, it is
  // laid down column by column, so the frame's columns are the rows ZXing reads (a mirror image reads too:
  // each row is read both ways).
  const luma = new Uint8ClampedArray(width * height);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p += 4) {
      const value = (77 * (pixels[p] ?? 0) + 150 * (pixels[p + 1] ?? 0) + 29 * (pixels[p + 2] ?? 0)) >> 8;
      luma[upright ? x * height + y : y * width + x] = value;
    }
  }
  reader ??= new MultiFormatOneDReader(HINTS);
  try {
    const source = upright ? new RGBLuminanceSource(luma, height, width) : new RGBLuminanceSource(luma, width, height);
    const bitmap = new BinaryBitmap(new HybridBinarizer(source));
    return reader.decode(bitmap, HINTS).getText() || null;
  } catch {
    return null; // ZXing throws when it finds nothing, as on most frames
  } finally {
    reader.reset();
  }
}
