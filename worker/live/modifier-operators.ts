/**
 * Each update operator, applied as Meteor's minimongo applies it (`MODIFIERS`
 * in packages/minimongo/local_collection.js), with its error texts. Where
 * minimongo is knowingly incomplete, the outcome follows MongoDB — what a
 * Meteor server's write really does: `$pull` takes conditions, `$push`'s
 * `$sort` needs no `$slice` and sorts plain values, `$bit` works.
 */
import { equals } from "../../protocol/ejson";
import { comparatorFor, type SortSpec } from "./bson-order";
import {
  assertValidFieldNames,
  type Container,
  findTarget,
  has,
  isPlainObject,
  modifierError,
  pathParts,
  slot,
  type Target,
  write,
} from "./modifier-target";
import { pullTest } from "./pull-condition";

/** The operator's target: a slot, or none when a removing operator found nothing to work on. */
type Apply = (target: Target | undefined | null, arg: unknown, path: string, doc: Container) => void;

const sameValue = (a: unknown, b: unknown) => equals(a, b, { keyOrderSensitive: true });

function numeric(name: string, combine: (current: number, arg: number) => number, missing: (arg: number) => number) {
  return ((target, arg) => {
    if (!target) return;
    if (typeof arg !== "number") throw modifierError(`Modifier ${name} allowed for numbers only`, target.key);
    if (!has(target)) return write(target, missing(arg));
    const current = slot(target);
    if (typeof current !== "number") throw modifierError(`Cannot apply ${name} modifier to non-number`, target.key);
    write(target, combine(current, arg));
  }) satisfies Apply;
}

/** The array at a target for operators that add, created when missing. */
function arrayToAddTo(target: Target, name: string): unknown[] {
  if (slot(target) === undefined) write(target, []);
  const array = slot(target);
  if (!Array.isArray(array)) throw modifierError(`Cannot apply ${name} modifier to non-array`, target.key);
  return array;
}

/** The array at a target for operators that remove; none when there is nothing to remove from. */
function arrayToTakeFrom(target: Target | undefined | null, name: string): unknown[] | undefined {
  if (!target) return undefined;
  const array = slot(target);
  if (array === undefined) return undefined;
  if (!Array.isArray(array)) throw modifierError(`Cannot apply ${name} modifier to non-array`, target.key);
  return array;
}

function isSortSpec(value: unknown): value is SortSpec {
  if (value === 1 || value === -1) return true;
  return (
    isPlainObject(value) &&
    Object.keys(value).length > 0 &&
    Object.values(value).every((direction) => direction === 1 || direction === -1)
  );
}

const push: Apply = (target, arg) => {
  if (!target) return;
  const array = arrayToAddTo(target, "$push");
  if (!(isPlainObject(arg) && arg.$each)) {
    assertValidFieldNames(arg);
    array.push(arg);
    return;
  }
  const toPush = arg.$each;
  if (!Array.isArray(toPush)) throw modifierError("$each must be an array", target.key);
  assertValidFieldNames(toPush);
  let position: number | undefined;
  if ("$position" in arg) {
    if (typeof arg.$position !== "number") throw modifierError("$position must be a numeric value", target.key);
    if (arg.$position < 0) throw modifierError("$position in $push must be zero or positive", target.key);
    position = arg.$position;
  }
  let slice: number | undefined;
  if ("$slice" in arg) {
    if (typeof arg.$slice !== "number") throw modifierError("$slice must be a numeric value", target.key);
    slice = arg.$slice;
  }
  if ("$sort" in arg && !isSortSpec(arg.$sort)) {
    throw modifierError(
      "The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields",
      target.key,
    );
  }
  let next = [...array];
  if (position === undefined) next.push(...toPush);
  else next.splice(position, 0, ...toPush);
  if ("$sort" in arg) next.sort(comparatorFor(arg.$sort as SortSpec));
  if (slice !== undefined) {
    // Unlike Array#slice, 0 empties the array.
    next = slice === 0 ? [] : slice < 0 ? next.slice(slice) : next.slice(0, slice);
  }
  write(target, next);
};

const rename: Apply = (target, arg, path, doc) => {
  if (path === arg) throw modifierError("$rename source must differ from target", target?.key);
  if (target === null) throw modifierError("$rename source field invalid", path);
  if (typeof arg !== "string") throw modifierError("$rename target must be a string", target?.key);
  if (arg.includes("\0")) {
    throw modifierError("The 'to' field for $rename cannot contain an embedded null byte", target?.key);
  }
  // A source through an array was refused above (null), so the container is an object.
  if (target === undefined || !has(target)) return;
  const value = slot(target);
  delete (target.container as Record<string, unknown>)[target.key as string];
  const destination = findTarget(doc, pathParts(arg), { forbidArray: true });
  if (!destination) throw modifierError("$rename target field invalid", target.key);
  write(destination, value);
};

export const OPERATORS: Record<string, Apply> = {
  $currentDate(target, arg) {
    if (!target) return;
    if (isPlainObject(arg) && Object.hasOwn(arg, "$type")) {
      if (arg.$type !== "date") {
        throw modifierError(
          "Minimongo does currently only support the date type in $currentDate modifiers",
          target.key,
        );
      }
    } else if (arg !== true) throw modifierError("Invalid $currentDate modifier", target.key);
    write(target, new Date());
  },
  $inc: numeric(
    "$inc",
    (current, arg) => current + arg,
    (arg) => arg,
  ),
  // A comparison, not Math.min: with NaN on either side the stored value stays, as in minimongo.
  $min: numeric(
    "$min",
    // biome-ignore lint/complexity/useMathMinMax: Math.min would turn the stored value into NaN.
    (current, arg) => (current > arg ? arg : current),
    (arg) => arg,
  ),
  $max: numeric(
    "$max",
    // biome-ignore lint/complexity/useMathMinMax: Math.max would turn the stored value into NaN.
    (current, arg) => (current < arg ? arg : current),
    (arg) => arg,
  ),
  // A missing field multiplied becomes 0, as in MongoDB.
  $mul: numeric(
    "$mul",
    (current, arg) => current * arg,
    () => 0,
  ),
  $rename: rename,
  $set(target, arg) {
    if (!target) return;
    assertValidFieldNames(arg);
    write(target, arg);
  },
  // Only an upsert's insert uses it, and untrusted code cannot upsert.
  $setOnInsert() {},
  $unset(target) {
    if (!target || !has(target)) return;
    // An array keeps its length: the element becomes null.
    if (Array.isArray(target.container)) target.container[target.key as number] = null;
    else delete target.container[target.key as string];
  },
  $push: push,
  $pushAll(target, arg) {
    if (!Array.isArray(arg)) throw modifierError("Modifier $pushAll/pullAll allowed for arrays only");
    if (!target) return;
    assertValidFieldNames(arg);
    arrayToAddTo(target, "$pushAll").push(...arg);
  },
  $addToSet(target, arg) {
    if (!target) return;
    const isEach = isPlainObject(arg) && Object.keys(arg)[0] === "$each";
    const values = isEach ? arg.$each : [arg];
    if (!Array.isArray(values)) throw modifierError("$each must be an array", target.key);
    assertValidFieldNames(values);
    // A missing field takes the values as given, repeats and all (minimongo, and mingo alike).
    if (slot(target) === undefined) return write(target, [...values]);
    const array = arrayToAddTo(target, "$addToSet");
    for (const value of values) if (!array.some((element) => sameValue(value, element))) array.push(value);
  },
  $pop(target, arg) {
    const array = arrayToTakeFrom(target, "$pop");
    if (!array) return;
    if (typeof arg === "number" && arg < 0) array.splice(0, 1);
    else array.pop();
  },
  $pull(target, arg) {
    const array = arrayToTakeFrom(target, "$pull/pullAll");
    if (!array || !target) return;
    const pulled = pullTest(arg);
    write(
      target,
      array.filter((element) => !pulled(element)),
    );
  },
  $pullAll(target, arg) {
    if (!Array.isArray(arg)) throw modifierError("Modifier $pushAll/pullAll allowed for arrays only", target?.key);
    const array = arrayToTakeFrom(target, "$pull/pullAll");
    if (!array || !target) return;
    write(
      target,
      array.filter((element) => !arg.some((value) => sameValue(element, value))),
    );
  },
  // MongoDB's bitwise update on integers (minimongo's client copy has none).
  $bit(target, arg) {
    if (!target) return;
    const kinds = isPlainObject(arg) ? Object.entries(arg) : [];
    if (kinds.length === 0) throw modifierError("$bit needs an object of and/or/xor", target.key);
    let current = has(target) ? slot(target) : 0;
    if (!Number.isInteger(current)) throw modifierError("Cannot apply $bit modifier to non-integer", target.key);
    for (const [kind, operand] of kinds) {
      if (!Number.isInteger(operand)) throw modifierError("$bit operands must be integers", target.key);
      const value = operand as number;
      if (kind === "and") current = (current as number) & value;
      else if (kind === "or") current = (current as number) | value;
      else if (kind === "xor") current = (current as number) ^ value;
      else throw modifierError(`$bit does not know '${kind}'`, target.key);
    }
    write(target, current);
  },
};

/** Operators that only remove, or move: they never create the levels of a missing path. */
export const NO_CREATE = new Set(["$pop", "$pull", "$pullAll", "$rename", "$unset"]);
