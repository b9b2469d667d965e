/**
 * Getting back in and proving an address (SPEC B2): forgotPassword,
 * resetPassword (also used for enroll links), verifyEmail, and
 * accounts.sendVerificationEmail. E-mailed tokens are stored hashed, work
 * once, and expire (reset 3 days, enroll 30 days; verification links do not).
 * forgotPassword answers the same whether or not the address has an account.
 */
import * as v from "valibot";
import { ENROLL_TOKEN_LIFETIME, LOGIN_LINK_LIFETIME, RESET_TOKEN_LIFETIME } from "../../protocol/constants";
import type { AccountLinkInfo } from "../../protocol/docs";
import { LiveError } from "../../protocol/errors";
import { appUrl } from "../app-url";
import { findRoom } from "../db/rooms-repo";
import {
  type AccountTokenKind,
  emailsOf,
  findAccountToken,
  findUserByEmail,
  insertAccountToken,
  markAccountTokenUsed,
  markEmailVerified,
  setPasswordHash,
} from "../db/users-repo";
import { type EmailMessage, sendEmail } from "../email/mailer";
import { enrollMessage, resetPasswordMessage, verifyEmailMessage } from "../email/templates";
import type { LiveRegistry } from "../live/registry";
import type { MethodContext } from "../live/types";
import type { AccountsHost } from "./accounts-host";
import { currentUserDoc, userDocChanged } from "./current-user";
import { clearAccountFailures } from "./login-guard";
import { logInEndingOtherSessions, logInWithNewToken } from "./login-tokens";
import { hashPassword, passwordDigest } from "./password";
import { hashToken, newToken } from "./tokens";

export const TOKEN_EXPIRED = "Token expired";
export const VERIFY_LINK_EXPIRED = "Verify email link expired";
/** Verification links do not expire (Meteor); stored with a far-future date. */
const NEVER = 8_640_000_000_000_000;

const LIFETIME: Record<AccountTokenKind, number> = {
  reset: RESET_TOKEN_LIFETIME,
  enroll: ENROLL_TOKEN_LIFETIME,
  verify: NEVER,
  login: LOGIN_LINK_LIFETIME,
};

/** `{email}`, as forgotPassword and accounts.sendLoginLink take it. */
export const emailOptionsArg = v.object(
  { email: v.pipe(v.string("Must pass options.email"), v.maxLength(254)) },
  "Must pass options.email",
);

/** Following an e-mailed link proves the address: marked verified, and the user's open documents follow. */
export async function markAddressProven(host: AccountsHost, userId: string, email: string): Promise<void> {
  const before = await currentUserDoc(host, userId);
  await markEmailVerified(host.db, userId, email);
  await userDocChanged(host, userId, before);
}

export const tokenArg = v.pipe(v.string("Token must be a string"), v.maxLength(200, "Token must be a string"));

/** Creates an e-mailed token and returns it (only its hash is stored). */
export async function createAccountToken(
  host: AccountsHost,
  userId: string,
  kind: AccountTokenKind,
  email: string,
  invitation?: Invitation,
): Promise<string> {
  const token = newToken();
  const now = host.now();
  const expiresAt = Math.min(NEVER, now + LIFETIME[kind]);
  await insertAccountToken(host.db, {
    tokenHash: await hashToken(token),
    userId,
    kind,
    email,
    createdAt: now,
    expiresAt,
    roomId: invitation?.roomId ?? null,
    invitedBy: invitation?.invitedBy ?? null,
  });
  return token;
}

/** The room an enroll link invites to, and who sent it (shown on the e-mail and the page). */
export interface Invitation {
  roomId: string;
  roomName: string;
  invitedBy: string;
}

export async function sendVerificationEmail(ctx: MethodContext<AccountsHost>, userId: string, email: string) {
  const token = await createAccountToken(ctx.host, userId, "verify", email);
  await sendEmail(ctx.host.env, verifyEmailMessage(email, appUrl(ctx.host.env, ctx), token));
}

/** The same, after the caller's answer (sign-up answers as fast whatever happens to the e-mail). */
export function sendVerificationEmailLater(ctx: MethodContext<AccountsHost>, userId: string, email: string): void {
  ctx.host.background("accounts: verification e-mail", () => sendVerificationEmail(ctx, userId, email));
}

export async function sendEnrollEmail(
  ctx: MethodContext<AccountsHost>,
  userId: string,
  email: string,
  invitation: Invitation,
) {
  const token = await createAccountToken(ctx.host, userId, "enroll", email, invitation);
  await sendEmail(ctx.host.env, enrollMessage(email, appUrl(ctx.host.env, ctx), token, invitation));
}

/**
 * Finds a live token of one of `kinds`; uses it up. Throws `reason` (Meteor's
 * text, for every DDP client) otherwise, with `details.why` — `used`,
 * `expired` or `unknown` — so our app can say which in plain words.
 */
export async function consumeToken(host: AccountsHost, token: string, kinds: AccountTokenKind[], reason: string) {
  const tokenHash = await hashToken(token);
  const row = await findAccountToken(host.db, tokenHash);
  const refuse = (why: LinkProblem) => new LiveError(403, reason, { why });
  if (!row || !kinds.includes(row.kind)) throw refuse("unknown");
  if (row.usedAt !== null) throw refuse("used");
  if (row.expiresAt <= host.now()) throw refuse("expired");
  // Marking it used is the "use": only one caller can win it.
  if (!(await markAccountTokenUsed(host.db, tokenHash, host.now()))) throw refuse("used");
  return row;
}

/**
 * Mails a link of `kind` to `email` if an account has that address, after
 * the caller's answer: one lookup either way, so neither the answer nor its
 * timing tells whether the account exists.
 */
export async function mailAccountLinkLater(
  ctx: MethodContext<AccountsHost>,
  email: string,
  kind: AccountTokenKind,
  compose: (to: string, appUrl: string, token: string) => EmailMessage,
): Promise<void> {
  const user = await findUserByEmail(ctx.host.db, email);
  if (!user) return;
  const origin = appUrl(ctx.host.env, ctx);
  ctx.host.background(`accounts: ${kind} link e-mail`, async () => {
    const address = (await emailsOf(ctx.host.db, user.id)).find((e) => e.address.toLowerCase() === email.toLowerCase());
    const to = address?.address ?? email;
    const token = await createAccountToken(ctx.host, user.id, kind, to);
    await sendEmail(ctx.host.env, compose(to, origin, token));
  });
}

/** Why an e-mailed link did not work. */
export type LinkProblem = "used" | "expired" | "unknown";

export function registerRecovery<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  const accounts = registry as unknown as LiveRegistry<AccountsHost>;

  accounts.method("forgotPassword", {
    args: v.tuple([emailOptionsArg]),
    run: async (ctx, { email }) => {
      // The same one lookup either way, and the same answer; the token and
      // e-mail come after the answer, so its timing says nothing either.
      await mailAccountLinkLater(ctx, email, "reset", resetPasswordMessage);
    },
  });

  accounts.method("resetPassword", {
    args: v.tuple([tokenArg, v.unknown()]),
    run: async (ctx, token, newPassword) => {
      const digest = await passwordDigest(newPassword);
      const row = await consumeToken(ctx.host, token, ["reset", "enroll"], TOKEN_EXPIRED);
      await setPasswordHash(ctx.host.db, row.userId, await hashPassword(digest));
      await markAddressProven(ctx.host, row.userId, row.email);
      // A reset always works, however many wrong guesses locked the account:
      // the owner gets in, and the lock is lifted.
      await clearAccountFailures(ctx.host, row.userId);
      // A reset ends every other session of this user. This connection moves
      // to its new token first, so it gets its answer and stays signed in.
      return logInEndingOtherSessions(ctx, row.userId);
    },
  });

  // What an e-mailed link is for, before it is used: the page names the room and who invited.
  // The token itself is the key; a link that cannot be used says why (details.why).
  accounts.method("accounts.linkInfo", {
    args: v.tuple([tokenArg]),
    run: async (ctx, token): Promise<AccountLinkInfo> => {
      const row = await findAccountToken(ctx.host.db, await hashToken(token));
      const refuse = (why: LinkProblem) => new LiveError(403, TOKEN_EXPIRED, { why });
      // A sign-in link is used, not looked at.
      if (!row || row.kind === "login") throw refuse("unknown");
      if (row.usedAt !== null) throw refuse("used");
      if (row.expiresAt <= ctx.host.now()) throw refuse("expired");
      const room = row.roomId ? await findRoom(ctx.host.db, row.roomId) : null;
      return {
        kind: row.kind,
        email: row.email,
        room: room ? { id: room.id, name: room.name } : null,
        invitedBy: row.invitedBy,
      };
    },
  });

  accounts.method("verifyEmail", {
    args: v.tuple([tokenArg]),
    run: async (ctx, token) => {
      const row = await consumeToken(ctx.host, token, ["verify"], VERIFY_LINK_EXPIRED);
      await markAddressProven(ctx.host, row.userId, row.email);
      return logInWithNewToken(ctx, row.userId);
    },
  });

  accounts.method("accounts.sendVerificationEmail", {
    args: v.tuple([]),
    run: async (ctx) => {
      if (!ctx.userId) throw new LiveError(401, "Must be logged in");
      const unverified = (await emailsOf(ctx.host.db, ctx.userId)).filter((e) => !e.verified);
      if (unverified.length === 0) throw new LiveError(400, "Your e-mail address is already verified");
      for (const email of unverified) await sendVerificationEmail(ctx, ctx.userId, email.address);
    },
  });
}
