import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES } from "../../protocol/constants";
import { LiveError } from "../../protocol/errors";
import { applyModifier, modifiedFields, modifierOperators } from "../../worker/live/modifier";

const doc = { _id: "1", title: "Vase", qty: 2, tags: ["a", "b"], dims: { w: 1 } };

describe("update modifiers: what the issue found broken", () => {
  it("pulls by condition: $in, $gt, $regex and a sub-document query", () => {
    expect(applyModifier({ _id: "1", a: [1, 2, 3, 4] }, { $pull: { a: { $in: [2, 4] } } }).a).toEqual([1, 3]);
    expect(applyModifier({ _id: "1", a: [1, 2, 3, 4] }, { $pull: { a: { $gt: 2 } } }).a).toEqual([1, 2]);
    expect(applyModifier({ _id: "1", a: ["apple", "kiwi", "avocado"] }, { $pull: { a: { $regex: "^a" } } }).a).toEqual([
      "kiwi",
    ]);
    const lines = [
      { sku: "A", qty: 0 },
      { sku: "B", qty: 5 },
      { sku: "C", qty: 1 },
    ];
    expect(applyModifier({ _id: "1", lines }, { $pull: { lines: { qty: { $lt: 2 } } } }).lines).toEqual([
      { sku: "B", qty: 5 },
    ]);
  });

  it("pushes with $each, $position, $sort and $slice together", () => {
    expect(
      applyModifier({ _id: "1", a: [5, 1] }, { $push: { a: { $each: [4, 2], $position: 1, $sort: -1, $slice: 3 } } }).a,
    ).toEqual([5, 4, 2]);
    // MongoDB sorts without a $slice, and plain values by 1/-1 (minimongo would refuse both).
    expect(applyModifier({ _id: "1", a: [3, 1] }, { $push: { a: { $each: [2], $sort: 1 } } }).a).toEqual([1, 2, 3]);
    expect(
      applyModifier(
        { _id: "1", a: [{ n: "b", at: [3, 9] }] },
        { $push: { a: { $each: [{ n: "a", at: [5] }], $sort: { at: 1 } } } },
      ).a,
    ).toEqual([
      { n: "b", at: [3, 9] },
      { n: "a", at: [5] },
    ]);
  });

  it("unsets an array element to null, and sets through index paths", () => {
    expect(applyModifier(doc, { $unset: { "tags.0": "" } }).tags).toEqual([null, "b"]);
    expect(applyModifier(doc, { $set: { "tags.0": "z" } }).tags).toEqual(["z", "b"]);
    expect(applyModifier(doc, { $set: { "tags.3": "d" } }).tags).toEqual(["a", "b", null, "d"]);
  });

  it("applies $bit on integers as MongoDB does", () => {
    expect(applyModifier(doc, { $bit: { qty: { or: 5 } } }).qty).toBe(7);
    expect(applyModifier(doc, { $bit: { qty: { and: 3, xor: 8 } } }).qty).toBe(10);
    expect(() => applyModifier(doc, { $bit: { title: { or: 1 } } })).toThrow(
      "Cannot apply $bit modifier to non-integer for field 'title'",
    );
  });

  it("sets the current date", () => {
    const next = applyModifier(doc, { $currentDate: { seenAt: true } });
    expect(next.seenAt).toBeInstanceOf(Date);
  });
});

describe("update modifiers: Meteor's refusals, word for word", () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ $inc: { title: 1 } }, "Cannot apply $inc modifier to non-number for field 'title'"],
    [{ $inc: { qty: "1" } }, "Modifier $inc allowed for numbers only for field 'qty'"],
    [{ $push: { title: 1 } }, "Cannot apply $push modifier to non-array for field 'title'"],
    [{ $pull: { title: 1 } }, "Cannot apply $pull/pullAll modifier to non-array for field 'title'"],
    [{ $pullAll: { tags: "a" } }, "Modifier $pushAll/pullAll allowed for arrays only for field 'tags'"],
    [
      { $push: { tags: { $each: [1], $position: -1 } } },
      "$position in $push must be zero or positive for field 'tags'",
    ],
    [{ $push: { tags: { $each: 1 } } }, "$each must be an array for field 'tags'"],
    [{ $set: { "title.x": 1 } }, "cannot use the part 'x' to traverse Vase"],
    [{ $set: { "tags.x": 1 } }, "can't append to array using string field name [x]"],
    [{ $set: { "tags.$": 1 } }, "The positional operator did not find the match needed from the query"],
    [{ $set: { "a..b": 1 } }, "The update path 'a..b' contains an empty field name, which is not allowed."],
    [{ $set: { "": 1 } }, "An empty update path is not valid."],
    [{ $set: { dims: { $bad: 1 } } }, "Key $bad must not start with '$'"],
    [{ $set: { dims: { "a.b": 1 } } }, "Key a.b must not contain '.'"],
    [
      { $set: { _id: "2" } },
      `After applying the update to the document {_id: "1", ...}, the (immutable) field '_id' was found to have been altered to _id: "2"`,
    ],
    [{ $rename: { title: "title" } }, "$rename source must differ from target for field 'title'"],
    [{ $nope: { title: 1 } }, "Invalid modifier specified $nope"],
    [{ $set: { qty: 1 }, $inc: { qty: 1 } }, "Updating the path 'qty' would create a conflict at 'qty'"],
    [{ $set: { dims: {} }, $unset: { "dims.w": 1 } }, "Updating the path 'dims.w' would create a conflict at 'dims'"],
  ];
  for (const [modifier, reason] of cases) {
    it(`refuses ${JSON.stringify(modifier)}`, () => {
      let thrown: unknown;
      try {
        applyModifier(doc, modifier);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(LiveError);
      expect((thrown as LiveError).reason).toBe(reason);
    });
  }
});

describe("untrusted updates: Meteor's allow/deny gate", () => {
  it("lets through exactly Meteor's ALLOWED_UPDATE_OPERATIONS", () => {
    for (const op of [
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
    ]) {
      expect(modifierOperators({ [op]: {} })).toEqual([op]);
    }
    for (const op of ["$rename", "$min", "$max", "$mul", "$currentDate", "$setOnInsert"]) {
      expect(() => modifierOperators({ [op]: { title: 1 } })).toThrow(
        `Access denied. Operator ${op} not allowed in a restricted collection.`,
      );
    }
    expect(() => modifierOperators({ title: "x" })).toThrow(
      "Access denied. In a restricted collection you can only update documents, not replace them. Use a Mongo update operator, such as '$set'.",
    );
  });

  it("names the top-level fields a modifier touches, a rename's destination included", () => {
    expect(modifiedFields({ $set: { "dims.h": 1, title: "x" }, $inc: { qty: 1 } }).sort()).toEqual([
      "dims",
      "qty",
      "title",
    ]);
    expect(modifiedFields({ $rename: { title: "owner.name" } }).sort()).toEqual(["owner", "title"]);
  });
});

describe("update modifiers: bad input", () => {
  it("refuses __proto__, constructor and prototype in a path or inside a value", () => {
    for (const path of ["__proto__.polluted", "tags.__proto__", "constructor.prototype.polluted", "dims.prototype"]) {
      expect(() => applyModifier({ _id: "1", tags: [], dims: {} }, { $set: { [path]: "yes" } })).toThrow(
        `Invalid field name '${path}'`,
      );
    }
    const value = JSON.parse('{"__proto__": {"polluted": "yes"}}');
    expect(() => applyModifier({ _id: "1" }, { $set: { dims: value } })).toThrow("Invalid field name '__proto__'");
    expect(() => applyModifier({ _id: "1", a: [] }, { $push: { a: value } })).toThrow("Invalid field name '__proto__'");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("does not walk into inherited properties", () => {
    expect(applyModifier({ _id: "1" }, { $set: { "toString.x": 1 } })).toEqual({ _id: "1", toString: { x: 1 } });
    expect(applyModifier({ _id: "1" }, { $inc: { valueOf: 2 } })).toEqual({ _id: "1", valueOf: 2 });
  });

  it("refuses a document that would grow past the size limit, before building it", () => {
    const limit = `Resulting document after update is larger than ${MAX_DOCUMENT_BYTES}`;
    expect(() => applyModifier({ _id: "1", a: [] }, { $set: { "a.999999999": 1 } })).toThrow(limit);
    const big = "x".repeat(MAX_DOCUMENT_BYTES / 2);
    expect(() => applyModifier({ _id: "1", a: big }, { $set: { b: big, c: "y" } })).toThrow(limit);
    // Multi-byte characters count as the bytes they take.
    expect(() => applyModifier({ _id: "1" }, { $set: { b: "€".repeat(MAX_DOCUMENT_BYTES / 2) } })).toThrow(limit);
  });

  it("refuses a $pull pattern that could take exponential time", () => {
    expect(() => applyModifier({ _id: "1", a: ["aaaa"] }, { $pull: { a: { $regex: "(a+)+$" } } })).toThrow(
      "$regex is too complex to run safely",
    );
  });

  it("refuses query operators that would run code", () => {
    expect(() => applyModifier({ _id: "1", a: [1] }, { $pull: { a: { $where: "true" } } })).toThrow(LiveError);
  });
});
