/**
 * Links to an item's read-only share page. New links are short,
 * `/s/<code>` (a random code kept in D1, share-codes-repo.ts); the signed
 * links below, `/share/<room>/<item>/<sig>`, are still honoured for labels
 * printed before. The signed form:
 * where `sig` is an HMAC-SHA256 (first 128 bits, base64url) of the room and
 * item ids. Short on purpose: the link is what a printed QR label encodes,
 * and a shorter link makes a smaller, easier-to-scan code. A link lives as
 * long as its item; it does not expire, because labels outlive any expiry.
 * The key is FILE_LINK_SECRET, under its own purpose label so a share
 * signature can never stand in for a file link or the other way round.
 */
import { LiveError } from "../../protocol/errors";
import { base64url, constantTimeEqual } from "../accounts/tokens";
import { hmacSha256 } from "../hmac";

const PURPOSE = "stockroom/item-share/v1";
const SIGNATURE_BYTES = 16;

async function signature(secret: string, roomId: string, itemId: string): Promise<string> {
  const mac = await hmacSha256(`${PURPOSE}:${secret}`, `${roomId}/${itemId}`);
  return base64url(mac.slice(0, SIGNATURE_BYTES));
}

/** The share page's path for an item; 503 when the server has no link secret. */
export async function sharePath(env: Env, roomId: string, itemId: string): Promise<string> {
  if (!env.FILE_LINK_SECRET) throw new LiveError(503, "Shared links are not set up on this server");
  return `/share/${roomId}/${itemId}/${await signature(env.FILE_LINK_SECRET, roomId, itemId)}`;
}

/** True only for the signature made for exactly this room and item (compared in constant time). */
export async function shareSignatureValid(env: Env, roomId: string, itemId: string, given: string): Promise<boolean> {
  if (!env.FILE_LINK_SECRET || given.length > 64) return false;
  const expected = await signature(env.FILE_LINK_SECRET, roomId, itemId);
  return constantTimeEqual(expected, given);
}

/** The short share path labels encode (db/share-codes-repo.ts makes the code). */
export const shortSharePath = (code: string) => `/s/${code}`;
