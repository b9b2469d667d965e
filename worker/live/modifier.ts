/**
 * Applies a Mongo-style update modifier to a document copy — the operators
 * Meteor allows from untrusted code: $inc $set $unset $addToSet $pop $pullAll
 * $pull $push $bit. Dotted paths reach into nested objects. Anything else is
 * refused before the document is touched.
 */
import type { Fields } from "../../protocol/ddp";
import { clone, equals } from "../../protocol/ejson";
import { LiveError } from "../../protocol/errors";

export const ALLOWED_OPERATORS = ["$inc", "$set", "$unset", "$addToSet", "$pop", "$pullAll", "$pull", "$push", "$bit"];

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

function bad(reason: string): LiveError {
  return new LiveError(400, reason);
}

/** Names that would reach an object's prototype instead of its own fields. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Walks to the parent of `path` through own properties only, creating objects on the way when asked. */
function parentOf(doc: Obj, path: string, create: boolean): { parent: Obj; key: string } | null {
  const parts = path.split(".");
  if (parts.some((part) => part === "" || part.startsWith("$") || FORBIDDEN_KEYS.has(part))) {
    throw bad(`Invalid field name '${path}'`);
  }
  if (parts[0] === "_id") throw bad("Cannot modify _id");
  let node: Obj = doc;
  for (const part of parts.slice(0, -1)) {
    const next = Object.hasOwn(node, part) ? node[part] : undefined;
    if (next === undefined && create) node[part] = {};
    else if (!isObject(next)) return null;
    node = node[part] as Obj;
  }
  return { parent: node, key: parts[parts.length - 1] as string };
}

function arrayAt(doc: Obj, path: string, create: boolean): unknown[] | null {
  const at = parentOf(doc, path, create);
  if (!at) return null;
  const value = Object.hasOwn(at.parent, at.key) ? at.parent[at.key] : undefined;
  if (value === undefined && create) {
    at.parent[at.key] = [];
    return at.parent[at.key] as unknown[];
  }
  if (!Array.isArray(value)) throw bad(`Field '${path}' is not an array`);
  return value;
}

function eachOf(value: unknown): unknown[] {
  return isObject(value) && Array.isArray(value.$each) ? value.$each : [value];
}

function applyOperator(doc: Obj, op: string, path: string, arg: unknown): void {
  switch (op) {
    case "$set": {
      const at = parentOf(doc, path, true);
      if (!at) throw bad(`Cannot set '${path}'`);
      at.parent[at.key] = clone(arg);
      return;
    }
    case "$unset": {
      const at = parentOf(doc, path, false);
      if (at) delete at.parent[at.key];
      return;
    }
    case "$inc": {
      if (typeof arg !== "number") throw bad("Modifier $inc allowed for numbers only");
      const at = parentOf(doc, path, true);
      if (!at) throw bad(`Cannot increment '${path}'`);
      const current = (Object.hasOwn(at.parent, at.key) ? at.parent[at.key] : undefined) ?? 0;
      if (typeof current !== "number") throw bad(`Cannot apply $inc to a non-number '${path}'`);
      at.parent[at.key] = current + arg;
      return;
    }
    case "$push": {
      const array = arrayAt(doc, path, true);
      if (!array) throw bad(`Cannot push to '${path}'`);
      array.push(...eachOf(arg).map(clone));
      return;
    }
    case "$addToSet": {
      const array = arrayAt(doc, path, true);
      if (!array) throw bad(`Cannot add to '${path}'`);
      for (const value of eachOf(arg)) if (!array.some((item) => equals(item, value))) array.push(clone(value));
      return;
    }
    case "$pop": {
      const array = arrayAt(doc, path, false);
      if (array && array.length > 0) {
        if (typeof arg === "number" && arg < 0) array.shift();
        else array.pop();
      }
      return;
    }
    case "$pull":
    case "$pullAll": {
      const array = arrayAt(doc, path, false);
      if (!array) return;
      if (op === "$pullAll" && !Array.isArray(arg)) throw bad("Modifier $pullAll allowed for arrays only");
      const values = op === "$pullAll" ? (arg as unknown[]) : [arg];
      const kept = array.filter((item) => !values.some((value) => equals(item, value)));
      array.splice(0, array.length, ...kept);
      return;
    }
    case "$bit": {
      const at = parentOf(doc, path, true);
      if (!at || !isObject(arg)) throw bad("$bit needs an object of and/or/xor");
      let current = (Object.hasOwn(at.parent, at.key) ? at.parent[at.key] : undefined) ?? 0;
      if (typeof current !== "number") throw bad(`Cannot apply $bit to a non-number '${path}'`);
      for (const [kind, operand] of Object.entries(arg)) {
        if (typeof operand !== "number") throw bad("$bit operands must be numbers");
        if (kind === "and") current &= operand;
        else if (kind === "or") current |= operand;
        else if (kind === "xor") current ^= operand;
        else throw bad(`$bit does not know '${kind}'`);
      }
      at.parent[at.key] = current;
      return;
    }
    default:
      throw new LiveError(403, `Access denied. Operator ${op} not allowed in a restricted collection.`);
  }
}

/** Returns the operators used, refusing replacement documents and unknown operators. */
export function modifierOperators(modifier: unknown): string[] {
  if (!isObject(modifier)) throw new LiveError(403, "Access denied");
  const ops = Object.keys(modifier);
  if (ops.length === 0 || ops.some((op) => !op.startsWith("$"))) {
    // A replacement document: Meteor refuses these from untrusted code.
    throw new LiveError(
      403,
      "Access denied. In a restricted collection you can only update documents, not replace them. Use a Mongo update operator, such as '$set'.",
    );
  }
  for (const op of ops) {
    if (!ALLOWED_OPERATORS.includes(op)) {
      throw new LiveError(403, `Access denied. Operator ${op} not allowed in a restricted collection.`);
    }
    if (!isObject(modifier[op])) throw new LiveError(400, `Modifier ${op} needs an object`);
  }
  return ops;
}

/** The top-level fields a modifier touches (for allow/deny `fieldNames`). */
export function modifiedFields(modifier: Obj): string[] {
  const names = new Set<string>();
  for (const args of Object.values(modifier)) {
    for (const path of Object.keys(args as Obj)) names.add(path.split(".")[0] as string);
  }
  return [...names];
}

export function applyModifier(doc: Fields, modifier: unknown): Fields {
  const ops = modifierOperators(modifier);
  const out = clone(doc) as Obj;
  for (const op of ops) {
    for (const [path, arg] of Object.entries((modifier as Obj)[op] as Obj)) applyOperator(out, op, path, arg);
  }
  return out;
}
