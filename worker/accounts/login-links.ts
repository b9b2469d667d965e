/**
 * "E-mail me a sign-in link" (docs/protocol.md §2): a one-time link, valid 15 minutes,
 * that signs its holder in without a password. It is the way in that no
 * password guessing can block: the login it makes is never refused by the
 * guard, and it clears the account's count of wrong passwords. Asking for a
 * link answers the same whether or not the address has an account; the
 * e-mail goes after the answer.
 */

import * as v from "valibot";
import { ACCOUNT_METHOD, type LoginResult, tokenArg } from "../../protocol/account-args";
import { LiveError } from "../../protocol/errors";
import { defineMethod } from "../contract";
import { loginLinkMessage } from "../email/templates";
import type { LiveRegistry } from "../live/registry";
import type { MethodContext } from "../live/types";
import { consumeToken, mailAccountLinkLater, markAddressProven, TOKEN_EXPIRED } from "./account-tokens";
import type { AccountsHost } from "./accounts-host";
import { accountKey, clearFailureCount } from "./login-guard";
import { logInWithNewToken } from "./login-tokens";

/** `login({loginLink: token})`: signs in with an e-mailed link; Meteor's "Token expired" when it cannot. */
export async function loginWithLink(ctx: MethodContext<AccountsHost>, token: unknown): Promise<LoginResult> {
  const parsed = v.safeParse(tokenArg, token);
  if (!parsed.success) throw new LiveError(400, "Token must be a string");
  const row = await consumeToken(ctx.host, parsed.output, ["login"], TOKEN_EXPIRED);
  await markAddressProven(ctx.host, row.userId, row.email);
  await clearFailureCount(ctx.host, accountKey(row.userId));
  return logInWithNewToken(ctx, row.userId);
}

export function registerLoginLinks<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  const accounts = registry as unknown as LiveRegistry<AccountsHost>;

  defineMethod(accounts, ACCOUNT_METHOD.SEND_LOGIN_LINK, {
    run: (ctx, { email }) => mailAccountLinkLater(ctx, email, "login", loginLinkMessage),
  });
}
