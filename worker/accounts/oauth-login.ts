/**
 * `login({oauth: {credentialToken, credentialSecret}})`: turns the one-time
 * credential left by a provider sign-in into a login. The identity signs in
 * the user it is linked to; a new identity joins an existing account only
 * when both we and the provider know the address is verified; otherwise it
 * becomes a new account.
 */
import * as v from "valibot";
import type { LoginResult } from "../../protocol/account-args";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import { newId } from "../db/directory/database";
import { findOAuthIdentity, linkOAuthIdentity, takeOAuthCredential } from "../db/directory/oauth-repo";
import { findEmail, insertUser } from "../db/directory/users-repo";
import type { MethodContext } from "../live/types";
import type { AccountsHost } from "./accounts-host";
import { fitDisplayName, withDisplayName } from "./display-name";
import { logInWithNewToken } from "./login-tokens";
import { sendVerificationEmail } from "./recovery-feature";
import { hashToken } from "./tokens";

export const OAUTH_EMAIL_TAKEN =
  "An account with this e-mail address exists but the address is not verified. Sign in with your password and verify it first.";

const credentialSchema = v.object({
  credentialToken: v.pipe(v.string(), v.maxLength(100)),
  credentialSecret: v.pipe(v.string(), v.maxLength(100)),
});

export async function loginWithOAuth(ctx: MethodContext<AccountsHost>, oauth: unknown): Promise<LoginResult> {
  const parsed = v.safeParse(credentialSchema, oauth);
  if (!parsed.success) throw new LiveError(400, "Match failed");
  const { db } = ctx.host;
  const credential = await takeOAuthCredential(
    db,
    await hashToken(parsed.output.credentialToken),
    await hashToken(parsed.output.credentialSecret),
  );
  if (!credential || credential.expiresAt <= ctx.host.now()) {
    throw new LiveError(403, ERROR_TEXT.NO_LOGIN_ATTEMPT);
  }
  const now = ctx.host.now();
  const identity = {
    service: credential.service,
    subject: credential.subject,
    email: credential.email,
    createdAt: now,
  };

  const linked = await findOAuthIdentity(db, credential.service, credential.subject);
  if (linked) {
    await linkOAuthIdentity(db, { ...identity, userId: linked.userId });
    return logInWithNewToken(ctx, linked.userId);
  }

  const existing = credential.email ? await findEmail(db, credential.email) : null;
  if (existing) {
    // Someone else could have typed this address at sign-up; only a verified
    // address on both sides proves it is the same person.
    if (!existing.verified || !credential.emailVerified) throw new LiveError(403, OAUTH_EMAIL_TAKEN);
    await linkOAuthIdentity(db, { ...identity, userId: existing.userId });
    return logInWithNewToken(ctx, existing.userId);
  }

  const userId = newId();
  // The provider's name is held to our rules (cut to fit, or left out): never a reason to refuse the sign-in.
  const profile = withDisplayName({}, fitDisplayName(credential.name));
  await insertUser(
    db,
    { id: userId, username: null, profile: JSON.stringify(profile), passwordHash: null, createdAt: now },
    credential.email,
    credential.emailVerified,
  );
  await linkOAuthIdentity(db, { ...identity, userId });
  const result = await logInWithNewToken(ctx, userId);
  if (credential.email && !credential.emailVerified) await sendVerificationEmail(ctx, userId, credential.email);
  return result;
}
