/** Imported keys by secret: a label sheet signs hundreds of links with one key, imported once. */
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA256 of `data` (text or raw bytes) under a text key: signed links, webhook checks, Facebook's proof. */
export async function hmacSha256(key: string, data: string | ArrayBuffer): Promise<Uint8Array> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(key), bytes));
}
