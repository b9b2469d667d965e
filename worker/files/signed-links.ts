/**
 * Signed, expiring links to one version of one file (a JWT, HS256, with
 * `jose`): how a private file is shared outside the team, e.g. with a store.
 * The key is the FILE_LINK_SECRET secret. A link carries what serving it
 * needs (where the bytes are, their type, size and tag, the file's name),
 * so a download through one reads neither the file's record nor the room
 * (docs/architecture.md §6). A link a member asked for names them and their
 * room: it stops working the moment they leave it (one directory read, the
 * room left asleep); links the server makes (a share page's, the store's)
 * name nobody.
 */
import { jwtVerify, SignJWT } from "jose";
import * as v from "valibot";
import { LiveError } from "../../protocol/errors";
import { type StoredVersion, versionsOf } from "../db/room/files-repo";
import type { FileRow } from "../db/room/room-schema";

export const LINK_LIFETIME_SECONDS = 3600;

function key(env: Env): Uint8Array {
  if (!env.FILE_LINK_SECRET) throw new LiveError(503, "Shared links are not set up on this server");
  return new TextEncoder().encode(env.FILE_LINK_SECRET);
}

/** Who asked for a link: it serves while they are in the room. */
export interface LinkGrant {
  roomId: string;
  userId: string;
}

/** One version of one file, as a download serves it. */
export interface ServedVersion {
  fileId: string;
  collection: string;
  /** The file's own name (the download's name is made from it). */
  name: string;
  version: string;
  /** The R2 key is `<storagePath>/<version>`. */
  storagePath: string;
  stored: StoredVersion;
}

/** The version of this file record as served, or null when the file has no such version. */
export function servedVersion(file: FileRow, version: string): ServedVersion | null {
  const stored = versionsOf(file)[version];
  if (!stored) return null;
  return {
    fileId: file.id,
    collection: file.collection,
    name: file.name,
    version,
    storagePath: file.storagePath,
    stored,
  };
}

const claimsSchema = v.object({
  v: v.string(),
  c: v.string(),
  n: v.string(),
  p: v.string(),
  t: v.string(),
  s: v.number(),
  e: v.string(),
  x: v.string(),
  r: v.optional(v.string()),
  u: v.optional(v.string()),
});

export async function signFileLink(env: Env, served: ServedVersion, now: number, grant?: LinkGrant): Promise<string> {
  const { stored } = served;
  return new SignJWT({
    ...(grant ? { r: grant.roomId, u: grant.userId } : {}),
    v: served.version,
    c: served.collection,
    n: served.name,
    p: served.storagePath,
    t: stored.type,
    s: stored.size,
    e: stored.etag,
    x: stored.extension,
  })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(served.fileId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + LINK_LIFETIME_SECONDS)
    .sign(key(env));
}

/** What an unexpired link made for exactly this file and version serves; null for any other token. */
export async function linkedVersion(
  env: Env,
  token: string,
  fileId: string,
  version: string,
): Promise<(ServedVersion & { grant: LinkGrant | null }) | null> {
  if (!env.FILE_LINK_SECRET || token.length > 4000) return null;
  try {
    const { payload } = await jwtVerify(token, key(env), { algorithms: ["HS256"], subject: fileId });
    const claims = v.safeParse(claimsSchema, payload);
    if (!claims.success || claims.output.v !== version) return null;
    const { c, n, p, t, s, e, x, r, u } = claims.output;
    return {
      grant: r !== undefined && u !== undefined ? { roomId: r, userId: u } : null,
      fileId,
      collection: c,
      name: n,
      version,
      storagePath: p,
      stored: { type: t, size: s, etag: e, extension: x },
    };
  } catch {
    return null;
  }
}
