/**
 * Shopify signs each webhook with HMAC-SHA256 of the raw body, keyed with the
 * app's client secret, sent base64 in `X-Shopify-Hmac-Sha256`. Checked on
 * the bytes as received (re-serialised JSON would not match), in constant time.
 */
import { bytesToBase64 } from "../../protocol/ejson";
import { constantTimeEqual } from "../accounts/tokens";
import { hmacSha256 } from "../hmac";

export async function shopifySignatureValid(secret: string, rawBody: ArrayBuffer, header: string): Promise<boolean> {
  if (!header || header.length > 100) return false;
  const mac = bytesToBase64(await hmacSha256(secret, rawBody));
  return constantTimeEqual(mac, header);
}
