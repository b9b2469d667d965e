/**
 * QR capacity (docs/protocol.md §5): type 4 first, growing only as the data needs, up
 * to type 40; one byte over type 40's capacity at the level is
 * `Too long data`. Data counts as its UTF-8 bytes.
 */
import { describe, expect, it } from "vitest";
import { encodeQr, toUtf8ByteString } from "../../app/qr/encode";
import { layoutQr } from "../../app/qr/geometry";
import type { ErrorCorrectionLevel } from "../../app/qr/options";

/** Byte-mode capacities from ISO/IEC 18004 Table 7. */
const BYTE_CAPACITY: Record<ErrorCorrectionLevel, Record<number, number>> = {
  L: { 4: 78, 5: 106, 9: 230, 10: 271, 20: 858, 40: 2953 },
  M: { 4: 62, 5: 84, 9: 180, 10: 213, 20: 666, 40: 2331 },
  Q: { 4: 46, 5: 60, 9: 130, 10: 151, 20: 482, 40: 1663 },
  H: { 4: 34, 5: 44, 9: 98, 10: 119, 20: 382, 40: 1273 },
};
const LEVELS = Object.keys(BYTE_CAPACITY) as ErrorCorrectionLevel[];

function tooLong(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected Too long data");
}

describe.each(LEVELS)("level %s", (level) => {
  const max = BYTE_CAPACITY[level][40]!;

  it(`takes ${max} bytes in a type-40 code and rejects ${max + 1} with "Too long data"`, () => {
    const full = layoutQr("x".repeat(max), { level });
    expect(full.typeNumber).toBe(40);
    expect(full.modules).toBe(177);
    expect(full.level).toBe(level);

    const error = tooLong(() => layoutQr("x".repeat(max + 1), { level }));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("Too long data");
  });

  it("starts at type 4 and grows to the smallest type that holds the data", () => {
    expect(encodeQr("", level).typeNumber).toBe(4);
    expect(encodeQr("a", level).typeNumber).toBe(4);
    const capacity = BYTE_CAPACITY[level];
    for (const type of [4, 5, 9, 10, 20]) {
      expect(encodeQr("a".repeat(capacity[type]!), level).typeNumber).toBe(type);
      // One byte more needs the next size up, never a jump past it.
      expect(encodeQr("a".repeat(capacity[type]! + 1), level).typeNumber).toBe(type + 1);
    }
  });
});

describe("UTF-8", () => {
  it("counts the data's UTF-8 bytes, not its characters", () => {
    // "é" is 2 bytes: 1,165 of them and one ASCII byte fill level M's 2,331 bytes exactly.
    expect(layoutQr(`${"é".repeat(1165)}a`, { level: "M" }).typeNumber).toBe(40);
    expect(tooLong(() => layoutQr("é".repeat(1166), { level: "M" })).message).toBe("Too long data");
    // 🐈 is 4 bytes (two UTF-16 units): 582 of them are 2,328 bytes, plus 3 = 2,331.
    expect(layoutQr(`${"🐈".repeat(582)}abc`, { level: "M" }).typeNumber).toBe(40);
    expect(tooLong(() => layoutQr(`${"🐈".repeat(582)}abcd`, { level: "M" })).message).toBe("Too long data");
    // At type 4/M (62 bytes), 31 two-byte characters fit and 32 do not.
    expect(encodeQr("é".repeat(31), "M").typeNumber).toBe(4);
    expect(encodeQr("é".repeat(32), "M").typeNumber).toBe(5);
  });

  it("hands qrcode-generator exactly the UTF-8 bytes", () => {
    const text = "Café — 東京 🐈";
    const byteString = toUtf8ByteString(text);
    const bytes = Uint8Array.from(byteString, (c) => c.charCodeAt(0));
    expect(bytes).toEqual(new TextEncoder().encode(text));
    expect(new TextDecoder().decode(bytes)).toBe(text);
  });
});

describe("a centre logo", () => {
  it("raises the level to H, so data over H's capacity is too long even at a lower requested level", () => {
    const logo = { src: "data:image/png;base64,iVBORw0KGgo=" };
    expect(layoutQr("x".repeat(1273), { level: "L", logo }).level).toBe("H");
    expect(tooLong(() => layoutQr("x".repeat(1274), { level: "L", logo })).message).toBe("Too long data");
    expect(layoutQr("x".repeat(1274), { level: "L" }).level).toBe("L");
  });
});
