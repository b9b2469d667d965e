/**
 * Where a modifier writes, found as Meteor's minimongo finds it
 * (`findModTarget` in packages/minimongo/local_collection.js): a dotted path
 * walks objects and arrays, a numeric part indexes an array (padding it with
 * nulls, as MongoDB does), missing levels are created like `mkdir -p` unless
 * the operator only removes. Errors carry minimongo's texts.
 */
import { MAX_DOCUMENT_BYTES } from "../../protocol/constants";
import { LiveError } from "../../protocol/errors";

export type Container = Record<string, unknown> | unknown[];

/** Minimongo's error texts, with its " for field 'x'" suffix, as a DDP error the caller can read. */
export function modifierError(message: string, field?: string | number): LiveError {
  return new LiveError(400, field === undefined ? message : `${message} for field '${field}'`);
}

export const tooLarge = (): LiveError =>
  new LiveError(400, `Resulting document after update is larger than ${MAX_DOCUMENT_BYTES}`);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !(value instanceof Uint8Array)
  );
}

const isIndexable = (value: unknown): value is Container => Array.isArray(value) || isPlainObject(value);
const isNumericKey = (part: string) => /^[0-9]+$/.test(part);

/**
 * Names that would reach an object's prototype instead of its own fields.
 * MongoDB stores them as plain names; we refuse them anywhere, since a
 * document or value carrying one could pollute an object that code here or
 * in a client later builds from it.
 */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

const INVALID_CHARACTER: Record<string, string> = {
  $: "start with '$'",
  ".": "contain '.'",
  "\0": "contain null bytes",
};

/** Minimongo's `assertIsValidFieldName`: no leading `$`, no `.` and no NUL in a stored key. */
export function assertValidFieldName(key: string): void {
  const match = key.match(/^\$|\.|\0/);
  if (match) throw modifierError(`Key ${key} must not ${INVALID_CHARACTER[match[0]]}`);
  if (PROTOTYPE_KEYS.has(key)) throw modifierError(`Invalid field name '${key}'`);
}

/** Minimongo's `assertHasValidFieldNames`: every key at every depth of a value being stored. */
export function assertValidFieldNames(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) assertValidFieldNames(item);
  } else if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      assertValidFieldName(key);
      assertValidFieldNames(inner);
    }
  }
}

/** Splits an update path, refusing what minimongo refuses and what reaches a prototype. */
export function pathParts(path: string): string[] {
  if (path === "") throw modifierError("An empty update path is not valid.");
  const parts = path.split(".");
  if (!parts.every(Boolean)) {
    throw modifierError(`The update path '${path}' contains an empty field name, which is not allowed.`);
  }
  if (parts.some((part) => PROTOTYPE_KEYS.has(part))) throw modifierError(`Invalid field name '${path}'`);
  return parts;
}

export interface TargetOptions {
  /** Operators that only remove ($unset, $pop, $pull…) do not create levels: the target is then `undefined`. */
  noCreate?: boolean;
  /** $rename does not go through arrays: the target is then `null`. */
  forbidArray?: boolean;
}

export interface Target {
  container: Container;
  /** The last part, a number when the container is an array ('a.01' → 1). */
  key: string | number;
}

/**
 * Walks `doc` along `parts` to the container of the last part. Untrusted
 * updates select one document by id, so no query ever binds the positional
 * `$`: it is refused as minimongo refuses it without a match.
 */
export function findTarget(doc: Container, parts: string[], options: TargetOptions = {}): Target | undefined | null {
  let node: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const part = parts[i] as string;
    let key: string | number = part;
    if (!isIndexable(node)) {
      if (options.noCreate) return undefined;
      throw modifierError(`cannot use the part '${part}' to traverse ${String(node)}`);
    }
    if (Array.isArray(node)) {
      if (options.forbidArray) return null;
      if (part === "$") {
        throw modifierError("The positional operator did not find the match needed from the query");
      }
      if (!isNumericKey(part)) {
        if (options.noCreate) return undefined;
        throw modifierError(`can't append to array using string field name [${part}]`);
      }
      const index = Number.parseInt(part, 10);
      key = index;
      if (options.noCreate && index >= node.length) return undefined;
      // Padding an array towards a far index is refused before it is built: "null," per slot.
      if (index - node.length > MAX_DOCUMENT_BYTES / 5) throw tooLarge();
      while (node.length < index) node.push(null);
      if (!last) {
        if (node.length === index) node.push({});
        else if (typeof node[index] !== "object") {
          throw modifierError(`can't modify field '${parts[i + 1]}' of list value ${JSON.stringify(node[index])}`);
        }
      }
    } else {
      assertValidFieldName(part);
      if (!Object.hasOwn(node, part)) {
        if (options.noCreate) return undefined;
        if (!last) node[part] = {};
      }
    }
    if (last) return { container: node, key };
    node = (node as Record<string | number, unknown>)[key];
  }
  return undefined;
}

/** Reads a container's own slot (never an inherited property). */
export function slot(target: Target): unknown {
  const { container, key } = target;
  return Object.hasOwn(container, key) ? (container as Record<string | number, unknown>)[key] : undefined;
}

export function has(target: Target): boolean {
  return Object.hasOwn(target.container, target.key);
}

export function write(target: Target, value: unknown): void {
  (target.container as Record<string | number, unknown>)[target.key] = value;
}
