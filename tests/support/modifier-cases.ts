/**
 * Generated (document, modifier) pairs for the differential test against
 * mingo: small documents with numbers, strings, nested objects and arrays of
 * values and of sub-documents, and modifiers drawn from every operator, on
 * paths that exist, are missing, go through arrays by index or hit a value
 * of the wrong kind.
 */
import { seeded } from "./seeded-random";

type Doc = Record<string, unknown>;

export function modifierCases(seed: number) {
  const { int, pick, next } = seeded(seed);
  const scalar = () => pick<unknown>([0, 1, 2, 5, -3, 2.5, "a", "b", "kiwi", true, null]);
  const small = (): unknown => {
    const kind = int(6);
    if (kind === 0) return [scalar(), scalar(), scalar()].slice(0, int(4));
    if (kind === 1) return { x: scalar(), y: scalar() };
    if (kind === 2) return [{ x: int(4), y: "a" }, { x: int(4) }, { x: int(4), y: "b" }].slice(0, 1 + int(3));
    return scalar();
  };
  const doc = (): Doc => {
    const out: Doc = { _id: "doc1" };
    for (const key of ["a", "b", "c"]) if (next() < 0.8) out[key] = small();
    if (next() < 0.5) out.n = { a: small(), b: [int(5), int(5)] };
    return out;
  };
  const path = () =>
    pick(["a", "b", "c", "d", "n.a", "n.b", "n.z", "a.0", "a.1", "a.x", "b.0.x", "n.b.1", "a.2", "n.b.3"]);
  const numberArg = () => pick<unknown>([1, 2, -1, 0, 3.5, "1"]);
  const ops: Record<string, () => unknown> = {
    $set: small,
    $unset: () => "",
    $inc: numberArg,
    $min: numberArg,
    $max: numberArg,
    $mul: numberArg,
    $push: () =>
      next() < 0.5
        ? small()
        : {
            $each: [small(), small()].slice(0, int(3)),
            ...(next() < 0.4 ? { $slice: pick([-2, 0, 1, 3]) } : {}),
            ...(next() < 0.3 ? { $position: pick([0, 1, 5]) } : {}),
            ...(next() < 0.3 ? { $sort: pick<unknown>([1, -1, { x: 1 }, { x: -1, y: 1 }]) } : {}),
          },
    $addToSet: () => (next() < 0.6 ? small() : { $each: [small(), scalar()] }),
    $pop: () => pick([1, -1]),
    $pull: () =>
      pick<() => unknown>([
        scalar,
        () => ({ $in: [scalar(), scalar()] }),
        () => ({ $gt: int(3) }),
        () => ({ $lte: 1 }),
        () => ({ $regex: "^k" }),
        () => ({ x: int(4) }),
        () => ({ x: { $gte: 2 } }),
      ])(),
    $pullAll: () => [scalar(), scalar(), { x: 1, y: "a" }],
    $rename: () => pick(["z", "n.q", "a", "b"]),
    $bit: () => pick([{ and: 3 }, { or: 4 }, { xor: 1 }]),
  };
  const modifier = (): Doc => {
    const out: Record<string, Doc> = {};
    const count = 1 + int(2);
    for (let i = 0; i < count; i++) {
      const op = pick(Object.keys(ops));
      out[op] ??= {};
      (out[op] as Doc)[path()] = (ops[op] as () => unknown)();
    }
    return out;
  };
  return () => ({ doc: doc(), modifier: modifier() });
}
