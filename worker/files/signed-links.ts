/**
 * Signed, expiring links to one version of one file (a JWT, HS256, with
 * `jose`): how a private file is shared outside the team, e.g. with a store.
 * The key is the FILE_LINK_SECRET secret.
 */
import { jwtVerify, SignJWT } from "jose";
import { LiveError } from "../../protocol/errors";

export const LINK_LIFETIME_SECONDS = 3600;

function key(env: Env): Uint8Array {
  if (!env.FILE_LINK_SECRET) throw new LiveError(503, "Shared links are not set up on this server");
  return new TextEncoder().encode(env.FILE_LINK_SECRET);
}

export async function signFileLink(env: Env, fileId: string, version: string, now: number): Promise<string> {
  return new SignJWT({ v: version })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(fileId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + LINK_LIFETIME_SECONDS)
    .sign(key(env));
}

/** True only for an unexpired link made for exactly this file and version. */
export async function linkAllows(env: Env, token: string, fileId: string, version: string): Promise<boolean> {
  if (!env.FILE_LINK_SECRET || token.length > 2000) return false;
  try {
    const { payload } = await jwtVerify(token, key(env), { algorithms: ["HS256"], subject: fileId });
    return payload.v === version;
  } catch {
    return false;
  }
}
