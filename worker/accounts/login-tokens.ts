/**
 * Login tokens: issuing, resuming and removing them. Removing a token also
 * closes every live connection that used it, wherever it is: each login
 * records the object it happened on, and removal calls those objects.
 */
import { LOGIN_TOKEN_LIFETIME } from "../../protocol/constants";
import { LiveError } from "../../protocol/errors";
import {
  deleteLoginTokens,
  findLoginToken,
  insertLoginToken,
  otherTokenHashes,
  recordTokenConnection,
} from "../db/users-repo";
import type { MethodContext } from "../live/types";
import type { AccountsHost } from "./accounts-host";
import { hashToken, newToken } from "./tokens";

/** What `login`, `createUser`, `resetPassword`, ... return (Meteor's shape). */
export interface LoginResult {
  id: string;
  token: string;
  tokenExpires: Date;
}

export const LOGGED_OUT_BY_SERVER = "You've been logged out by the server. Please log in again.";
export const SESSION_EXPIRED = "Your session has expired. Please log in again.";

/** A new login token for `userId`, not yet stored (see issueLoginToken). */
export async function mintLoginToken(userId: string, createdAt: number): Promise<NewLoginToken> {
  const token = newToken();
  return {
    id: userId,
    token,
    tokenHash: await hashToken(token),
    createdAt,
    expiresAt: createdAt + LOGIN_TOKEN_LIFETIME,
  };
}

export interface NewLoginToken {
  id: string;
  token: string;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
}

export function loginResultOf(minted: NewLoginToken): LoginResult {
  return { id: minted.id, token: minted.token, tokenExpires: new Date(minted.expiresAt) };
}

export async function issueLoginToken(
  host: AccountsHost,
  userId: string,
  createdAt = host.now(),
): Promise<LoginResult & { tokenHash: string }> {
  const minted = await mintLoginToken(userId, createdAt);
  await insertLoginToken(host.db, minted.tokenHash, userId, minted.createdAt, minted.expiresAt);
  return { ...loginResultOf(minted), tokenHash: minted.tokenHash };
}

/** Checks a resume token; throws the client-facing 403 when it cannot be used. */
export async function resumeToken(host: AccountsHost, token: string) {
  const tokenHash = await hashToken(token);
  const row = await findLoginToken(host.db, tokenHash);
  if (!row) throw new LiveError(403, LOGGED_OUT_BY_SERVER);
  if (row.expiresAt <= host.now()) {
    // Only the row goes here; connections still using it are closed by the
    // expired-token clean-up, not in the middle of this caller's call.
    await deleteLoginTokens(host.db, [tokenHash]);
    throw new LiveError(403, SESSION_EXPIRED);
  }
  return { ...row, token };
}

/**
 * Tokens this object has recorded since it woke, per object (its host). A
 * recorded place goes only with its token, so a token seen here again (a
 * second tab, a reconnect, a whole team on one shared login) needs no D1
 * write; after a restart the first login writes it again (idempotent).
 */
const recordedHere = new WeakMap<AccountsHost, Set<string>>();
/** Past this many, the set starts over rather than grow without end (writes are idempotent). */
const MAX_RECORDED_TOKENS = 10_000;

/** Notes that this object now has a connection using the token. */
export async function noteTokenInUse(host: AccountsHost, tokenHash: string): Promise<void> {
  let recorded = recordedHere.get(host);
  if (recorded?.has(tokenHash)) return;
  await recordTokenConnection(host.db, tokenHash, host.object.kind, host.object.name);
  if (!recorded || recorded.size >= MAX_RECORDED_TOKENS) {
    recorded = new Set();
    recordedHere.set(host, recorded);
  }
  recorded.add(tokenHash);
}

/** Deletes tokens and closes the live connections that used them. */
export async function removeLoginTokens(host: AccountsHost, tokenHashes: string[]): Promise<void> {
  const places = await deleteLoginTokens(host.db, tokenHashes);
  const objects = new Map<string, { kind: string; name: string }>();
  for (const place of places)
    objects.set(`${place.objectKind}:${place.objectName}`, { kind: place.objectKind, name: place.objectName });
  await Promise.all(
    [...objects.values()].map(async ({ kind, name }) => {
      if (kind === host.object.kind && name === host.object.name) return host.closeTokenConnections(tokenHashes);
      const namespace = kind === "room" ? host.env.ROOM : host.env.HOME;
      try {
        return await namespace.getByName(name).closeTokenConnections(tokenHashes);
      } catch (error) {
        // The token is already gone, so a connection we could not reach
        // fails its next resume; log and go on.
        console.error(`accounts: could not close connections on ${kind} ${name}`, error);
        return 0;
      }
    }),
  );
}

export async function removeOtherLoginTokens(host: AccountsHost, userId: string, keep: string | null): Promise<void> {
  await removeLoginTokens(host, await otherTokenHashes(host.db, userId, keep));
}

/** Logs the calling connection in with a fresh token and returns Meteor's login result. */
export async function logInWithNewToken(ctx: MethodContext<AccountsHost>, userId: string): Promise<LoginResult> {
  const { tokenHash, ...result } = await issueLoginToken(ctx.host, userId);
  await noteTokenInUse(ctx.host, tokenHash);
  await ctx.setUserId(userId, tokenHash);
  return result;
}

/**
 * Logs the calling connection in with a fresh token, then removes every
 * other token of the user (closing the connections that used them). The
 * order matters: this connection is already on its new token when the old
 * ones go, so it is not closed before it hears its answer.
 */
export async function logInEndingOtherSessions(ctx: MethodContext<AccountsHost>, userId: string): Promise<LoginResult> {
  const { tokenHash, ...result } = await issueLoginToken(ctx.host, userId);
  await noteTokenInUse(ctx.host, tokenHash);
  await ctx.setUserId(userId, tokenHash);
  await removeOtherLoginTokens(ctx.host, userId, tokenHash);
  return result;
}
