/**
 * Cron: removes expired login tokens (closing any live connection still using
 * them), expired e-mail tokens, unused OAuth credentials, expired room join links,
 * ended failed-login windows and known devices idle for longer than a login
 * token lives. Runs every 10 minutes, like Meteor's job.
 */
import { lt } from "drizzle-orm";
import { LOGIN_FAILURE_WINDOW, LOGIN_TOKEN_LIFETIME } from "../../protocol/constants";
import { openDatabase } from "../db/directory/database";
import { deleteExpiredJoinLinks } from "../db/directory/join-links-repo";
import { forgetDevicesIdleSince } from "../db/directory/known-devices-repo";
import { deleteEndedFailureWindows } from "../db/directory/login-failures-repo";
import { deleteExpiredOAuthCredentials } from "../db/directory/oauth-repo";
import { accountTokens } from "../db/directory/schema";
import { expiredTokenHashes } from "../db/directory/users-repo";
import type { AccountsHost } from "./accounts-host";
import { removeLoginTokens } from "./login-tokens";

const USED_LINK_KEPT_MS = 7 * 24 * 3600_000;
/** Bounded work per run; the next run takes the rest. */
const MAX_BATCHES = 20;

export async function removeExpiredTokens(env: Env, now: number): Promise<number> {
  const db = openDatabase(env.DB);
  // The cron handler is no live object: it owns no connections itself.
  const host: AccountsHost = {
    db,
    env,
    object: { kind: "home", name: "" },
    emit: () => {},
    closeTokenConnections: async () => 0,
    hasUserConnections: () => false,
    now: () => now,
    background: (what, task) => {
      task().catch((error: unknown) => console.error(`${what} failed`, error));
    },
  };
  let removed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const hashes = await expiredTokenHashes(db, now);
    if (hashes.length === 0) break;
    await removeLoginTokens(host, hashes);
    removed += hashes.length;
  }
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
  // A used link is kept a week, so a second click says "already used" rather than "not valid".
  await db.delete(accountTokens).where(lt(accountTokens.usedAt, now - USED_LINK_KEPT_MS));
  await deleteExpiredOAuthCredentials(db, now);
  await deleteExpiredJoinLinks(db, now);
  await deleteEndedFailureWindows(db, now, LOGIN_FAILURE_WINDOW);
  // A device not signed in with for longer than a login token lives holds no login from then any
  // more: it is forgotten, so the table keeps only browsers in use (the next sign-in there is known
  // again from then on, README "Accounts").
  await forgetDevicesIdleSince(db, now - LOGIN_TOKEN_LIFETIME);
  return removed;
}
