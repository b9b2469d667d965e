/**
 * Mongo update modifiers, applied to a copy of a document as Meteor applies
 * them (minimongo's `_modify`, with MongoDB's outcome where minimongo is
 * knowingly incomplete — see modifier-operators.ts), and the allow/deny
 * gate for untrusted clients: only the operators Meteor's allow-deny
 * package lets through (`ALLOWED_UPDATE_OPERATIONS`).
 */

import { MAX_DOCUMENT_BYTES } from "../../protocol/constants";
import type { Fields } from "../../protocol/ddp";
import { clone, equals, stringify } from "../../protocol/ejson";
import { LiveError } from "../../protocol/errors";
import { NO_CREATE, OPERATORS } from "./modifier-operators";
import { type Container, findTarget, isPlainObject, modifierError, pathParts, tooLarge } from "./modifier-target";

/** Meteor's allow-deny.js: every update operator but those that do more than change their own field. */
export const ALLOWED_OPERATORS = [
  "$inc",
  "$set",
  "$unset",
  "$addToSet",
  "$pop",
  "$pullAll",
  "$pull",
  "$pushAll",
  "$push",
  "$bit",
];

const REPLACE_REFUSED =
  "Access denied. In a restricted collection you can only update documents, not replace them. Use a Mongo update operator, such as '$set'.";

const kindOf = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);

/** Checks an untrusted update's shape and operators as Meteor's `_validatedUpdate` does; returns the operators. */
export function modifierOperators(modifier: unknown): string[] {
  if (!isPlainObject(modifier)) throw new LiveError(403, "Access denied");
  const ops = Object.keys(modifier);
  if (ops.length === 0) throw new LiveError(403, REPLACE_REFUSED);
  for (const op of ops) {
    if (!op.startsWith("$")) throw new LiveError(403, REPLACE_REFUSED);
    if (!ALLOWED_OPERATORS.includes(op)) {
      throw new LiveError(403, `Access denied. Operator ${op} not allowed in a restricted collection.`);
    }
  }
  return ops;
}

/** The top-level fields a modifier touches (allow/deny's `fieldNames`), a rename's destination included. */
export function modifiedFields(modifier: Record<string, unknown>): string[] {
  const names = new Set<string>();
  for (const [op, args] of Object.entries(modifier)) {
    if (!isPlainObject(args)) continue;
    for (const [path, arg] of Object.entries(args)) {
      names.add(path.split(".")[0] as string);
      if (op === "$rename" && typeof arg === "string") names.add(arg.split(".")[0] as string);
    }
  }
  return [...names];
}

/**
 * MongoDB refuses one update writing a path twice or a path and one inside
 * it ("would create a conflict"); minimongo would apply them in turn.
 */
function assertNoConflicts(modifier: Record<string, Record<string, unknown>>): void {
  const seen: string[] = [];
  for (const [op, args] of Object.entries(modifier)) {
    for (const [path, arg] of Object.entries(args)) {
      // A rename onto itself gets minimongo's own error from the operator.
      const paths = op === "$rename" && typeof arg === "string" && arg !== path ? [path, arg] : [path];
      for (const next of paths) {
        const clash = seen.find((earlier) => {
          const [short, long] = earlier.length <= next.length ? [earlier, next] : [next, earlier];
          return long === short || long.startsWith(`${short}.`);
        });
        if (clash !== undefined)
          throw modifierError(`Updating the path '${next}' would create a conflict at '${clash}'`);
        seen.push(next);
      }
    }
  }
}

/**
 * Applies any operator minimongo knows to a copy of `doc`; the original is
 * untouched, so a refused modifier changes nothing. Refuses a result larger
 * than MAX_DOCUMENT_BYTES and any change of `_id`.
 */
export function applyModifier(doc: Fields, modifier: unknown): Fields {
  if (!isPlainObject(modifier)) throw modifierError("Modifier must be an object");
  const ops = Object.keys(modifier);
  if (ops.length === 0 || ops.some((op) => !op.startsWith("$"))) throw new LiveError(403, REPLACE_REFUSED);
  for (const op of ops) {
    if (!Object.hasOwn(OPERATORS, op)) throw modifierError(`Invalid modifier specified ${op}`);
    const args = modifier[op];
    if (!isPlainObject(args)) {
      throw modifierError(
        `Modifiers operate on fields but we found type ${kindOf(args)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${JSON.stringify(args)}}`,
      );
    }
  }
  // The caller's modifier is never stored by reference.
  const mod = clone(modifier) as Record<string, Record<string, unknown>>;
  assertNoConflicts(mod);
  const out = clone(doc) as Record<string, unknown>;
  for (const op of ops) {
    const apply = OPERATORS[op] as (typeof OPERATORS)[string];
    for (const [path, arg] of Object.entries(mod[op] as Record<string, unknown>)) {
      const parts = pathParts(path);
      const target = findTarget(out as Container, parts, {
        noCreate: NO_CREATE.has(op),
        forbidArray: op === "$rename",
      });
      apply(target, arg, path, out as Container);
    }
  }
  if (doc._id !== undefined && !equals(doc._id, out._id)) {
    throw modifierError(
      `After applying the update to the document {_id: "${String(doc._id)}", ...}, the (immutable) field '_id' was found to have been altered to _id: "${String(out._id)}"`,
    );
  }
  const text = stringify(out);
  // Characters are at most 3 bytes in UTF-8: count bytes only when it could matter.
  if (text.length * 3 > MAX_DOCUMENT_BYTES && new TextEncoder().encode(text).length > MAX_DOCUMENT_BYTES) {
    throw tooLarge();
  }
  return out;
}
