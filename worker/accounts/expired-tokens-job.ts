/**
 * Cron: removes expired login tokens (closing any live connection still using
 * them), expired e-mail tokens, unused OAuth credentials and expired room join links. Runs every 10 minutes, like Meteor's job.
 */
import { lt } from "drizzle-orm";
import { openDatabase } from "../db/database";
import { deleteExpiredJoinLinks } from "../db/join-links-repo";
import { deleteExpiredOAuthCredentials } from "../db/oauth-repo";
import { accountTokens } from "../db/schema";
import { expiredTokenHashes } from "../db/users-repo";
import type { AccountsHost } from "./accounts-host";
import { removeLoginTokens } from "./login-tokens";

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
    now: () => now,
  };
  let removed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const hashes = await expiredTokenHashes(db, now);
    if (hashes.length === 0) break;
    await removeLoginTokens(host, hashes);
    removed += hashes.length;
  }
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
  await deleteExpiredOAuthCredentials(db, now);
  await deleteExpiredJoinLinks(db, now);
  return removed;
}
