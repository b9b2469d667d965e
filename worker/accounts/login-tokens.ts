/**
 * Login tokens: issuing, resuming and removing them. Removing a token also
 * closes every live connection that used it, wherever it is: each login
 * records the object it happened on, and removal calls those objects.
 */

import type { LoginResult } from "../../protocol/account-args";
import { LOGIN_TOKEN_LIFETIME } from "../../protocol/constants";
import { LiveError } from "../../protocol/errors";
import {
  deleteLoginTokens,
  type findLoginToken,
  findLoginTokenRecordingPlace,
  insertLoginToken,
  otherTokenHashes,
  recordTokenConnection,
  validTokenHashes,
} from "../db/directory/users-repo";
import type { MethodContext } from "../live/types";
import type { AccountsHost } from "./accounts-host";
import { callLiveObjects } from "./live-objects";
import { hashToken, newToken } from "./tokens";

/** What `login`, `createUser`, `resetPassword`, ... return (Meteor's shape). */

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

type LoginTokenRow = NonNullable<Awaited<ReturnType<typeof findLoginToken>>>;

/**
 * What this object knows of login tokens since it woke, per object (its host):
 * - `recorded`: tokens whose place (this object) is in D1 — a recorded place
 *   goes only with its token, so a token seen here again needs no D1 write;
 * - `resumable`: tokens checked here, so a reconnect, a second tab or a team
 *   on one shared login resumes without any D1 read. Only a read made in the
 *   same transaction that recorded the place is kept: whoever removes the
 *   token afterwards finds the place and tells this object, which forgets it
 *   (`forgetLoginTokens`). A removal that reaches this object while such a
 *   read is under way keeps that read from being kept (`removals`).
 * A check is kept for RESUMABLE_MS at most, so should a removal fail to
 * reach this object (the call is logged), the token stops working here soon
 * all the same. After a restart the first login reads and records again.
 */
interface TokensHere {
  recorded: Set<string>;
  resumable: Map<string, { row: LoginTokenRow; checkedAt: number }>;
  removals: number;
  /** When the tokens of this object's connections were last checked (recheckTokensInUse). */
  recheckedAt: number;
}
/**
 * A minute: short enough that a token whose removal could not reach this
 * object stops working here within a minute, long enough that a team's
 * reconnects and tabs cost one directory read a minute, off the call path.
 */
const RESUMABLE_MS = 60_000;
const tokensHere = new WeakMap<AccountsHost, TokensHere>();
/** Past this many, a set starts over rather than grow without end. */
const MAX_TOKENS_HERE = 10_000;

function tokensOf(host: AccountsHost): TokensHere {
  let here = tokensHere.get(host);
  if (!here) {
    here = { recorded: new Set(), resumable: new Map(), removals: 0, recheckedAt: host.now() };
    tokensHere.set(host, here);
  }
  if (here.recorded.size >= MAX_TOKENS_HERE) here.recorded.clear();
  if (here.resumable.size >= MAX_TOKENS_HERE) here.resumable.clear();
  return here;
}

/** Checks a resume token (and records that it is in use here); throws the client-facing 403 when it cannot be used. */
export async function resumeToken(host: AccountsHost, token: string) {
  const tokenHash = await hashToken(token);
  const here = tokensOf(host);
  const checked = here.resumable.get(tokenHash);
  let row = checked && checked.checkedAt > host.now() - RESUMABLE_MS ? checked.row : null;
  if (!row) {
    const removalsBefore = here.removals;
    const checkedAt = host.now();
    row = await findLoginTokenRecordingPlace(host.db, tokenHash, host.object);
    if (!row) throw new LiveError(403, LOGGED_OUT_BY_SERVER);
    here.recorded.add(tokenHash);
    if (here.removals === removalsBefore) here.resumable.set(tokenHash, { row, checkedAt });
  }
  if (row.expiresAt <= host.now()) {
    // Only the row goes here; connections still using it are closed by the
    // expired-token clean-up, not in the middle of this caller's call.
    here.resumable.delete(tokenHash);
    await deleteLoginTokens(host.db, [tokenHash]);
    throw new LiveError(403, SESSION_EXPIRED);
  }
  return { ...row, token };
}

/** Forgets removed tokens here: they must be read from D1 again (and are then found gone). */
export function forgetLoginTokens(host: AccountsHost, tokenHashes: string[]): void {
  const here = tokensOf(host);
  here.removals++;
  for (const hash of tokenHashes) {
    here.resumable.delete(hash);
    here.recorded.delete(hash);
  }
}

/**
 * Closes this object's connections whose tokens are gone or expired, once every
 * RESUMABLE_MS (at the heartbeat): a removal that could not reach this
 * object (live-objects.ts) holds here no longer than a resumed check would.
 * One directory read of the tokens in use, none while nobody is connected.
 */
export async function recheckTokensInUse(host: AccountsHost, inUse: () => readonly string[]): Promise<void> {
  const here = tokensOf(host);
  const now = host.now();
  // Most heartbeats are not due: the connections are not even listed then.
  if (now - here.recheckedAt < RESUMABLE_MS) return;
  here.recheckedAt = now;
  const distinct = [...new Set(inUse())];
  if (distinct.length === 0) return;
  const valid = await validTokenHashes(host.db, distinct, now);
  const gone = distinct.filter((hash) => !valid.has(hash));
  if (gone.length > 0) {
    forgetLoginTokens(host, gone);
    await host.closeTokenConnections(gone);
  }
}

/** Notes that this object now has a connection using the token. */
export async function noteTokenInUse(host: AccountsHost, tokenHash: string): Promise<void> {
  const here = tokensOf(host);
  if (here.recorded.has(tokenHash)) return;
  await recordTokenConnection(host.db, tokenHash, host.object.kind, host.object.name);
  here.recorded.add(tokenHash);
}

/** Deletes tokens and closes the live connections that used them. */
export async function removeLoginTokens(host: AccountsHost, tokenHashes: string[]): Promise<void> {
  const places = await deleteLoginTokens(host.db, tokenHashes);
  // The tokens are already gone, so a connection on an object we could not reach fails its next resume.
  await callLiveObjects(host, places, "close connections", {
    self: () => host.closeTokenConnections(tokenHashes),
    remote: (object) => object.closeTokenConnections(tokenHashes),
  });
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
