/**
 * The account methods (docs/protocol.md §2): Meteor's names, which any DDP
 * client calls, and ours (`accounts.*`). Meteor's take loosely shaped
 * arguments that the server reads in full itself (a password as a digest or
 * as text, a login by password or by token), so those are `unknown` here.
 */
import * as v from "valibot";
import { takes } from "./contract";
import type { AccountLinkInfo } from "./docs";

export const ACCOUNT_METHOD = {
  CREATE_USER: "createUser",
  LOGIN: "login",
  LOGOUT: "logout",
  GET_NEW_TOKEN: "getNewToken",
  REMOVE_OTHER_TOKENS: "removeOtherTokens",
  CHANGE_PASSWORD: "changePassword",
  FORGOT_PASSWORD: "forgotPassword",
  RESET_PASSWORD: "resetPassword",
  VERIFY_EMAIL: "verifyEmail",
  LINK_INFO: "accounts.linkInfo",
  SEND_VERIFICATION_EMAIL: "accounts.sendVerificationEmail",
  SEND_LOGIN_LINK: "accounts.sendLoginLink",
  SET_NAME: "accounts.setName",
  REMEMBER_DEVICE: "accounts.rememberDevice",
} as const;

/** A login, as createUser, login and the e-mailed links answer it (Meteor's shape). */
export interface LoginResult {
  id: string;
  token: string;
  tokenExpires: Date;
}

/** The methods that sign in, each answering a login. */
export type LoginMethod =
  | typeof ACCOUNT_METHOD.LOGIN
  | typeof ACCOUNT_METHOD.CREATE_USER
  | typeof ACCOUNT_METHOD.VERIFY_EMAIL
  | typeof ACCOUNT_METHOD.RESET_PASSWORD;

/** Whether an answer off the wire is a login (a client trusts no answer's shape blindly). */
export function isLoginResult(value: unknown): value is LoginResult {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && typeof v.token === "string" && v.tokenExpires instanceof Date;
}

export const DISPLAY_NAME_MAX = 80;

/**
 * The rules of a name as others see it, wherever it is set: accounts.setName's
 * argument, createUser's `profile.name` (nested in its schema), and a Google
 * or Facebook name at sign-up.
 */
export const displayNameSchema = v.pipe(
  v.string("Your name must be text"),
  v.trim(),
  v.maxLength(DISPLAY_NAME_MAX, `Your name can be at most ${DISPLAY_NAME_MAX} characters`),
  v.check((name) => !/\p{Cc}/u.test(name), "Your name cannot hold control characters"),
);

/** Meteor's `{ email }` options of forgotPassword and the sign-in link. */
export const emailOptionsArg = v.object(
  { email: v.pipe(v.string("Must pass options.email"), v.maxLength(254)) },
  "Must pass options.email",
);

/** An e-mailed link's token. */
export const tokenArg = v.pipe(v.string("Token must be a string"), v.maxLength(200, "Token must be a string"));

export const ACCOUNT_METHODS = {
  [ACCOUNT_METHOD.CREATE_USER]: takes(v.tuple([v.unknown()])).answers<LoginResult>(),
  [ACCOUNT_METHOD.LOGIN]: takes(v.tuple([v.unknown()])).answers<LoginResult>(),
  [ACCOUNT_METHOD.LOGOUT]: takes(v.tuple([])).answers(),
  [ACCOUNT_METHOD.GET_NEW_TOKEN]: takes(v.tuple([])).answers<LoginResult>(),
  [ACCOUNT_METHOD.REMOVE_OTHER_TOKENS]: takes(v.tuple([])).answers(),
  [ACCOUNT_METHOD.CHANGE_PASSWORD]: takes(v.tuple([v.unknown(), v.unknown()])).answers<{ passwordChanged: boolean }>(),
  [ACCOUNT_METHOD.FORGOT_PASSWORD]: takes(v.tuple([emailOptionsArg])).answers(),
  [ACCOUNT_METHOD.RESET_PASSWORD]: takes(v.tuple([tokenArg, v.unknown()])).answers<LoginResult>(),
  [ACCOUNT_METHOD.VERIFY_EMAIL]: takes(v.tuple([tokenArg])).answers<LoginResult>(),
  [ACCOUNT_METHOD.LINK_INFO]: takes(v.tuple([tokenArg])).answers<AccountLinkInfo>(),
  [ACCOUNT_METHOD.SEND_VERIFICATION_EMAIL]: takes(v.tuple([])).answers(),
  [ACCOUNT_METHOD.SEND_LOGIN_LINK]: takes(v.tuple([emailOptionsArg])).answers(),
  [ACCOUNT_METHOD.SET_NAME]: takes(v.tuple([displayNameSchema])).answers(),
  [ACCOUNT_METHOD.REMEMBER_DEVICE]: takes(
    v.tuple([v.nullable(v.pipe(v.string("Device key must be text"), v.maxLength(200)))]),
  ).answers<string>(),
} as const;

/** The publications of accounts: their wire names. */
export const ACCOUNT_PUBLICATION = {
  /** The caller's own user document (empty when logged out). */
  USER: "user",
  /** Which OAuth services are configured (Meteor's name, so Meteor clients find it). */
  LOGIN_SERVICES: "meteor.loginServiceConfiguration",
} as const;

/** What each publication of accounts takes. */
export const ACCOUNT_PUBLICATION_ARGS = {
  [ACCOUNT_PUBLICATION.USER]: v.tuple([]),
  [ACCOUNT_PUBLICATION.LOGIN_SERVICES]: v.tuple([]),
} as const;
