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
 *
 * A read is confirmed before it is believed (docs/stock.md): ZXing stops at
 * the first row that decodes, and a slightly blurred EAN-13 can decode on
 * one row as another valid code (check digit and all). So every row looked
 * at is decoded on its own, and a code is answered only when at least
 * three rows read it and more rows read it than any other code; a frame
 * whose rows disagree reads as nothing, and the next frame tries again.
 * (Measured on 2,800 generated frames, tests/support/barcode-frames.ts:
 * the first row alone read 3 as another valid code; three agreeing rows,
 * none, reading 9 % fewer frames.)
 */
import BarcodeFormat from "@zxing/library/esm/core/BarcodeFormat";
import BinaryBitmap from "@zxing/library/esm/core/BinaryBitmap";
import BitArray from "@zxing/library/esm/core/common/BitArray";
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

/** Rows looked at, from the middle out, 1/32 of the frame apart (ZXing's own pattern). */
const ROWS = 25;
/** Rows that must read the same code for it to be believed. */
const AGREEING_ROWS = 3;

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
  const source = upright ? new RGBLuminanceSource(luma, height, width) : new RGBLuminanceSource(luma, width, height);
  return confirmedRead(new BinaryBitmap(new HybridBinarizer(source)));
}

/** The code most rows of the bitmap read, when at least AGREEING_ROWS do and no other code as many; else null. */
function confirmedRead(bitmap: BinaryBitmap): string | null {
  reader ??= new MultiFormatOneDReader(HINTS);
  const rows = bitmap.getHeight();
  const step = Math.max(1, rows >> 5);
  const middle = Math.trunc(rows / 2);
  const votes = new Map<string, number>();
  let row = new BitArray(bitmap.getWidth());
  for (let n = 0; n < ROWS; n++) {
    const away = Math.trunc((n + 1) / 2);
    const y = middle + step * (n % 2 === 0 ? away : -away);
    if (y < 0 || y >= rows) break;
    try {
      row = bitmap.getBlackRow(y, row);
    } catch {
      continue;
    }
    const text = readRow(reader, y, row);
    if (text) votes.set(text, (votes.get(text) ?? 0) + 1);
  }
  const [best, second] = [...votes].sort((a, b) => b[1] - a[1]);
  if (!best || best[1] < AGREEING_ROWS || (second && second[1] >= best[1])) return null;
  return best[0];
}

/** One row read either way round (a barcode upside down reads too), or null. */
function readRow(oneD: MultiFormatOneDReader, y: number, row: BitArray): string | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt === 1) row.reverse();
    try {
      return oneD.decodeRow(y, row, HINTS).getText() || null;
    } catch {
      // ZXing throws when a row holds no code, as most do.
    } finally {
      oneD.reset();
    }
  }
  return null;
}
