/**
 * Which array elements a `$pull` condition removes. A plain value removes
 * equal elements (Meteor's path); a condition (`{$in: …}`, `{$gt: …}`,
 * `{$regex: …}`) or a sub-document query (`{qty: {$lt: 2}}`) is matched as
 * MongoDB matches it on a Meteor server — minimongo's own `$pull` cannot
 * take operator conditions (a known gap in its source). mingo's query
 * engine does the matching, with only the query operators that need no
 * code from the caller: no `$where`, `$expr` or `$jsonSchema`.
 */
import { Context } from "mingo/core";
import { $all, $elemMatch, $size } from "mingo/operators/query/array";
import { $bitsAllClear, $bitsAllSet, $bitsAnyClear, $bitsAnySet } from "mingo/operators/query/bitwise";
import { $eq, $gt, $gte, $in, $lt, $lte, $ne, $nin } from "mingo/operators/query/comparison";
import { $exists, $type } from "mingo/operators/query/element";
import { $mod, $regex } from "mingo/operators/query/evaluation";
import { $and, $nor, $not, $or } from "mingo/operators/query/logical";
import { Query } from "mingo/query";
import safeRegex from "safe-regex2";
import { equals } from "../../protocol/ejson";
import { isPlainObject, modifierError } from "./modifier-target";

const context = Context.init({
  query: {
    ...{ $and, $nor, $not, $or, $all, $elemMatch, $size, $exists, $type, $mod, $regex },
    ...{ $bitsAllClear, $bitsAllSet, $bitsAnyClear, $bitsAnySet },
    ...{ $eq, $gt, $gte, $in, $lt, $lte, $ne, $nin },
  },
});

/** Patterns longer than this are refused: a regular expression runs on the room's one thread. */
const MAX_PATTERN_LENGTH = 256;

/**
 * Refuses regular expressions that could take exponential time on a crafted
 * element (nested quantifiers), before any runs.
 */
function assertSafePatterns(condition: unknown): void {
  if (Array.isArray(condition)) for (const item of condition) assertSafePatterns(item);
  if (!isPlainObject(condition)) return;
  for (const [key, value] of Object.entries(condition)) {
    if (key === "$regex") {
      if (typeof value !== "string") throw modifierError("$regex has to be a string");
      if (value.length > MAX_PATTERN_LENGTH || !safeRegex(value)) {
        throw modifierError("$regex is too complex to run safely");
      }
    } else assertSafePatterns(value);
  }
}

const isOperatorObject = (value: Record<string, unknown>) => Object.keys(value).some((key) => key.startsWith("$"));

/** Builds the test an element has to pass to be pulled; throws a DDP error for a condition MongoDB refuses. */
export function pullTest(condition: unknown): (element: unknown) => boolean {
  if (!isPlainObject(condition)) {
    return (element) => equals(element, condition, { keyOrderSensitive: true });
  }
  assertSafePatterns(condition);
  try {
    if (isOperatorObject(condition)) {
      const query = new Query({ v: condition }, { context });
      return (element) => query.test({ v: element });
    }
    const query = new Query(condition, { context });
    return (element) => isPlainObject(element) && query.test(element);
  } catch (error) {
    throw modifierError(error instanceof Error ? error.message : "Invalid $pull condition");
  }
}
