/**
 * Getting back in and proving an address (docs/protocol.md §2): forgotPassword,
 * resetPassword (also used for enroll links), verifyEmail, and
 * accounts.sendVerificationEmail. Their e-mailed tokens (account-tokens.ts)
 * are stored hashed, work once, and expire (reset 3 days, enroll 30 days;
 * verification links do not). forgotPassword answers the same whether or
 * not the address has an account.
 */

import { ACCOUNT_METHOD } from "../../protocol/account-args";
import type { AccountLinkInfo } from "../../protocol/docs";
import { LiveError } from "../../protocol/errors";
import { appUrl } from "../app-url";
import { defineMethod } from "../contract";
import { forgetDevices } from "../db/directory/known-devices-repo";
import { findRoom } from "../db/directory/rooms-repo";
import { emailsOf, findAccountToken, setPasswordHash } from "../db/directory/users-repo";
import { sendEmail } from "../email/mailer";
import { enrollMessage, resetPasswordMessage, verifyEmailMessage } from "../email/templates";
import type { LiveRegistry } from "../live/registry";
import type { MethodContext } from "../live/types";
import {
  consumeToken,
  createAccountToken,
  type Invitation,
  type LinkProblem,
  mailAccountLinkLater,
  markAddressProven,
  TOKEN_EXPIRED,
  VERIFY_LINK_EXPIRED,
} from "./account-tokens";
import type { AccountsHost } from "./accounts-host";
import { accountKey, clearFailureCount } from "./login-guard";
import { logInEndingOtherSessions, logInWithNewToken } from "./login-tokens";
import { hashPassword, passwordDigest } from "./password";
import { hashToken } from "./tokens";

/** The links `accounts.linkInfo` describes. */
const LINK_INFO_KINDS: readonly AccountLinkInfo["kind"][] = ["reset", "enroll", "verify"];

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

export function registerRecovery<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  const accounts = registry as unknown as LiveRegistry<AccountsHost>;

  defineMethod(accounts, ACCOUNT_METHOD.FORGOT_PASSWORD, {
    run: async (ctx, { email }) => {
      // The same one lookup either way, and the same answer; the token and
      // e-mail come after the answer, so its timing says nothing either.
      await mailAccountLinkLater(ctx, email, "reset", resetPasswordMessage);
    },
  });

  defineMethod(accounts, ACCOUNT_METHOD.RESET_PASSWORD, {
    run: async (ctx, token, newPassword) => {
      const digest = await passwordDigest(newPassword);
      const row = await consumeToken(ctx.host, token, ["reset", "enroll"], TOKEN_EXPIRED);
      await setPasswordHash(ctx.host.db, row.userId, await hashPassword(digest));
      await markAddressProven(ctx.host, row.userId, row.email);
      // A reset always works, however many wrong guesses locked the account:
      // the owner gets in, and the lock is lifted.
      await clearFailureCount(ctx.host, accountKey(row.userId));
      await forgetDevices(ctx.host.db, row.userId);
      // A reset ends every other session of this user. This connection moves
      // to its new token first, so it gets its answer and stays signed in.
      return logInEndingOtherSessions(ctx, row.userId);
    },
  });

  // What an e-mailed link is for, before it is used: the page names the room and who invited.
  // The token itself is the key; a link that cannot be used says why (details.why).
  defineMethod(accounts, ACCOUNT_METHOD.LINK_INFO, {
    run: async (ctx, token): Promise<AccountLinkInfo> => {
      const row = await findAccountToken(ctx.host.db, await hashToken(token));
      const refuse = (why: LinkProblem) => new LiveError(403, TOKEN_EXPIRED, { why });
      // Only the kinds a page shows before use (as consumeToken takes only the kinds it uses):
      // a sign-in link is used, not looked at.
      const kind = LINK_INFO_KINDS.find((shown) => shown === row?.kind);
      if (!row || !kind) throw refuse("unknown");
      if (row.usedAt !== null) throw refuse("used");
      if (row.expiresAt <= ctx.host.now()) throw refuse("expired");
      const room = row.roomId ? await findRoom(ctx.host.db, row.roomId) : null;
      return {
        kind,
        email: row.email,
        room: room ? { id: room.id, name: room.name } : null,
        invitedBy: row.invitedBy,
      };
    },
  });

  defineMethod(accounts, ACCOUNT_METHOD.VERIFY_EMAIL, {
    run: async (ctx, token) => {
      const row = await consumeToken(ctx.host, token, ["verify"], VERIFY_LINK_EXPIRED);
      await markAddressProven(ctx.host, row.userId, row.email);
      return logInWithNewToken(ctx, row.userId);
    },
  });

  defineMethod(accounts, ACCOUNT_METHOD.SEND_VERIFICATION_EMAIL, {
    run: async (ctx) => {
      if (!ctx.userId) throw new LiveError(401, "Must be logged in");
      const unverified = (await emailsOf(ctx.host.db, ctx.userId)).filter((e) => !e.verified);
      if (unverified.length === 0) throw new LiveError(400, "Your e-mail address is already verified");
      for (const email of unverified) await sendVerificationEmail(ctx, ctx.userId, email.address);
    },
  });
}
