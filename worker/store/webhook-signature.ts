/**
 * Shopify signs each webhook with HMAC-SHA256 of the raw body, keyed with the
 * app's client secret, sent base64 in `X-Shopify-Hmac-Sha256`. Checked on
 * the bytes as received (re-serialised JSON would not match), in constant time.
 */
import { bytesToBase64 } from "../../protocol/ejson";
import { constantTimeEqual } from "../accounts/tokens";

export async function shopifySignatureValid(secret: string, rawBody: ArrayBuffer, header: string): Promise<boolean> {
  if (!header || header.length > 100) return false;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = bytesToBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, rawBody)));
  return constantTimeEqual(mac, header);
}
