/**
 * Our EJSON against Meteor's own (`meteor-standalone-ejson`, the package's
 * code as an oracle) on thousands of generated values: the text `stringify`
 * writes, what `parse` reads back, `equals` and `clone`. Dates, binary,
 * NaN and ±Infinity, and plain objects that look like EJSON's own forms
 * (`$date`, `$binary`, `$InfNaN`, `$escape`, `$type`/`$value`), nested.
 */
import MeteorEJSON from "meteor-standalone-ejson";
import { describe, expect, it } from "vitest";
import { clone, equals, parse, stringify } from "../../protocol/ejson";
import { seeded } from "../support/seeded-random";

/** Generated EJSON values, from a seed (so a failure names a case that can be run again). */
function generator(seed: number) {
  const { int, pick } = seeded(seed);
  const KEYS = ["a", "b", "title", "$date", "$binary", "$InfNaN", "$escape", "$type", "$value", "$x", "_id", ""];
  const value = (depth: number): unknown => {
    const kind = int(depth > 2 ? 7 : 10);
    switch (kind) {
      case 0:
        return pick([0, 1, -1, 0.5, 1e21, -3.25, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
      case 1:
        return pick(["", "x", "é ∑ 😀", "$date", '{"$date":1}']);
      case 2:
        return pick([true, false, null]);
      case 3:
        return new Date(pick([0, 1_700_000_000_000, -86_400_000, 8.64e15]));
      case 4:
        return Uint8Array.from({ length: int(6) }, () => int(256));
      case 5:
        return int(1_000_000);
      case 6:
        return pick(["title", "Box 7", "a\u0000b"]);
      case 7:
        return Array.from({ length: int(4) }, () => value(depth + 1));
      default: {
        const object: Record<string, unknown> = {};
        for (let i = int(3); i >= 0; i--) object[pick(KEYS)] = value(depth + 1);
        return object;
      }
    }
  };
  return () => value(0);
}

/** Meteor's EJSON wants its own binary type: a Uint8Array made by newBinary. */
function forMeteor(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    const bytes = MeteorEJSON.newBinary(value.length) as Uint8Array;
    bytes.set(value);
    return bytes;
  }
  if (value instanceof Date || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(forMeteor);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, forMeteor(inner)]));
}

/**
 * Where Meteor's equals says values of different kinds are equal because
 * neither has keys — a date, an empty binary, an empty array, an empty
 * object (it compares them as objects): our deliberate difference.
 */
function meteorKeylessQuirk(a: unknown, b: unknown): boolean {
  const kind = (x: unknown) =>
    x instanceof Date
      ? "date"
      : x instanceof Uint8Array
        ? "binary"
        : Array.isArray(x)
          ? "array"
          : typeof x === "object" && x !== null
            ? "object"
            : "other";
  const [ka, kb] = [kind(a), kind(b)];
  if (ka !== kb) {
    return (
      ka !== "other" && kb !== "other" && Object.keys(a as object).length === 0 && Object.keys(b as object).length === 0
    );
  }
  if (ka === "array") {
    const [xs, ys] = [a as unknown[], b as unknown[]];
    return xs.length === ys.length && xs.some((x, i) => meteorKeylessQuirk(x, ys[i]));
  }
  if (ka === "object") {
    const record = b as Record<string, unknown>;
    return Object.entries(a as object).some(
      ([key, x]) => Object.hasOwn(record, key) && meteorKeylessQuirk(x, record[key]),
    );
  }
  return false;
}

const CASES = 3000;

describe("EJSON, against Meteor's own", () => {
  it(`writes the same text and reads back the same values for ${CASES} generated values`, () => {
    const next = generator(20261125);
    for (let i = 0; i < CASES; i++) {
      const value = next();
      const theirs = MeteorEJSON.stringify(forMeteor(value));
      expect(stringify(value), `case ${i}`).toBe(theirs);
      const read = parse(theirs);
      expect(MeteorEJSON.equals(forMeteor(read), MeteorEJSON.parse(theirs)), `case ${i}: ${theirs}`).toBe(true);
    }
  });

  it("agrees on equals and clone, for equal and unequal pairs", () => {
    const next = generator(7);
    for (let i = 0; i < CASES; i++) {
      const a = next();
      const b = i % 3 === 0 ? clone(a) : next();
      if (!meteorKeylessQuirk(a, b))
        expect(equals(a, b), `case ${i}`).toBe(MeteorEJSON.equals(forMeteor(a), forMeteor(b)));
      expect(MeteorEJSON.equals(forMeteor(clone(a)), forMeteor(a)), `case ${i}`).toBe(true);
    }
  });

  it("agrees on equals with keyOrderSensitive, which modifiers use to compare sub-documents", () => {
    const next = generator(11);
    // The same value with every object's keys in reverse order.
    const reversed = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reversed);
      if (value === null || typeof value !== "object" || value instanceof Date || value instanceof Uint8Array)
        return value;
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([key, inner]) => [key, reversed(inner)]),
      );
    };
    for (let i = 0; i < CASES; i++) {
      const a = next();
      const b = i % 2 === 0 ? reversed(a) : clone(a);
      if (meteorKeylessQuirk(a, b)) continue;
      for (const keyOrderSensitive of [true, false]) {
        expect(equals(a, b, { keyOrderSensitive }), `case ${i}`).toBe(
          MeteorEJSON.equals(forMeteor(a), forMeteor(b), { keyOrderSensitive }),
        );
      }
    }
  });

  it("differs on purpose in one place: values of different kinds are never equal, even with no keys", () => {
    // Meteor compares a date, an empty binary, [] and {} as objects with no keys and says they are equal
    // (README: deliberate differences).
    expect(MeteorEJSON.equals(new Date(0), MeteorEJSON.newBinary(0))).toBe(true);
    expect(MeteorEJSON.equals(MeteorEJSON.newBinary(0), [])).toBe(true);
    expect(MeteorEJSON.equals(new Date(0), {})).toBe(true);
    expect(equals(new Date(0), new Uint8Array(0))).toBe(false);
    expect(equals(new Uint8Array(0), [])).toBe(false);
    expect(equals(new Date(0), {})).toBe(false);
  });

  it("refuses, as Meteor does, a custom type it does not know", () => {
    const text = '{"shape":{"$type":"Point","$value":[1,2]}}';
    expect(() => MeteorEJSON.parse(text)).toThrow("Custom EJSON type Point is not defined");
    expect(() => parse(text)).toThrow("Custom EJSON type Point is not defined");
  });
});
