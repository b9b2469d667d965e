/**
 * Binary WebSocket frames: a DDP message whose EJSON values include bytes,
 * sent without base64. Measured faster than `{"$binary": base64}` text for
 * file chunks (bench/files.bench.mjs), so the client sends any message that
 * carries bytes this way; the server accepts both forms.
 *
 * Layout: a 4-byte big-endian header length, the header as UTF-8 JSON
 * `[message, [length₀, length₁, …]]`, then the byte values back to back. In
 * the message each byte value is `{"$binary": i}` — a number where EJSON
 * text has base64 — naming the i-th block. An ordinary object shaped like
 * that is escaped by EJSON as always, so it cannot be mistaken for one.
 */
import { fromJSONValue, toJSONValue } from "./ejson";

const HEADER_LENGTH_BYTES = 4;
const encoder = new TextEncoder();
// ignoreBOM spelled out (its default): workerd's types require it.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export class BinaryFrameError extends Error {}

/**
 * One client message as one frame: JSON text, or a binary frame when it
 * carries bytes — found in the same single pass that encodes it.
 */
export function encodeFrame(message: unknown): string | Uint8Array<ArrayBuffer> {
  const blocks: Uint8Array[] = [];
  const json = toJSONValue(message, (bytes) => blocks.push(bytes) - 1);
  return blocks.length === 0 ? JSON.stringify(json) : frameOf(json, blocks);
}

/** Always a binary frame, bytes or not (tests and benchmarks use it to pick the form). */
export function encodeBinaryFrame(message: unknown): Uint8Array<ArrayBuffer> {
  const blocks: Uint8Array[] = [];
  return frameOf(
    toJSONValue(message, (bytes) => blocks.push(bytes) - 1),
    blocks,
  );
}

function frameOf(json: unknown, blocks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const header = encoder.encode(JSON.stringify([json, blocks.map((block) => block.byteLength)]));
  let size = HEADER_LENGTH_BYTES + header.byteLength;
  for (const block of blocks) size += block.byteLength;
  const frame = new Uint8Array(size);
  new DataView(frame.buffer).setUint32(0, header.byteLength);
  frame.set(header, HEADER_LENGTH_BYTES);
  let offset = HEADER_LENGTH_BYTES + header.byteLength;
  for (const block of blocks) {
    frame.set(block, offset);
    offset += block.byteLength;
  }
  return frame;
}

/** The message a binary frame carries; throws BinaryFrameError on anything malformed. */
export function decodeBinaryFrame(data: ArrayBuffer | ArrayBufferView): unknown {
  const frame =
    data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (frame.byteLength < HEADER_LENGTH_BYTES) throw new BinaryFrameError("frame too short");
  const headerLength = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  const bodyStart = HEADER_LENGTH_BYTES + headerLength;
  if (bodyStart > frame.byteLength) throw new BinaryFrameError("header longer than frame");
  let header: unknown;
  try {
    header = JSON.parse(decoder.decode(frame.subarray(HEADER_LENGTH_BYTES, bodyStart)));
  } catch {
    throw new BinaryFrameError("header is not JSON");
  }
  if (!Array.isArray(header) || header.length !== 2 || !Array.isArray(header[1])) {
    throw new BinaryFrameError("header is not [message, lengths]");
  }
  const blocks: Uint8Array[] = [];
  let offset = bodyStart;
  for (const length of header[1] as unknown[]) {
    if (!Number.isSafeInteger(length) || (length as number) < 0 || offset + (length as number) > frame.byteLength) {
      throw new BinaryFrameError("block lengths do not match the frame");
    }
    blocks.push(frame.subarray(offset, offset + (length as number)));
    offset += length as number;
  }
  if (offset !== frame.byteLength) throw new BinaryFrameError("bytes after the last block");
  const used = new Set<number>();
  const message = fromJSONValue(header[0], (inner) => {
    if (typeof inner !== "number" || !Number.isInteger(inner) || !blocks[inner]) {
      throw new BinaryFrameError("a $binary value names no block");
    }
    used.add(inner);
    return blocks[inner];
  });
  if (used.size !== blocks.length) throw new BinaryFrameError("a block is not used");
  return message;
}
