import { ERROR_TEXT, LiveError } from "../../protocol/errors";

/** What the browser sends instead of a password (docs/protocol.md §2): its SHA-256 digest. */
export async function digestPassword(password: string): Promise<{ digest: string; algorithm: "sha-256" }> {
  if (typeof password !== "string") throw new LiveError(400, "Password must be a string");
  if (password === "") throw new LiveError(400, ERROR_TEXT.PASSWORD_EMPTY);
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(password)));
  return { digest: [...bytes].map((b) => b.toString(16).padStart(2, "0")).join(""), algorithm: "sha-256" };
}
