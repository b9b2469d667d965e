/** OAuth identities and pending one-time credentials in D1. */
import { and, eq, lt } from "drizzle-orm";
import { oauthCredentials, oauthIdentities } from "./accounts-schema";
import type { Database } from "./database";

export type OAuthCredentialRow = typeof oauthCredentials.$inferSelect;

export async function insertOAuthCredential(db: Database, row: OAuthCredentialRow): Promise<void> {
  const { tokenHash, ...rest } = row;
  await db.insert(oauthCredentials).values(row).onConflictDoUpdate({ target: oauthCredentials.tokenHash, set: rest });
}

/**
 * Deletes and returns the credential when the secret matches: it works once,
 * and a wrong secret does not use it up.
 */
export async function takeOAuthCredential(
  db: Database,
  tokenHash: string,
  secretHash: string,
): Promise<OAuthCredentialRow | null> {
  const rows = await db
    .delete(oauthCredentials)
    .where(and(eq(oauthCredentials.tokenHash, tokenHash), eq(oauthCredentials.secretHash, secretHash)))
    .returning()
    .all();
  return rows[0] ?? null;
}

export async function deleteExpiredOAuthCredentials(db: Database, now: number): Promise<void> {
  await db.delete(oauthCredentials).where(lt(oauthCredentials.expiresAt, now));
}

export async function findOAuthIdentity(db: Database, service: string, subject: string) {
  return (
    (await db
      .select()
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.service, service), eq(oauthIdentities.subject, subject)))
      .get()) ?? null
  );
}

export async function linkOAuthIdentity(
  db: Database,
  identity: { service: string; subject: string; userId: string; email: string | null; createdAt: number },
): Promise<void> {
  await db
    .insert(oauthIdentities)
    .values(identity)
    .onConflictDoUpdate({
      target: [oauthIdentities.service, oauthIdentities.subject],
      set: { email: identity.email },
    });
}

export async function servicesOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ service: oauthIdentities.service })
    .from(oauthIdentities)
    .where(eq(oauthIdentities.userId, userId))
    .all();
  return rows.map((row) => row.service);
}
