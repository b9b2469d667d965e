/** Steps the interop tests share, whichever third-party client they drive. */
import { createHash } from "node:crypto";

/**
 * Waits until `read()` gives a value `ok` accepts, polling: a third-party
 * client updates its own state in its own time. The timeout is generous: a
 * slow, loaded machine must still pass.
 */
export async function eventually<T>(read: () => T, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Password fields as Meteor's clients send them: the SHA-256 digest, never the password. */
export function passwordDigest(password: string) {
  return { digest: createHash("sha256").update(password).digest("hex"), algorithm: "sha-256" };
}
