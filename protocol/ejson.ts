/**
 * EJSON: JSON plus the two extra value types DDP carries on the wire —
 * dates as `{"$date": ms}` and bytes as `{"$binary": base64}`. An ordinary
 * object whose only key happens to look like one of those is wrapped in
 * `{"$escape": ...}` so it round-trips unchanged (Meteor does the same).
 *
 * Runtime-free: uses only `btoa`/`atob`, which browsers, workerd and Node
 * all provide.
 */

export type EJSONValue =
  | null
  | boolean
  | number
  | string
  | Date
  | Uint8Array
  | EJSONValue[]
  | { [key: string]: EJSONValue };

const RESERVED_KEYS = new Set(["$date", "$binary", "$escape", "$InfNaN"]);

/**
 * Whether a plain object looks like one of EJSON's own forms and must be
 * escaped, exactly as Meteor decides it: one of the one-key forms, or the
 * two keys of a custom type (`$type` and `$value`), counted on the object as
 * given (a key whose value is undefined counts).
 */
function looksLikeEJSON(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  if (keys.length === 1) return RESERVED_KEYS.has(keys[0] as string);
  return keys.length === 2 && Object.hasOwn(value, "$type") && Object.hasOwn(value, "$value");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Sets an own key. `out["__proto__"] = v` would instead replace the copy's
 * prototype (and drop the key), so a key named `__proto__` from JSON text
 * stays a plain data field that validators can see and refuse.
 */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Stands in for bytes: by default their base64 text; a binary frame
 * (protocol/binary-frame.ts) puts an index to bytes sent beside the text.
 */
export type BinaryEncoder = (bytes: Uint8Array) => unknown;
/** Bytes for a `$binary` value that is not base64 text, or undefined if it names none. */
export type BinaryDecoder = (inner: unknown) => Uint8Array | undefined;

/** Converts a value to its JSON-compatible EJSON form. */
export function toJSONValue(value: unknown, binary: BinaryEncoder = bytesToBase64): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return { $date: value.getTime() };
  if (value instanceof Uint8Array) return { $binary: binary(value) };
  if (typeof value === "number" && !Number.isFinite(value)) {
    return { $InfNaN: Number.isNaN(value) ? 0 : value > 0 ? 1 : -1 };
  }
  if (Array.isArray(value)) return value.map((inner) => toJSONValue(inner, binary));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner !== undefined) setOwn(out, key, toJSONValue(inner, binary));
    }
    return looksLikeEJSON(value) ? { $escape: out } : out;
  }
  return value;
}

/** Converts a JSON-compatible EJSON form back to a value. */
export function fromJSONValue(value: unknown, binary?: BinaryDecoder): unknown {
  if (Array.isArray(value)) return value.map((inner) => fromJSONValue(inner, binary));
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const key = keys[0];
    const inner = value[key as string];
    // As Meteor reads them: whatever the inner value, `$date` is a date and `$InfNaN` a sign.
    if (key === "$date") return new Date(inner as number);
    if (key === "$binary" && typeof inner === "string") return base64ToBytes(inner);
    if (key === "$binary" && binary) {
      const bytes = binary(inner);
      if (bytes) return bytes;
    }
    if (key === "$InfNaN") return (inner as number) / 0;
    if (key === "$escape" && isPlainObject(inner)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(inner)) setOwn(out, k, fromJSONValue(v, binary));
      return out;
    }
  }
  // A custom type (`EJSON.addType` in Meteor): none is defined here, and Meteor refuses one it does not know.
  if (keys.length === 2 && Object.hasOwn(value, "$type") && Object.hasOwn(value, "$value")) {
    throw new Error(`Custom EJSON type ${String(value.$type)} is not defined`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) setOwn(out, key, fromJSONValue(inner, binary));
  return out;
}

export function stringify(value: unknown): string {
  return JSON.stringify(toJSONValue(value));
}

/** Throws a SyntaxError on text that is not JSON. */
export function parse(text: string): unknown {
  return fromJSONValue(JSON.parse(text));
}

/**
 * Deep structural equality over EJSON values. Key order is ignored unless
 * asked for, as Meteor's `EJSON.equals(a, b, {keyOrderSensitive})`: Mongo
 * compares sub-documents key by key in order ($addToSet, $pull).
 */
export function equals(a: unknown, b: unknown, options: { keyOrderSensitive?: boolean } = {}): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!(Array.isArray(a) && Array.isArray(b)) || a.length !== b.length) return false;
    return a.every((item, i) => equals(item, b[i], options));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return false;
    if (options.keyOrderSensitive && keysA.some((key, i) => key !== keysB[i])) return false;
    return keysA.every((key) => Object.hasOwn(b, key) && equals(a[key], b[key], options));
  }
  return false;
}

/** Deep copy, so stored documents are never shared with callers. */
export function clone<T>(value: T): T {
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Uint8Array) return new Uint8Array(value) as T;
  if (Array.isArray(value)) return value.map(clone) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) setOwn(out, key, clone(inner));
    return out as T;
  }
  return value;
}
