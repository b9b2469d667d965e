/**
 * Password guessing across connections (docs/protocol.md §2, §8). Meteor limits login
 * calls per connection only, so a guesser opening fresh connections (or
 * spreading over HomeDO shards and rooms) was never refused. Here every
 * failed password check is also counted in D1 — the one place every live
 * object reaches — per account and per client address, and a login past
 * either limit is refused with `too-many-requests` until its window ends,
 * even with the right password (else the limit would only slow guessing).
 *
 * Names with no account are counted under the name itself, so "refused
 * after ten tries" happens alike whether the account exists or not.
 *
 * The limit must never lock the owner out (docs/protocol.md §2): a browser that has
 * signed in to the account before (known-devices.ts) has a count of its own
 * and is not held to the account's or the address's, so guesses from
 * anywhere else never refuse her own browser. From a new device, an e-mailed
 * sign-in link or a password reset is never refused, and clears the
 * account's count.
 */
import { LOGIN_FAILURE_WINDOW, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from "../../protocol/constants";
import { clearFailures, countFailures, failureWindows } from "../db/directory/login-failures-repo";
import { tooManyRequests } from "../live/rate-limit-rules";
import type { AccountsHost } from "./accounts-host";

/** The counters one password check touches. */
export interface GuardKeys {
  account: string;
  /** Null when the runtime gave no client address (local runs only). */
  address: string | null;
}

/**
 * Keys for a check against `userId`, or against a name that has no account.
 * `knownDevice` is the hash of a device key known for this account: its
 * failures are its own (neither the account's nor the address's).
 */
export function guardKeys(
  userId: string | null,
  name: string,
  clientAddress: string | null,
  knownDevice: string | null = null,
): GuardKeys {
  if (userId && knownDevice) return { account: `device:${userId}:${knownDevice}`, address: null };
  return {
    account: userId ? accountKey(userId) : `login:${name.trim().toLowerCase()}`,
    address: clientAddress ? `address:${clientAddress}` : null,
  };
}

export function accountKey(userId: string): string {
  return `account:${userId}`;
}

function limitOf(key: string): number {
  return key.startsWith("address:") ? LOGIN_FAILURES_PER_ADDRESS : LOGIN_FAILURES_PER_ACCOUNT;
}

function keyList(keys: GuardKeys): string[] {
  return keys.address ? [keys.account, keys.address] : [keys.account];
}

/**
 * Throws `too-many-requests` (with `timeToReset` in ms) when either counter
 * is at its limit. Answers whether the account has failures to clear after
 * a success.
 */
export async function assertPasswordCheckAllowed(host: AccountsHost, keys: GuardKeys): Promise<boolean> {
  const now = host.now();
  const windows = await failureWindows(host.db, keyList(keys), now, LOGIN_FAILURE_WINDOW);
  let wait = 0;
  for (const window of windows) {
    if (window.count >= limitOf(window.key)) wait = Math.max(wait, window.windowStart + LOGIN_FAILURE_WINDOW - now);
  }
  if (wait > 0) throw tooManyRequests(wait);
  return windows.some((window) => window.key === keys.account);
}

export function notePasswordFailure(host: AccountsHost, keys: GuardKeys): Promise<void> {
  return countFailures(host.db, keyList(keys), host.now(), LOGIN_FAILURE_WINDOW);
}

/**
 * One count starts afresh; the address always keeps its own. After a right
 * password: the count the check was held to (`keys.account`: a known
 * device's, or the account's). After a reset or a sign-in link:
 * `accountKey(userId)`.
 */
export function clearFailureCount(host: AccountsHost, key: string): Promise<void> {
  return clearFailures(host.db, [key]);
}
