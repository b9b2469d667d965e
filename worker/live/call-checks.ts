/**
 * The checks every call passes before it runs: its arguments against the
 * registered schema, and the rate-limit rules that match it.
 */
import * as v from "valibot";
import { LiveError } from "../../protocol/errors";
import type { LiveStorage } from "./live-storage";
import { type RateLimitInput, type RateLimitRule, ruleMatches, tooManyRequests } from "./rate-limit-rules";
import type { ArgsSchema } from "./types";

/** A validation failure as a clear 400 for the caller. */
function argumentError(issues: v.BaseIssue<unknown>[]): LiveError {
  const first = issues[0];
  const path = first?.path?.map((item) => String(item.key)).join(".");
  return new LiveError(400, first?.message ?? "Match failed", path ? { path } : undefined);
}

export function parseArgs(schema: ArgsSchema, params: unknown[]): unknown[] {
  const parsed = v.safeParse(schema, params);
  if (!parsed.success) throw argumentError(parsed.issues);
  return parsed.output as unknown[];
}

/** Counts the call against every matching rule; throws `too-many-requests` when over. */
export function enforceRateLimits(
  rules: RateLimitRule[],
  storage: LiveStorage,
  now: number,
  input: RateLimitInput,
): void {
  for (const rule of rules) {
    if (!ruleMatches(rule, input)) continue;
    const wait = storage.hit(rule, input, now);
    if (wait !== null) throw tooManyRequests(wait);
  }
}
