/**
 * DDPRateLimiter-shaped rules. A rule matches an invocation on any subset of
 * {type, name, userId, connectionId, clientAddress} (a value or a predicate;
 * a key left out matches anything). Each rule counts per combination of the
 * matched keys' values in fixed windows; a call is allowed while the count,
 * including itself, is ≤ limit (rejected calls count too).
 *
 * Counting lives in `rate-limiter.ts` (DO storage, so hibernation cannot
 * reset a window); this file is the pure part.
 */
import { CALL_BUDGET_WINDOW, CALLS_PER_CONNECTION, CALLS_PER_USER, UNCOUNTED_CALLS } from "../../protocol/constants";
import { LiveError } from "../../protocol/errors";

export interface RateLimitInput {
  type: "method" | "subscription";
  name: string;
  userId: string | null;
  connectionId: string;
  clientAddress: string | null;
}

type Matcher<T> = T | ((value: T) => boolean);

export interface RateLimitRule {
  /** Stable id: counters are stored under it. */
  id: string;
  match: { [K in keyof RateLimitInput]?: Matcher<RateLimitInput[K]> };
  /** Which invocations the rule counts at all, without counting them apart (unlike `match`). */
  applies?: (input: RateLimitInput) => boolean;
  limit: number;
  intervalMs: number;
}

export function ruleMatches(rule: RateLimitRule, input: RateLimitInput): boolean {
  if (rule.applies && !rule.applies(input)) return false;
  for (const [key, matcher] of Object.entries(rule.match) as [keyof RateLimitInput, Matcher<unknown>][]) {
    const value = input[key];
    if (typeof matcher === "function" ? !matcher(value) : matcher !== value) return false;
  }
  return true;
}

/** The counter key: the rule id and the values of the keys it matches on. */
export function counterKey(rule: RateLimitRule, input: RateLimitInput): string {
  const keys = Object.keys(rule.match).sort() as (keyof RateLimitInput)[];
  return JSON.stringify([rule.id, ...keys.map((key) => input[key])]);
}

export function tooManyRequests(timeToResetMs: number): LiveError {
  const seconds = Math.ceil(timeToResetMs / 1000);
  return new LiveError(
    "too-many-requests",
    `Error, too many requests. Please slow down. You must wait ${seconds} seconds before trying again.`,
    { timeToReset: timeToResetMs },
  );
}

/** Meteor's default: login-type methods, 5 per 10 s per connection. */
export function defaultAccountsRule(): RateLimitRule {
  const names = new Set(["login", "createUser", "resetPassword", "forgotPassword", "accounts.sendLoginLink"]);
  return {
    id: "accounts-default",
    match: { type: "method", name: (name: string) => names.has(name), connectionId: () => true },
    limit: 5,
    intervalMs: 10_000,
  };
}

/** Default call budgets (protocol/constants.ts): the client paces itself under them too. */
export { CALLS_PER_CONNECTION, CALLS_PER_USER };

/** Calls not counted by the default rules: upload chunks (bounded by the upload window and its bytes). */
const UNCOUNTED = new Set(UNCOUNTED_CALLS);

/**
 * Beyond Meteor (which has no default beyond logins): every connection and
 * every user gets a budget of calls, so one flood cannot take a room's
 * capacity from everyone else — past it, `too-many-requests` with the time
 * to wait. Generous for people (a busy person makes a few calls a second;
 * bulk actions are one call per 500 items or three at a time).
 */
export function defaultCallRules(): RateLimitRule[] {
  const applies = (input: RateLimitInput) => !UNCOUNTED.has(input.name);
  return [
    {
      id: "calls-per-connection",
      match: { type: "method", connectionId: () => true },
      applies,
      limit: CALLS_PER_CONNECTION,
      intervalMs: CALL_BUDGET_WINDOW,
    },
    {
      id: "calls-per-user",
      match: { type: "method", userId: (userId: string | null) => userId !== null },
      applies,
      limit: CALLS_PER_USER,
      intervalMs: CALL_BUDGET_WINDOW,
    },
  ];
}
