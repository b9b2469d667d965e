/**
 * Encryption at rest for store credentials (docs/product.md §5): AES-256-GCM with a key
 * derived by HKDF-SHA-256 from the STORE_SECRET_KEY Worker secret. Each value
 * gets its own random 12-byte IV and is stored as `v1.<iv>.<ciphertext>`
 * (standard base64); the version prefix lets a later key or scheme change
 * tell old values apart.
 *
 * A `context` string (e.g. the room id and the field's name) is bound in as
 * additional authenticated data, so a value copied into another row or
 * column does not decrypt.
 */
import { base64ToBytes, bytesToBase64 } from "../../protocol/ejson";
import { LiveError } from "../../protocol/errors";

const VERSION = "v1";
const IV_BYTES = 12;
/** HKDF `info`: keys derived from the same secret for other purposes never equal this one. */
const KEY_INFO = "stockroom/store-connections/aes-gcm/v1";

export const STORE_KEY_MISSING = "Store connections are not set up on this server (STORE_SECRET_KEY)";

/** Thrown when a stored value cannot be decrypted (key changed, value damaged). */
export class SealedValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SealedValueError";
  }
}

const encoder = new TextEncoder();
/** Derived keys by secret: HKDF once per isolate, not once per value. */
const keys = new Map<string, Promise<CryptoKey>>();

/** The server's key secret, or the 503 every store call answers without it. */
export function requireStoreKey(env: Env): string {
  const secret = env.STORE_SECRET_KEY;
  if (!secret) throw new LiveError(503, STORE_KEY_MISSING);
  return secret;
}

function deriveKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: encoder.encode(KEY_INFO) },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

export async function sealSecret(env: Env, plaintext: string, context: string): Promise<string> {
  const key = await deriveKey(requireStoreKey(env));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(plaintext),
  );
  return `${VERSION}.${bytesToBase64(iv)}.${bytesToBase64(new Uint8Array(ciphertext))}`;
}

export async function openSecret(env: Env, sealed: string, context: string): Promise<string> {
  const key = await deriveKey(requireStoreKey(env));
  const [version, iv, ciphertext, ...rest] = sealed.split(".");
  if (version !== VERSION || !iv || !ciphertext || rest.length > 0) {
    throw new SealedValueError(`unknown sealed value format "${version}"`);
  }
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: base64ToBytes(iv), additionalData: encoder.encode(context) },
      key,
      base64ToBytes(ciphertext),
    );
    return new TextDecoder().decode(plaintext);
  } catch (error) {
    // Wrong key (STORE_SECRET_KEY changed), another row's value, or damage: GCM's tag check fails.
    throw new SealedValueError(`sealed value does not open: ${String(error)}`);
  }
}
