/**
 * Password accounts on every live connection, with Meteor's method names and
 * argument shapes so existing DDP clients can log in (docs/protocol.md §2):
 * createUser, login (password, resume), logout, getNewToken,
 * removeOtherTokens, changePassword; the `user` publication with the
 * caller's own user document, and the configured OAuth services.
 */

import * as v from "valibot";
import { ACCOUNT_METHOD, displayNameSchema, type LoginResult } from "../../protocol/account-args";
import { COLLECTION, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { defineMethod } from "../contract";
import { newId } from "../db/directory/database";
import { forgetDevices } from "../db/directory/known-devices-repo";
import type { UserRow } from "../db/directory/schema";
import {
  emailsOf,
  findLoginToken,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUserWithLogin,
  setPasswordHash,
  toUserDoc,
} from "../db/directory/users-repo";
import { defaultAccountsRule } from "../live/rate-limit-rules";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type MethodContext } from "../live/types";
import type { AccountsHost } from "./accounts-host";
import { registerCurrentUser } from "./current-user";
import { registerDisplayName, withDisplayName } from "./display-name";
import { knownDeviceHash, registerKnownDevices } from "./known-devices";
import { assertPasswordCheckAllowed, clearFailureCount, guardKeys, notePasswordFailure } from "./login-guard";
import { loginWithLink, registerLoginLinks } from "./login-links";
import {
  issueLoginToken,
  logInWithNewToken,
  loginResultOf,
  mintLoginToken,
  noteTokenInUse,
  removeLoginTokens,
  removeOtherLoginTokens,
  resumeToken,
} from "./login-tokens";
import { loginWithOAuth } from "./oauth-login";
import { configuredServices } from "./oauth-providers";
import { hashPassword, passwordDigest, verifyPassword } from "./password";
import { registerRecovery, sendVerificationEmailLater } from "./recovery-feature";

/** One answer for unknown user and wrong password: no account enumeration. */
export const BAD_CREDENTIALS = "Something went wrong. Please check your credentials.";
export const PASSWORD_IS_OLD = "Password is old. Please reset your password.";
/**
 * Meteor's reasons stay as they are for every DDP client; `details.why` says
 * which case it is, so our app can say what to do in plain words.
 */
const badCredentials = () => new LiveError(403, BAD_CREDENTIALS, { why: "bad-credentials" });

const emailSchema = v.pipe(
  v.string("E-mail must be text"),
  v.trim(),
  v.maxLength(254, "E-mail address is too long"),
  v.email("Invalid e-mail address"),
);
const usernameSchema = v.pipe(
  v.string("Username must be text"),
  v.trim(),
  v.minLength(1, "Username may not be empty"),
  v.maxLength(64, "Username must be at most 64 characters"),
);

const createUserSchema = v.object(
  {
    username: v.optional(usernameSchema),
    email: v.optional(emailSchema),
    password: v.optional(v.unknown()),
    profile: v.optional(
      v.pipe(
        // A name others see is held to the same rules however it is set (display-name.ts).
        v.looseObject({ name: v.optional(displayNameSchema) }, "Profile must be an object"),
        v.check((profile) => JSON.stringify(profile).length <= 4_000, "Profile is too large"),
      ),
    ),
  },
  "Options must be an object",
);

const userSelectorSchema = v.union([
  v.pipe(v.string(), v.maxLength(254)),
  v.object({ email: v.pipe(v.string(), v.maxLength(254)) }),
  v.object({ username: v.pipe(v.string(), v.maxLength(64)) }),
  v.object({ id: v.pipe(v.string(), v.maxLength(64)) }),
]);

function parse<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new LiveError(400, result.issues[0]?.message ?? "Match failed");
  return result.output;
}

async function findBySelector(host: AccountsHost, selector: v.InferOutput<typeof userSelectorSchema>) {
  if (typeof selector === "string") {
    return (await findUserByUsername(host.db, selector)) ?? (await findUserByEmail(host.db, selector));
  }
  if ("email" in selector) return findUserByEmail(host.db, selector.email);
  if ("username" in selector) return findUserByUsername(host.db, selector.username);
  return findUserById(host.db, selector.id);
}

/** A stored hash to check against when the user does not exist, so timing does not tell. */
let decoyHash: Promise<string> | undefined;

async function checkPassword(host: AccountsHost, user: UserRow | null, password: unknown): Promise<UserRow> {
  const digest = await passwordDigest(password);
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword("0".repeat(64));
    await verifyPassword(digest, await decoyHash);
    throw badCredentials();
  }
  const check = await verifyPassword(digest, user.passwordHash);
  if (!check.ok && check.reason === "unsupported") throw new LiveError(403, PASSWORD_IS_OLD);
  if (!check.ok) throw badCredentials();
  if (check.needsRehash) await setPasswordHash(host.db, user.id, await hashPassword(digest));
  return user;
}

/** The name a password login asked for, as the guard counts it when no account has it. */
function selectorName(selector: v.InferOutput<typeof userSelectorSchema>): string {
  if (typeof selector === "string") return selector;
  if ("email" in selector) return selector.email;
  if ("username" in selector) return selector.username;
  return selector.id;
}

/**
 * A password check under the cross-connection guard (login-guard.ts):
 * refused past the limits, a wrong password counted, a right one clearing
 * the count it was held to. A device known for the account is held to its
 * own count (known-devices.ts).
 */
async function guardedPasswordCheck(
  ctx: MethodContext<AccountsHost>,
  found: UserRow | null,
  name: string,
  password: unknown,
  deviceKey: unknown,
): Promise<UserRow> {
  const knownDevice = deviceKey === undefined ? null : await knownDeviceHash(ctx.host, deviceKey, found?.id ?? null);
  const keys = guardKeys(found?.id ?? null, name, ctx.clientAddress, knownDevice);
  const hadFailures = await assertPasswordCheckAllowed(ctx.host, keys);
  let user: UserRow;
  try {
    user = await checkPassword(ctx.host, found, password);
  } catch (error) {
    if (error instanceof LiveError && error.reason === BAD_CREDENTIALS) await notePasswordFailure(ctx.host, keys);
    throw error;
  }
  if (hadFailures) await clearFailureCount(ctx.host, keys.account);
  return user;
}

function requireUser(ctx: MethodContext<AccountsHost>, reason = "Must be logged in"): string {
  if (!ctx.userId) throw new LiveError(401, reason);
  return ctx.userId;
}

export function registerAccounts<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  const accounts = registry as unknown as LiveRegistry<AccountsHost>;

  defineMethod(accounts, ACCOUNT_METHOD.CREATE_USER, {
    run: async (ctx, options) => {
      const { username, email, password, profile } = parse(createUserSchema, options);
      if (!username && !email) throw new LiveError(400, "Need to set a username or email");
      const digest = await passwordDigest(password ?? "");
      // The slow hash and one write attempt happen whether or not the name
      // is taken, and e-mail goes after the answer: a taken address answers
      // no sooner than a new one.
      const row: UserRow = {
        id: newId(),
        username: username ?? null,
        profile: JSON.stringify(profile ? withDisplayName(profile, profile.name ?? "") : {}),
        passwordHash: await hashPassword(digest),
        createdAt: ctx.host.now(),
      };
      const login = await mintLoginToken(row.id, row.createdAt);
      const place = { objectKind: ctx.host.object.kind, objectName: ctx.host.object.name };
      const outcome = await insertUserWithLogin(ctx.host.db, row, email ?? null, login, place);
      if (outcome === "username-taken") throw new LiveError(403, "Username already exists.");
      if (outcome === "email-taken") throw new LiveError(403, "Email already exists.", { why: "email-taken" });
      await ctx.setUserId(row.id, login.tokenHash);
      if (email) sendVerificationEmailLater(ctx, row.id, email);
      return loginResultOf(login);
    },
  });

  defineMethod(accounts, ACCOUNT_METHOD.LOGIN, {
    // Reads only the directory: a room still opening (opening-gate.ts) lets its people log in meanwhile.
    whileOpening: true,
    run: async (ctx, options) => {
      if (typeof options === "object" && options !== null && "resume" in options) {
        const token = (options as { resume: unknown }).resume;
        if (typeof token !== "string" || token.length > 200) throw new LiveError(400, "Token must be a string");
        const row = await resumeToken(ctx.host, token);
        await noteTokenInUse(ctx.host, row.tokenHash);
        await ctx.setUserId(row.userId, row.tokenHash);
        return { id: row.userId, token, tokenExpires: new Date(row.expiresAt) } satisfies LoginResult;
      }
      if (typeof options === "object" && options !== null && "password" in options && "user" in options) {
        const { user, password, deviceKey } = options as { user: unknown; password: unknown; deviceKey?: unknown };
        const selector = parse(userSelectorSchema, user);
        const found = await findBySelector(ctx.host, selector);
        const checked = await guardedPasswordCheck(ctx, found, selectorName(selector), password, deviceKey);
        return logInWithNewToken(ctx, checked.id);
      }
      if (typeof options === "object" && options !== null && "oauth" in options) {
        return loginWithOAuth(ctx, (options as { oauth: unknown }).oauth);
      }
      if (typeof options === "object" && options !== null && "loginLink" in options) {
        return loginWithLink(ctx, (options as { loginLink: unknown }).loginLink);
      }
      throw new LiveError(400, "Unrecognized options for login request");
    },
  });

  defineMethod(accounts, ACCOUNT_METHOD.LOGOUT, {
    run: async (ctx) => {
      const hash = ctx.loginTokenHash;
      await ctx.setUserId(null, null);
      if (hash) await removeLoginTokens(ctx.host, [hash]);
    },
  });

  defineMethod(accounts, ACCOUNT_METHOD.GET_NEW_TOKEN, {
    run: async (ctx) => {
      const userId = requireUser(ctx, "You are not logged in.");
      const current = ctx.loginTokenHash ? await findLoginToken(ctx.host.db, ctx.loginTokenHash) : null;
      if (!current) throw new LiveError(403, "You are not logged in.");
      // Same creation time, so the new token expires when the old one would.
      const { tokenHash, ...result } = await issueLoginToken(ctx.host, userId, current.createdAt);
      await noteTokenInUse(ctx.host, tokenHash);
      await ctx.setUserId(userId, tokenHash);
      return result;
    },
  });

  defineMethod(accounts, ACCOUNT_METHOD.REMOVE_OTHER_TOKENS, {
    run: async (ctx) => {
      const userId = requireUser(ctx, "You are not logged in.");
      await removeOtherLoginTokens(ctx.host, userId, ctx.loginTokenHash);
      await forgetDevices(ctx.host.db, userId);
    },
  });

  defineMethod(accounts, ACCOUNT_METHOD.CHANGE_PASSWORD, {
    run: async (ctx, oldPassword, newPassword) => {
      const userId = requireUser(ctx);
      const user = await findUserById(ctx.host.db, userId);
      if (!user?.passwordHash) throw new LiveError(403, "User has no password set");
      // Guessing the old password on a stolen session counts like guessing at login.
      const keys = guardKeys(userId, userId, ctx.clientAddress);
      await assertPasswordCheckAllowed(ctx.host, keys);
      const check = await verifyPassword(await passwordDigest(oldPassword), user.passwordHash);
      if (!check.ok) {
        await notePasswordFailure(ctx.host, keys);
        throw new LiveError(403, "Incorrect password");
      }
      await setPasswordHash(ctx.host.db, userId, await hashPassword(await passwordDigest(newPassword)));
      // A password change ends every other session of this user.
      await removeOtherLoginTokens(ctx.host, userId, ctx.loginTokenHash);
      await forgetDevices(ctx.host.db, userId);
      return { passwordChanged: true };
    },
  });

  accounts.publish(PUBLICATION.USER, {
    args: PUBLICATION_ARGS[PUBLICATION.USER],
    run: (ctx) => ({
      kind: "observed",
      collection: COLLECTION.USERS,
      key: String(ctx.userId),
      fetch: async () => {
        if (!ctx.userId) return [];
        const row = await findUserById(ctx.host.db, ctx.userId);
        return row ? [asDoc(toUserDoc(row, await emailsOf(ctx.host.db, row.id)))] : [];
      },
      matches: (doc) => doc._id === ctx.userId,
    }),
  });

  // Static per deployment: which OAuth services the sign-in screen offers.
  accounts.publish(PUBLICATION.LOGIN_SERVICES, {
    args: PUBLICATION_ARGS[PUBLICATION.LOGIN_SERVICES],
    run: (ctx) => ({
      kind: "observed",
      collection: COLLECTION.LOGIN_SERVICES,
      fetch: async () => configuredServices(ctx.host.env).map((service) => asDoc(service)),
      matches: () => false,
    }),
  });

  registerCurrentUser(registry);
  registerRecovery(registry);
  registerKnownDevices(registry);
  registerLoginLinks(registry);
  registerDisplayName(registry);
  accounts.limit(defaultAccountsRule());
  // Cheap to call, costly to serve: a new name goes to every room of the person, and a device
  // remembered with no key stores a row. The app calls each once per save or sign-in, so a
  // limit per connection (each method counted on its own) that a person never reaches.
  const costly = new Set(["accounts.setName", "accounts.rememberDevice"]);
  accounts.limit({
    id: "accounts-costly",
    match: { type: "method", name: (name: string) => costly.has(name), connectionId: () => true },
    limit: 10,
    intervalMs: 10_000,
  });
}
