import { describe, expect, it } from "vitest";
import { decodeBinaryFrame, encodeBinaryFrame, encodeFrame } from "../../protocol/binary-frame";
import { parseClientMessage } from "../../protocol/ddp";
import { stringify } from "../../protocol/ejson";

const chunk = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) & 0xff);

function frameOf(header: unknown, ...blocks: Uint8Array[]): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const body = blocks.reduce((n, b) => n + b.byteLength, 0);
  const frame = new Uint8Array(4 + json.byteLength + body);
  new DataView(frame.buffer).setUint32(0, json.byteLength);
  frame.set(json, 4);
  let offset = 4 + json.byteLength;
  for (const block of blocks) {
    frame.set(block, offset);
    offset += block.byteLength;
  }
  return frame;
}

describe("binary frames", () => {
  it("carry a method call with bytes and give back the same message", () => {
    const message = {
      msg: "method",
      id: "7",
      method: "files.write",
      params: ["up-1", 3, chunk, { when: new Date(5), nested: [new Uint8Array([1, 2])] }],
    };
    const frame = encodeBinaryFrame(message);
    expect(decodeBinaryFrame(frame)).toEqual(message);
    expect(parseClientMessage(frame)).toEqual({ kind: "message", message });
    // The bytes are not base64'd: the frame is barely larger than the chunk,
    // where EJSON text grows it by a third.
    expect(frame.byteLength).toBeLessThan(chunk.byteLength + 200);
    expect(stringify(message).length).toBeGreaterThan(chunk.byteLength * 1.3);
  });

  it("keep ordinary objects shaped like a byte reference as they were", () => {
    const message = { msg: "method", id: "1", method: "m", params: [{ $binary: 0 }, new Uint8Array([9])] };
    expect(decodeBinaryFrame(encodeBinaryFrame(message))).toEqual(message);
  });

  it("are only used when a message holds bytes; others stay the same JSON text as before", () => {
    const plain = { msg: "method", id: "1", method: "m", params: [1, "a", { d: new Date(0) }] };
    expect(encodeFrame(plain)).toBe(stringify(plain));
    const deep = { msg: "method", id: "2", method: "m", params: [[{ deep: new Uint8Array(1) }]] };
    const frame = encodeFrame(deep);
    expect(typeof frame).not.toBe("string");
    expect(decodeBinaryFrame(frame as Uint8Array)).toEqual(deep);
  });

  it("that are malformed are a parse error, never a crash", () => {
    const ok = [{ msg: "method", id: "1", method: "m", params: [{ $binary: 0 }] }, [2]];
    const bad: Uint8Array[] = [
      new Uint8Array([0, 0]),
      frameOf(ok, new Uint8Array(5)).subarray(0, 3),
      (() => {
        const f = frameOf(ok, new Uint8Array(2));
        new DataView(f.buffer).setUint32(0, 1_000_000);
        return f;
      })(),
      frameOf(ok, new Uint8Array(1)),
      frameOf(ok, new Uint8Array(3)),
      frameOf([ok[0], [2, 1]], new Uint8Array(3)),
      frameOf([{ msg: "method", id: "1", method: "m", params: [{ $binary: 4 }] }, [2]], new Uint8Array(2)),
      frameOf([{ msg: "method", id: "1", method: "m", params: [{ $binary: "x" }] }, [-1]]),
      frameOf({ msg: "method" }),
      Uint8Array.from([0, 0, 0, 2, 0xff, 0xfe]),
    ];
    for (const frame of bad) {
      expect(parseClientMessage(frame)).toMatchObject({ kind: "error", reason: "Parse error" });
    }
  });
});
