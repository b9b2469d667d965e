/**
 * Data → QR module matrix, through `qrcode-generator`. Type 4 first, then
 * the smallest type that holds the data, up to 40 (docs/protocol.md §5); beyond that
 * `Too long data`.
 */
import qrcode from "qrcode-generator";
import { type ErrorCorrectionLevel, INITIAL_TYPE_NUMBER, TOO_LONG_DATA } from "./options";

export interface QrMatrix {
  /** Modules per side: 4 × typeNumber + 17. */
  size: number;
  typeNumber: number;
  level: ErrorCorrectionLevel;
  isDark(row: number, col: number): boolean;
}

/**
 * The data as a "binary string" of its UTF-8 bytes, one char per byte.
 * qrcode-generator's default `stringToBytes` keeps each char's low byte, so
 * this gives exactly the UTF-8 bytes in byte mode without swapping its
 * global `stringToBytes` hook (which every other user of the library shares).
 */
export function toUtf8ByteString(data: string): string {
  const bytes = new TextEncoder().encode(data);
  let out = "";
  // In slices: String.fromCharCode(...bytes) overflows the stack on long data.
  for (let i = 0; i < bytes.length; i += 4096) out += String.fromCharCode(...bytes.subarray(i, i + 4096));
  return out;
}

/** The library throws a bare string (not an Error) when the data does not fit the type. */
const isOverflow = (error: unknown) => typeof error === "string" && error.startsWith("code length overflow");

type TypeNumber = Parameters<typeof qrcode>[0];

function tryMake(typeNumber: TypeNumber, level: ErrorCorrectionLevel, bytes: string) {
  const code = qrcode(typeNumber, level);
  code.addData(bytes, "Byte");
  try {
    code.make();
    return code;
  } catch (error) {
    if (isOverflow(error)) return null;
    throw error;
  }
}

/**
 * Encodes `data` (any Unicode text, as UTF-8 bytes in byte mode).
 * @throws Error("Too long data") when it exceeds a type-40 code at `level`.
 * @example encodeQr("https://stockroom.example/s/abc", "M").size // 33 (type 4)
 */
export function encodeQr(data: string, level: ErrorCorrectionLevel): QrMatrix {
  const bytes = toUtf8ByteString(data);
  // Type 0 is the library's "smallest type that fits", searched from 1; it is
  // only asked once type 4 is too small, so the answer is above 4. An
  // overflow makes the library stop early, so the failed try costs little.
  const code = tryMake(INITIAL_TYPE_NUMBER as TypeNumber, level, bytes) ?? tryMake(0, level, bytes);
  if (!code) throw new Error(TOO_LONG_DATA);
  const size = code.getModuleCount();
  return {
    size,
    typeNumber: (size - 17) / 4,
    level,
    isDark: (row, col) => code.isDark(row, col),
  };
}
