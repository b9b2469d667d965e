/**
 * MongoDB's order between values of any kinds (minimongo's `_f._cmp`):
 * null < numbers < strings < objects < arrays < binary < booleans < dates,
 * with a missing value before everything. Used by `$push` with `$sort`.
 */
import { isPlainObject } from "./modifier-target";

function typeOrder(value: unknown): number {
  if (value === null) return 0;
  if (typeof value === "number") return 1;
  if (typeof value === "string") return 2;
  if (Array.isArray(value)) return 4;
  if (value instanceof Uint8Array) return 5;
  if (typeof value === "boolean") return 7;
  if (value instanceof Date) return 8;
  return 3;
}

/** Negative when `a` sorts first, positive when `b` does, 0 when equal. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === undefined) return b === undefined ? 0 : -1;
  if (b === undefined) return 1;
  const order = typeOrder(a) - typeOrder(b);
  if (order !== 0) return order < 0 ? -1 : 1;
  if (typeof a === "number") return a - (b as number);
  if (typeof a === "string") return a < (b as string) ? -1 : a === b ? 0 : 1;
  if (typeof a === "boolean") return Number(a) - Number(b);
  if (a instanceof Date) return a.getTime() - (b as Date).getTime();
  if (a instanceof Uint8Array) {
    const other = b as Uint8Array;
    if (a.length !== other.length) return a.length - other.length;
    for (let i = 0; i < a.length; i++) if (a[i] !== other[i]) return (a[i] as number) - (other[i] as number);
    return 0;
  }
  if (Array.isArray(a)) return compareLists(a, b as unknown[]);
  if (a === null) return 0;
  // Objects compare as their key, value, key, value… lists, in key order.
  const flat = (object: Record<string, unknown>) => Object.entries(object).flat();
  return compareLists(flat(a as Record<string, unknown>), flat(b as Record<string, unknown>));
}

function compareLists(a: unknown[], b: unknown[]): number {
  for (let i = 0; ; i++) {
    if (i === a.length) return i === b.length ? 0 : -1;
    if (i === b.length) return 1;
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
}

/** The value at a dotted path of an element; none when the path leaves objects. */
function lookUp(element: unknown, path: string): unknown {
  let node = element;
  for (const part of path.split(".")) {
    if (!isPlainObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * The sort key of one field: an array sorts by its smallest element going
 * up and by its largest going down, as MongoDB sorts documents.
 */
function sortKey(value: unknown, direction: 1 | -1): unknown {
  if (!Array.isArray(value) || value.length === 0) return value;
  return value.reduce((best, item) => (compareValues(item, best) * direction < 0 ? item : best));
}

export type SortSpec = 1 | -1 | Record<string, 1 | -1>;

/** A comparator for `$push … $sort`: 1/-1 sorts the elements themselves, an object sorts by fields. */
export function comparatorFor(spec: SortSpec): (a: unknown, b: unknown) => number {
  if (spec === 1 || spec === -1) return (a, b) => compareValues(a, b) * spec;
  const fields = Object.entries(spec);
  return (a, b) => {
    for (const [path, direction] of fields) {
      const order = compareValues(sortKey(lookUp(a, path), direction), sortKey(lookUp(b, path), direction));
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}
