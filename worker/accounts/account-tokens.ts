import { ENROLL_TOKEN_LIFETIME, LOGIN_LINK_LIFETIME, RESET_TOKEN_LIFETIME } from "../../protocol/constants";
import { LiveError } from "../../protocol/errors";
import { appUrl } from "../app-url";
import {
  type AccountTokenKind,
  emailsOf,
  findAccountToken,
  findUserByEmail,
  insertAccountToken,
  markAccountTokenUsed,
  markEmailVerified,
} from "../db/directory/users-repo";
import { type EmailMessage, sendEmail } from "../email/mailer";
import type { MethodContext } from "../live/types";
import type { AccountsHost } from "./accounts-host";
import { currentUserDoc, userDocChanged } from "./current-user";
import { hashToken, newToken } from "./tokens";

/** The room an enroll link invites to, and who sent it (shown on the e-mail and the page). */
export interface Invitation {
  roomId: string;
  roomName: string;
  invitedBy: string;
}

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

/** Following an e-mailed link proves the address: marked verified, and the user's open documents follow. */
export async function markAddressProven(host: AccountsHost, userId: string, email: string): Promise<void> {
  const before = await currentUserDoc(host, userId);
  await markEmailVerified(host.db, userId, email);
  await userDocChanged(host, userId, before);
}

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
