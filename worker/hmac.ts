/** HMAC-SHA256 of `data` (text or raw bytes) under a text key: signed links, webhook checks, Facebook's proof. */
export async function hmacSha256(key: string, data: string | ArrayBuffer): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, bytes));
}
