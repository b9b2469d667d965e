/** Users, their e-mail addresses and login tokens in D1. */
import { and, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { accountTokens, loginTokens, tokenConnections, type UserRow, userEmails, users } from "./accounts-schema";
import type { Database } from "./database";

export interface UserEmail {
  address: string;
  verified: boolean;
}

/** What a client sees of a user (its own document). */
export interface UserDoc {
  _id: string;
  username?: string;
  emails: UserEmail[];
  profile: Record<string, unknown>;
  createdAt: Date;
}

export function toUserDoc(row: UserRow, emails: UserEmail[]): UserDoc {
  const doc: UserDoc = {
    _id: row.id,
    emails,
    profile: JSON.parse(row.profile) as Record<string, unknown>,
    createdAt: new Date(row.createdAt),
  };
  if (row.username) doc.username = row.username;
  return doc;
}

export async function insertUser(db: Database, row: UserRow, email: string | null, verified = false): Promise<void> {
  const statements = [db.insert(users).values(row)];
  if (email) statements.push(db.insert(userEmails).values({ userId: row.id, address: email, verified }) as never);
  await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]]);
}

export type NewUserOutcome = "created" | "username-taken" | "email-taken";

/**
 * Creates a user with its address, first login token and where that token
 * is in use, in one batch (all or nothing). The unique indexes decide
 * whether the name is free, so a taken address costs the same single
 * write attempt as a new one (sign-up timing says nothing).
 */
export async function insertUserWithLogin(
  db: Database,
  row: UserRow,
  email: string | null,
  login: { tokenHash: string; createdAt: number; expiresAt: number },
  place: { objectKind: string; objectName: string },
): Promise<NewUserOutcome> {
  const statements = [
    db.insert(users).values(row),
    ...(email ? [db.insert(userEmails).values({ userId: row.id, address: email, verified: false })] : []),
    db.insert(loginTokens).values({ ...login, userId: row.id }),
    db.insert(tokenConnections).values({ tokenHash: login.tokenHash, ...place }),
  ];
  try {
    await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]]);
    return "created";
  } catch (error) {
    // Which name was taken, by asking (not by reading the error's text) — only when there are
    // two to tell apart, so a taken address alone costs no more than a new one.
    if (row.username && (await findUserByUsername(db, row.username))) return "username-taken";
    if (email && (!row.username || (await findEmail(db, email)))) return "email-taken";
    throw error;
  }
}

/** The name in a user's profile (`profile.name`), or "" when they have none. */
export function profileName(profile: string): string {
  try {
    const name = (JSON.parse(profile) as { name?: unknown } | null)?.name;
    return typeof name === "string" ? name.trim() : "";
  } catch {
    return "";
  }
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  return (await db.select().from(users).where(eq(users.id, id)).get()) ?? null;
}

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  return (await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).get()) ?? null;
}

export async function findUserByEmail(db: Database, address: string): Promise<UserRow | null> {
  const row = await db
    .select({ user: users })
    .from(userEmails)
    .innerJoin(users, eq(users.id, userEmails.userId))
    .where(sql`lower(${userEmails.address}) = lower(${address})`)
    .get();
  return row?.user ?? null;
}

/** The stored form of one address (case as typed), if any user has it. */
export async function findEmail(db: Database, address: string) {
  return (
    (await db.select().from(userEmails).where(sql`lower(${userEmails.address}) = lower(${address})`).get()) ?? null
  );
}

export async function emailsOf(db: Database, userId: string): Promise<UserEmail[]> {
  return db
    .select({ address: userEmails.address, verified: userEmails.verified })
    .from(userEmails)
    .where(eq(userEmails.userId, userId))
    .all();
}

export async function setProfile(db: Database, userId: string, profile: Record<string, unknown>): Promise<void> {
  await db
    .update(users)
    .set({ profile: JSON.stringify(profile) })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(db: Database, userId: string, hash: string): Promise<void> {
  await db.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
}

export async function insertLoginToken(
  db: Database,
  tokenHash: string,
  userId: string,
  createdAt: number,
  expiresAt: number,
): Promise<void> {
  await db.insert(loginTokens).values({ tokenHash, userId, createdAt, expiresAt });
}

export async function findLoginToken(db: Database, tokenHash: string) {
  return (await db.select().from(loginTokens).where(eq(loginTokens.tokenHash, tokenHash)).get()) ?? null;
}

/**
 * A token, read in the same transaction that records `place` as where it is
 * in use (only if it exists): once this returns the token, removing it will
 * find the place. Null if there is no such token.
 */
export async function findLoginTokenRecordingPlace(
  db: Database,
  tokenHash: string,
  place: { kind: string; name: string },
) {
  const [, rows] = await db.batch([
    db
      .insert(tokenConnections)
      .select(
        db
          .select({
            tokenHash: loginTokens.tokenHash,
            objectKind: sql<string>`${place.kind}`.as("object_kind"),
            objectName: sql<string>`${place.name}`.as("object_name"),
          })
          .from(loginTokens)
          .where(eq(loginTokens.tokenHash, tokenHash)),
      )
      .onConflictDoNothing(),
    db.select().from(loginTokens).where(eq(loginTokens.tokenHash, tokenHash)),
  ]);
  return rows[0] ?? null;
}

/** Deletes the given tokens; returns where they were in use. */
export async function deleteLoginTokens(db: Database, tokenHashes: string[]) {
  if (tokenHashes.length === 0) return [];
  const [places] = await db.batch([
    db.select().from(tokenConnections).where(inArray(tokenConnections.tokenHash, tokenHashes)),
    db.delete(loginTokens).where(inArray(loginTokens.tokenHash, tokenHashes)),
    db.delete(tokenConnections).where(inArray(tokenConnections.tokenHash, tokenHashes)),
  ]);
  return places;
}

/** Which of these tokens still exist and have not expired by `now` (90 a statement, D1's limit on bound values). */
export async function validTokenHashes(
  db: Database,
  tokenHashes: readonly string[],
  now: number,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < tokenHashes.length; start += 90) {
    const part = tokenHashes.slice(start, start + 90);
    const rows = await db
      .select({ hash: loginTokens.tokenHash })
      .from(loginTokens)
      .where(and(inArray(loginTokens.tokenHash, part), gt(loginTokens.expiresAt, now)))
      .all();
    for (const row of rows) found.add(row.hash);
  }
  return found;
}

/** Hashes of a user's tokens, except `keep`. */
export async function otherTokenHashes(db: Database, userId: string, keep: string | null): Promise<string[]> {
  const where = keep
    ? and(eq(loginTokens.userId, userId), ne(loginTokens.tokenHash, keep))
    : eq(loginTokens.userId, userId);
  const rows = await db.select({ hash: loginTokens.tokenHash }).from(loginTokens).where(where).all();
  return rows.map((row) => row.hash);
}

export async function expiredTokenHashes(db: Database, now: number, limit = 90): Promise<string[]> {
  const rows = await db
    .select({ hash: loginTokens.tokenHash })
    .from(loginTokens)
    .where(lt(loginTokens.expiresAt, now))
    .limit(limit)
    .all();
  return rows.map((row) => row.hash);
}

/** The live objects where any of a user's tokens has been used (where their connections may be). */
export async function userTokenPlaces(db: Database, userId: string) {
  return db
    .selectDistinct({ objectKind: tokenConnections.objectKind, objectName: tokenConnections.objectName })
    .from(tokenConnections)
    .innerJoin(loginTokens, eq(loginTokens.tokenHash, tokenConnections.tokenHash))
    .where(eq(loginTokens.userId, userId))
    .all();
}

/** Records that a token is in use on a live object (for closing it later). */
export async function recordTokenConnection(db: Database, tokenHash: string, objectKind: string, objectName: string) {
  await db.insert(tokenConnections).values({ tokenHash, objectKind, objectName }).onConflictDoNothing();
}

export type AccountTokenKind = "reset" | "enroll" | "verify" | "login";

export async function insertAccountToken(
  db: Database,
  row: {
    tokenHash: string;
    userId: string;
    kind: AccountTokenKind;
    email: string;
    createdAt: number;
    expiresAt: number;
    roomId?: string | null;
    invitedBy?: string | null;
  },
): Promise<void> {
  await db.insert(accountTokens).values(row);
}

export async function findAccountToken(db: Database, tokenHash: string) {
  return (await db.select().from(accountTokens).where(eq(accountTokens.tokenHash, tokenHash)).get()) ?? null;
}

/** Marks the token used, once: true for the one caller that did (a second click finds it used). */
export async function markAccountTokenUsed(db: Database, tokenHash: string, now: number): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt)))
    .returning({ tokenHash: accountTokens.tokenHash })
    .all();
  return rows.length > 0;
}

export async function markEmailVerified(db: Database, userId: string, address: string): Promise<void> {
  await db
    .update(userEmails)
    .set({ verified: true })
    .where(and(eq(userEmails.userId, userId), sql`lower(${userEmails.address}) = lower(${address})`));
}
