/**
 * Encodes a data message for one connection, once per change for all of
 * them: a `fields` object shared by every merge box (see subscription.ts)
 * belongs to one document's one change, so its encoding is kept beside it
 * and reused by every subscriber of that change. With hundreds of
 * subscribers this turns hundreds of identical JSON encodings into one.
 */
import { type DataMessage, encode } from "../../protocol/ddp";

const encoded = new WeakMap<object, string>();

export function encodeData(message: DataMessage): string {
  const fields = message.msg === "removed" ? undefined : message.fields;
  if (!fields || (message.msg === "changed" && message.cleared)) return encode(message);
  // The same fields may go out as `added` (a new document) and as `changed`: the kind is checked.
  const cached = encoded.get(fields);
  if (cached?.startsWith(`{"msg":"${message.msg}"`)) return cached;
  const text = encode(message);
  encoded.set(fields, text);
  return text;
}
