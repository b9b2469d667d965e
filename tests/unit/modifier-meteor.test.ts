/**
 * Update modifiers against the behaviour Meteor's minimongo pins down in its
 * own tests (packages/minimongo/minimongo_tests_client.js, "minimongo -
 * modify"): each case there that an untrusted update can reach, with the
 * document, the modifier and the result or the refusal. Upserts and
 * positional matches need a query, which untrusted updates never have.
 */
import { describe, expect, it } from "vitest";
import { LiveError } from "../../protocol/errors";
import { applyModifier } from "../../worker/live/modifier";

type Doc = Record<string, unknown>;

/** Meteor's documents carry an _id; so do ours, and it must come through unchanged. */
function modify(doc: Doc, mod: Doc, expected: Doc): void {
  const input = { _id: "doc1", ...doc };
  const before = structuredClone(input);
  expect(applyModifier(input, mod), JSON.stringify({ doc, mod })).toEqual({ _id: "doc1", ...expected });
  expect(input, "the stored document is not touched").toEqual(before);
}

/** A refusal is a DDP error with a reason, never a crash of another kind. */
function exception(doc: Doc, mod: Doc): void {
  let thrown: unknown;
  try {
    applyModifier({ _id: "doc1", ...doc }, mod);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, JSON.stringify({ doc, mod })).toBeInstanceOf(LiveError);
}

describe("modifiers as Meteor's minimongo tests pin them", () => {
  it("applies and refuses each case", () => {
    // document replacement
    // (Meteor replaces the document here; untrusted code may not, so these are refused.)
    exception({ a: 12 }, {});
    exception({ a: 12 }, { a: 13 });
    exception({ a: 12 }, { a: 13, $set: { b: 13 } });
    exception({ a: 12 }, { $set: { b: 13 }, a: 13 });
    exception({ a: 12 }, { $a: 13 });
    exception({ a: 12 }, { b: { $a: 13 } });
    exception({ a: 12 }, { b: { "a.b": 13 } });
    exception({ a: 12 }, { b: { "\0a": 13 } });
    // keys
    modify({}, { $set: { a: 12 } }, { a: 12 });
    modify({}, { $set: { "a.b": 12 } }, { a: { b: 12 } });
    modify({}, { $set: { "a.b.c": 12 } }, { a: { b: { c: 12 } } });
    modify({ a: { d: 99 } }, { $set: { "a.b.c": 12 } }, { a: { d: 99, b: { c: 12 } } });
    modify({}, { $set: { "a.b.3.c": 12 } }, { a: { b: { 3: { c: 12 } } } });
    modify({ a: { b: [] } }, { $set: { "a.b.3.c": 12 } }, { a: { b: [null, null, null, { c: 12 }] } });
    exception({ a: [null, null, null] }, { $set: { "a.1.b": 12 } });
    exception({ a: [null, 1, null] }, { $set: { "a.1.b": 12 } });
    exception({ a: [null, "x", null] }, { $set: { "a.1.b": 12 } });
    exception({ a: [null, [], null] }, { $set: { "a.1.b": 12 } });
    modify({ a: [null, null, null] }, { $set: { "a.3.b": 12 } }, { a: [null, null, null, { b: 12 }] });
    exception({ a: [] }, { $set: { "a.b": 12 } });
    exception({ a: 12 }, { $set: { "a.b": 99 } });
    exception({ a: "x" }, { $set: { "a.b": 99 } });
    exception({ a: true }, { $set: { "a.b": 99 } });
    exception({ a: null }, { $set: { "a.b": 99 } });
    modify({ a: {} }, { $set: { "a.3": 12 } }, { a: { 3: 12 } });
    modify({ a: [] }, { $set: { "a.3": 12 } }, { a: [null, null, null, 12] });
    exception({}, { $set: { "": 12 } });
    exception({}, { $set: { ".": 12 } });
    exception({}, { $set: { "a.": 12 } });
    exception({}, { $set: { ". ": 12 } });
    exception({}, { $inc: { "... ": 12 } });
    exception({}, { $set: { "a..b": 12 } });
    modify({ a: [1, 2, 3] }, { $set: { "a.01": 99 } }, { a: [1, 99, 3] });
    modify({ a: [1, { a: 98 }, 3] }, { $set: { "a.01.b": 99 } }, { a: [1, { a: 98, b: 99 }, 3] });
    // $inc
    modify({ a: 1, b: 2 }, { $inc: { a: 10 } }, { a: 11, b: 2 });
    modify({ a: 1, b: 2 }, { $inc: { c: 10 } }, { a: 1, b: 2, c: 10 });
    exception({ a: 1 }, { $inc: { a: "10" } });
    exception({ a: 1 }, { $inc: { a: true } });
    exception({ a: 1 }, { $inc: { a: [10] } });
    exception({ a: "1" }, { $inc: { a: 10 } });
    exception({ a: [1] }, { $inc: { a: 10 } });
    exception({ a: {} }, { $inc: { a: 10 } });
    exception({ a: false }, { $inc: { a: 10 } });
    exception({ a: null }, { $inc: { a: 10 } });
    modify({ a: [1, 2] }, { $inc: { "a.1": 10 } }, { a: [1, 12] });
    modify({ a: [1, 2] }, { $inc: { "a.2": 10 } }, { a: [1, 2, 10] });
    modify({ a: [1, 2] }, { $inc: { "a.3": 10 } }, { a: [1, 2, null, 10] });
    modify({ a: { b: 2 } }, { $inc: { "a.b": 10 } }, { a: { b: 12 } });
    modify({ a: { b: 2 } }, { $inc: { "a.c": 10 } }, { a: { b: 2, c: 10 } });
    exception({}, { $inc: { _id: 1 } });
    // $currentDate
    // $min
    modify({ a: 1, b: 2 }, { $min: { b: 1 } }, { a: 1, b: 1 });
    modify({ a: 1, b: 2 }, { $min: { b: 3 } }, { a: 1, b: 2 });
    modify({ a: 1, b: 2 }, { $min: { c: 10 } }, { a: 1, b: 2, c: 10 });
    exception({ a: 1 }, { $min: { a: "10" } });
    exception({ a: 1 }, { $min: { a: true } });
    exception({ a: 1 }, { $min: { a: [10] } });
    exception({ a: "1" }, { $min: { a: 10 } });
    exception({ a: [1] }, { $min: { a: 10 } });
    exception({ a: {} }, { $min: { a: 10 } });
    exception({ a: false }, { $min: { a: 10 } });
    exception({ a: null }, { $min: { a: 10 } });
    modify({ a: [1, 2] }, { $min: { "a.1": 1 } }, { a: [1, 1] });
    modify({ a: [1, 2] }, { $min: { "a.1": 3 } }, { a: [1, 2] });
    modify({ a: [1, 2] }, { $min: { "a.2": 10 } }, { a: [1, 2, 10] });
    modify({ a: [1, 2] }, { $min: { "a.3": 10 } }, { a: [1, 2, null, 10] });
    modify({ a: { b: 2 } }, { $min: { "a.b": 1 } }, { a: { b: 1 } });
    modify({ a: { b: 2 } }, { $min: { "a.c": 10 } }, { a: { b: 2, c: 10 } });
    exception({}, { $min: { _id: 1 } });
    //$mul
    modify({ a: 1, b: 1 }, { $mul: { b: 2 } }, { a: 1, b: 2 });
    modify({ a: 1, b: 1 }, { $mul: { c: 2 } }, { a: 1, b: 1, c: 0 });
    modify({ a: 1, b: 2 }, { $mul: { b: 2 } }, { a: 1, b: 4 });
    modify({ a: 1, b: 2 }, { $mul: { b: 10 } }, { a: 1, b: 20 });
    exception({ a: 1 }, { $mul: { a: "10" } });
    exception({ a: 1 }, { $mul: { a: true } });
    exception({ a: 1 }, { $mul: { a: [10] } });
    exception({ a: "1" }, { $mul: { a: 10 } });
    exception({ a: [1] }, { $mul: { a: 10 } });
    exception({ a: {} }, { $mul: { a: 10 } });
    exception({ a: false }, { $mul: { a: 10 } });
    exception({ a: null }, { $mul: { a: 10 } });
    exception({}, { $mul: { _id: 1 } });
    modify({ a: [1, 2] }, { $mul: { "a.0": 2 } }, { a: [2, 2] });
    modify({ a: [1, 2] }, { $mul: { "a.1": 3 } }, { a: [1, 6] });
    modify({ a: [1, 2] }, { $mul: { "a.1": 10 } }, { a: [1, 20] });
    modify({ a: [1, 2] }, { $mul: { "a.2": 10 } }, { a: [1, 2, 0] });
    modify({ a: { b: 2 } }, { $mul: { "a.b": 1 } }, { a: { b: 2 } });
    modify({ a: { b: 2 } }, { $mul: { "a.c": 10 } }, { a: { b: 2, c: 0 } });
    // $max
    modify({ a: 1, b: 2 }, { $max: { b: 1 } }, { a: 1, b: 2 });
    modify({ a: 1, b: 2 }, { $max: { b: 3 } }, { a: 1, b: 3 });
    modify({ a: 1, b: 2 }, { $max: { c: 10 } }, { a: 1, b: 2, c: 10 });
    exception({ a: 1 }, { $max: { a: "10" } });
    exception({ a: 1 }, { $max: { a: true } });
    exception({ a: 1 }, { $max: { a: [10] } });
    exception({ a: "1" }, { $max: { a: 10 } });
    exception({ a: [1] }, { $max: { a: 10 } });
    exception({ a: {} }, { $max: { a: 10 } });
    exception({ a: false }, { $max: { a: 10 } });
    exception({ a: null }, { $max: { a: 10 } });
    modify({ a: [1, 2] }, { $max: { "a.1": 3 } }, { a: [1, 3] });
    modify({ a: [1, 2] }, { $max: { "a.1": 1 } }, { a: [1, 2] });
    modify({ a: [1, 2] }, { $max: { "a.2": 10 } }, { a: [1, 2, 10] });
    modify({ a: [1, 2] }, { $max: { "a.3": 10 } }, { a: [1, 2, null, 10] });
    modify({ a: { b: 2 } }, { $max: { "a.b": 3 } }, { a: { b: 3 } });
    modify({ a: { b: 2 } }, { $max: { "a.c": 10 } }, { a: { b: 2, c: 10 } });
    exception({}, { $max: { _id: 1 } });
    // $set
    modify({ a: 1, b: 2 }, { $set: { a: 10 } }, { a: 10, b: 2 });
    modify({ a: 1, b: 2 }, { $set: { c: 10 } }, { a: 1, b: 2, c: 10 });
    modify({ a: 1, b: 2 }, { $set: { a: { c: 10 } } }, { a: { c: 10 }, b: 2 });
    modify({ a: [1, 2], b: 2 }, { $set: { a: [3, 4] } }, { a: [3, 4], b: 2 });
    modify({ a: [1, 2, 3], b: 2 }, { $set: { "a.1": [3, 4] } }, { a: [1, [3, 4], 3], b: 2 });
    modify({ a: [1], b: 2 }, { $set: { "a.1": 9 } }, { a: [1, 9], b: 2 });
    modify({ a: [1], b: 2 }, { $set: { "a.2": 9 } }, { a: [1, null, 9], b: 2 });
    modify({ a: { b: 1 } }, { $set: { "a.c": 9 } }, { a: { b: 1, c: 9 } });
    modify({}, { $set: { "x._id": 4 } }, { x: { _id: 4 } });
    // Changing _id is disallowed
    exception({}, { $set: { _id: 4 } });
    exception({ _id: 1 }, { $set: { _id: 4 } });
    modify({ _id: 4 }, { $set: { _id: 4 } }, { _id: 4 });
    // restricted field names
    exception({ a: {} }, { $set: { a: { $a: 1 } } });
    exception({ a: {} }, { $set: { a: { c: [{ b: { $a: 1 } }] } } });
    exception({ a: {} }, { $set: { a: { "\0a": 1 } } });
    exception({ a: {} }, { $set: { a: { "a.b": 1 } } });
    // $unset
    modify({}, { $unset: { a: 1 } }, {});
    modify({ a: 1 }, { $unset: { a: 1 } }, {});
    modify({ a: 1, b: 2 }, { $unset: { a: 1 } }, { b: 2 });
    modify({ a: 1, b: 2 }, { $unset: { a: 0 } }, { b: 2 });
    modify({ a: 1, b: 2 }, { $unset: { a: false } }, { b: 2 });
    modify({ a: 1, b: 2 }, { $unset: { a: null } }, { b: 2 });
    modify({ a: 1, b: 2 }, { $unset: { a: [1] } }, { b: 2 });
    modify({ a: 1, b: 2 }, { $unset: { a: {} } }, { b: 2 });
    modify({ a: { b: 2, c: 3 } }, { $unset: { "a.b": 1 } }, { a: { c: 3 } });
    modify({ a: [1, 2, 3] }, { $unset: { "a.1": 1 } }, { a: [1, null, 3] });
    modify({ a: [1, 2, 3] }, { $unset: { "a.2": 1 } }, { a: [1, 2, null] });
    modify({ a: [1, 2, 3] }, { $unset: { "a.x": 1 } }, { a: [1, 2, 3] });
    modify({ a: { b: 1 } }, { $unset: { "a.b.c.d": 1 } }, { a: { b: 1 } });
    modify({ a: { b: 1 } }, { $unset: { "a.x.c.d": 1 } }, { a: { b: 1 } });
    modify({ a: { b: { c: 1 } } }, { $unset: { "a.b.c": 1 } }, { a: { b: {} } });
    exception({}, { $unset: { _id: 1 } });
    // $push
    modify({}, { $push: { a: 1 } }, { a: [1] });
    modify({ a: [] }, { $push: { a: 1 } }, { a: [1] });
    modify({ a: [1] }, { $push: { a: 2 } }, { a: [1, 2] });
    exception({ a: true }, { $push: { a: 1 } });
    modify({ a: [1] }, { $push: { a: [2] } }, { a: [1, [2]] });
    modify({ a: [] }, { $push: { "a.1": 99 } }, { a: [null, [99]] });
    modify({ a: {} }, { $push: { "a.x": 99 } }, { a: { x: [99] } });
    modify({}, { $push: { a: { $each: [1, 2, 3] } } }, { a: [1, 2, 3] });
    modify({ a: [] }, { $push: { a: { $each: [1, 2, 3] } } }, { a: [1, 2, 3] });
    modify({ a: [true] }, { $push: { a: { $each: [1, 2, 3] } } }, { a: [true, 1, 2, 3] });
    modify({ a: [true] }, { $push: { a: { $each: [1, 2, 3], $slice: -2 } } }, { a: [2, 3] });
    modify({ a: [false, true] }, { $push: { a: { $each: [1], $slice: -2 } } }, { a: [true, 1] });
    modify(
      { a: [{ x: 3 }, { x: 1 }] },
      { $push: { a: { $each: [{ x: 4 }, { x: 2 }], $slice: -2, $sort: { x: 1 } } } },
      { a: [{ x: 3 }, { x: 4 }] },
    );
    modify({}, { $push: { a: { $each: [1, 2, 3], $slice: 0 } } }, { a: [] });
    modify({ a: [1, 2] }, { $push: { a: { $each: [1, 2, 3], $slice: 0 } } }, { a: [] });
    // $push with $position modifier
    // No negative number for $position
    exception({ a: [] }, { $push: { a: { $each: [0], $position: -1 } } });
    modify({ a: [1, 2] }, { $push: { a: { $each: [0], $position: 0 } } }, { a: [0, 1, 2] });
    modify({ a: [1, 2] }, { $push: { a: { $each: [-1, 0], $position: 0 } } }, { a: [-1, 0, 1, 2] });
    modify({ a: [1, 3] }, { $push: { a: { $each: [2], $position: 1 } } }, { a: [1, 2, 3] });
    modify({ a: [1, 4] }, { $push: { a: { $each: [2, 3], $position: 1 } } }, { a: [1, 2, 3, 4] });
    modify({ a: [1, 2] }, { $push: { a: { $each: [3], $position: 3 } } }, { a: [1, 2, 3] });
    modify({ a: [1, 2] }, { $push: { a: { $each: [3], $position: 99 } } }, { a: [1, 2, 3] });
    modify({ a: [1, 2] }, { $push: { a: { $each: [3], $position: 99, $slice: -2 } } }, { a: [2, 3] });
    modify(
      { a: [{ x: 1 }, { x: 2 }] },
      { $push: { a: { $each: [{ x: 3 }], $position: 0, $sort: { x: 1 }, $slice: -3 } } },
      { a: [{ x: 1 }, { x: 2 }, { x: 3 }] },
    );
    modify(
      { a: [{ x: 1 }, { x: 2 }] },
      { $push: { a: { $each: [{ x: 3 }], $position: 0, $sort: { x: 1 }, $slice: 0 } } },
      { a: [] },
    );
    // restricted field names
    exception({}, { $push: { $a: 1 } });
    exception({}, { $push: { "\0a": 1 } });
    exception({}, { $push: { a: { $a: 1 } } });
    exception({}, { $push: { a: { $each: [{ $a: 1 }] } } });
    exception({}, { $push: { a: { $each: [{ "a.b": 1 }] } } });
    exception({}, { $push: { a: { $each: [{ "\0a": 1 }] } } });
    modify({}, { $push: { a: { $each: [{ "": 1 }] } } }, { a: [{ "": 1 }] });
    modify({}, { $push: { a: { $each: [{ " ": 1 }] } } }, { a: [{ " ": 1 }] });
    exception({}, { $push: { a: { $each: [{ ".": 1 }] } } });
    // https://github.com/meteor/meteor/issues/5167
    // $push $slice with positive numbers
    modify({}, { $push: { a: { $each: [], $slice: 5 } } }, { a: [] });
    modify({ a: [1, 2, 3] }, { $push: { a: { $each: [], $slice: 1 } } }, { a: [1] });
    modify({ a: [1, 2, 3] }, { $push: { a: { $each: [4, 5], $slice: 1 } } }, { a: [1] });
    modify({ a: [1, 2, 3] }, { $push: { a: { $each: [4, 5], $slice: 2 } } }, { a: [1, 2] });
    modify({ a: [1, 2, 3] }, { $push: { a: { $each: [4, 5], $slice: 4 } } }, { a: [1, 2, 3, 4] });
    modify({ a: [1, 2, 3] }, { $push: { a: { $each: [4, 5], $slice: 5 } } }, { a: [1, 2, 3, 4, 5] });
    modify({ a: [1, 2, 3] }, { $push: { a: { $each: [4, 5], $slice: 10 } } }, { a: [1, 2, 3, 4, 5] });
    // $pushAll
    modify({}, { $pushAll: { a: [1] } }, { a: [1] });
    modify({ a: [] }, { $pushAll: { a: [1] } }, { a: [1] });
    modify({ a: [1] }, { $pushAll: { a: [2] } }, { a: [1, 2] });
    modify({}, { $pushAll: { a: [1, 2] } }, { a: [1, 2] });
    modify({ a: [] }, { $pushAll: { a: [1, 2] } }, { a: [1, 2] });
    modify({ a: [1] }, { $pushAll: { a: [2, 3] } }, { a: [1, 2, 3] });
    modify({}, { $pushAll: { a: [] } }, { a: [] });
    modify({ a: [] }, { $pushAll: { a: [] } }, { a: [] });
    modify({ a: [1] }, { $pushAll: { a: [] } }, { a: [1] });
    exception({ a: true }, { $pushAll: { a: [1] } });
    exception({ a: [] }, { $pushAll: { a: 1 } });
    modify({ a: [] }, { $pushAll: { "a.1": [99] } }, { a: [null, [99]] });
    modify({ a: [] }, { $pushAll: { "a.1": [] } }, { a: [null, []] });
    modify({ a: {} }, { $pushAll: { "a.x": [99] } }, { a: { x: [99] } });
    modify({ a: {} }, { $pushAll: { "a.x": [] } }, { a: { x: [] } });
    exception({ a: [1] }, { $pushAll: { a: [{ $a: 1 }] } });
    exception({ a: [1] }, { $pushAll: { a: [{ "\0a": 1 }] } });
    exception({ a: [1] }, { $pushAll: { a: [{ "a.b": 1 }] } });
    // $addToSet
    modify({}, { $addToSet: { a: 1 } }, { a: [1] });
    modify({ a: [] }, { $addToSet: { a: 1 } }, { a: [1] });
    modify({ a: [1] }, { $addToSet: { a: 2 } }, { a: [1, 2] });
    modify({ a: [1, 2] }, { $addToSet: { a: 1 } }, { a: [1, 2] });
    modify({ a: [1, 2] }, { $addToSet: { a: 2 } }, { a: [1, 2] });
    modify({ a: [1, 2] }, { $addToSet: { a: 3 } }, { a: [1, 2, 3] });
    exception({ a: true }, { $addToSet: { a: 1 } });
    modify({ a: [1] }, { $addToSet: { a: [2] } }, { a: [1, [2]] });
    modify({}, { $addToSet: { a: { x: 1 } } }, { a: [{ x: 1 }] });
    modify({ a: [{ x: 1 }] }, { $addToSet: { a: { x: 1 } } }, { a: [{ x: 1 }] });
    modify({ a: [{ x: 1 }] }, { $addToSet: { a: { x: 2 } } }, { a: [{ x: 1 }, { x: 2 }] });
    modify({ a: [{ x: 1, y: 2 }] }, { $addToSet: { a: { x: 1, y: 2 } } }, { a: [{ x: 1, y: 2 }] });
    modify(
      { a: [{ x: 1, y: 2 }] },
      { $addToSet: { a: { y: 2, x: 1 } } },
      {
        a: [
          { x: 1, y: 2 },
          { y: 2, x: 1 },
        ],
      },
    );
    modify({ a: [1, 2] }, { $addToSet: { a: { $each: [3, 1, 4] } } }, { a: [1, 2, 3, 4] });
    modify({}, { $addToSet: { a: { $each: [] } } }, { a: [] });
    modify({}, { $addToSet: { a: { $each: [1] } } }, { a: [1] });
    modify({ a: [] }, { $addToSet: { "a.1": 99 } }, { a: [null, [99]] });
    modify({ a: {} }, { $addToSet: { "a.x": 99 } }, { a: { x: [99] } });
    // invalid field names
    exception({}, { $addToSet: { a: { $b: 1 } } });
    exception({}, { $addToSet: { a: { "a.b": 1 } } });
    exception({}, { $addToSet: { a: { "a.": 1 } } });
    exception({}, { $addToSet: { a: { "\u0000a": 1 } } });
    exception({ a: [1, 2] }, { $addToSet: { a: { $each: [3, 1, { $a: 1 }] } } });
    exception({ a: [1, 2] }, { $addToSet: { a: { $each: [3, 1, { "\0a": 1 }] } } });
    exception({ a: [1, 2] }, { $addToSet: { a: { $each: [3, 1, [{ $a: 1 }]] } } });
    exception({ a: [1, 2] }, { $addToSet: { a: { $each: [3, 1, [{ b: { c: [{ a: 1 }, { "d.s": 2 }] } }]] } } });
    exception({ a: [1, 2] }, { $addToSet: { a: { b: [3, 1, [{ b: { c: [{ a: 1 }, { "d.s": 2 }] } }]] } } });
    // $each is first element and thus an operator
    modify({ a: [1, 2] }, { $addToSet: { a: { $each: [3, 1, 4], b: 12 } } }, { a: [1, 2, 3, 4] });
    // this should fail because $each is now a field name (not first in object) and thus invalid field name with $
    exception({ a: [1, 2] }, { $addToSet: { a: { b: 12, $each: [3, 1, 4] } } });
    // $pop
    modify({}, { $pop: { a: 1 } }, {});
    modify({}, { $pop: { a: -1 } }, {});
    modify({ a: [] }, { $pop: { a: 1 } }, { a: [] });
    modify({ a: [] }, { $pop: { a: -1 } }, { a: [] });
    modify({ a: [1, 2, 3] }, { $pop: { a: 1 } }, { a: [1, 2] });
    modify({ a: [1, 2, 3] }, { $pop: { a: 10 } }, { a: [1, 2] });
    modify({ a: [1, 2, 3] }, { $pop: { a: 0.001 } }, { a: [1, 2] });
    modify({ a: [1, 2, 3] }, { $pop: { a: 0 } }, { a: [1, 2] });
    modify({ a: [1, 2, 3] }, { $pop: { a: "stuff" } }, { a: [1, 2] });
    modify({ a: [1, 2, 3] }, { $pop: { a: -1 } }, { a: [2, 3] });
    modify({ a: [1, 2, 3] }, { $pop: { a: -10 } }, { a: [2, 3] });
    modify({ a: [1, 2, 3] }, { $pop: { a: -0.001 } }, { a: [2, 3] });
    exception({ a: true }, { $pop: { a: 1 } });
    exception({ a: true }, { $pop: { a: -1 } });
    modify({ a: [] }, { $pop: { "a.1": 1 } }, { a: [] });
    modify({ a: [1, [2, 3], 4] }, { $pop: { "a.1": 1 } }, { a: [1, [2], 4] });
    modify({ a: {} }, { $pop: { "a.x": 1 } }, { a: {} });
    modify({ a: { x: [2, 3] } }, { $pop: { "a.x": 1 } }, { a: { x: [2] } });
    // $pull
    modify({}, { $pull: { a: 1 } }, {});
    modify({}, { $pull: { "a.x": 1 } }, {});
    modify({ a: {} }, { $pull: { "a.x": 1 } }, { a: {} });
    exception({ a: true }, { $pull: { a: 1 } });
    modify({ a: [2, 1, 2] }, { $pull: { a: 1 } }, { a: [2, 2] });
    modify({ a: [2, 1, 2] }, { $pull: { a: 2 } }, { a: [1] });
    modify({ a: [2, 1, 2] }, { $pull: { a: 3 } }, { a: [2, 1, 2] });
    modify({ a: [1, null, 2, null] }, { $pull: { a: null } }, { a: [1, 2] });
    modify({ a: [] }, { $pull: { a: 3 } }, { a: [] });
    modify({ a: [[2], [2, 1], [3]] }, { $pull: { a: [2, 1] } }, { a: [[2], [3]] });
    modify(
      {
        a: [
          { b: 1, c: 2 },
          { b: 2, c: 2 },
        ],
      },
      { $pull: { a: { b: 1 } } },
      { a: [{ b: 2, c: 2 }] },
    );
    modify(
      {
        a: [
          { b: 1, c: 2 },
          { b: 2, c: 2 },
        ],
      },
      { $pull: { a: { c: 2 } } },
      { a: [] },
    );
    // XXX implement this functionality!
    // probably same refactoring as $elemMatch?
    // await modify({a: [1, 2, 3, 4]}, {$pull: {$gt: 2}}, {a: [1,2]}); fails!
    // $pullAll
    modify({}, { $pullAll: { a: [1] } }, {});
    modify({ a: [1, 2, 3] }, { $pullAll: { a: [] } }, { a: [1, 2, 3] });
    modify({ a: [1, 2, 3] }, { $pullAll: { a: [2] } }, { a: [1, 3] });
    modify({ a: [1, 2, 3] }, { $pullAll: { a: [2, 1] } }, { a: [3] });
    modify({ a: [1, 2, 3] }, { $pullAll: { a: [1, 2] } }, { a: [3] });
    modify({}, { $pullAll: { "a.b.c": [2] } }, {});
    exception({ a: true }, { $pullAll: { a: [1] } });
    exception({ a: [1, 2, 3] }, { $pullAll: { a: 1 } });
    modify({ x: [{ a: 1 }, { a: 1, b: 2 }] }, { $pullAll: { x: [{ a: 1 }] } }, { x: [{ a: 1, b: 2 }] });
    // $rename
    modify({}, { $rename: { a: "b" } }, {});
    modify({ a: [12] }, { $rename: { a: "b" } }, { b: [12] });
    modify({ a: { b: 12 } }, { $rename: { a: "c" } }, { c: { b: 12 } });
    modify({ a: { b: 12 } }, { $rename: { "a.b": "a.c" } }, { a: { c: 12 } });
    modify({ a: { b: 12 } }, { $rename: { "a.b": "x" } }, { a: {}, x: 12 });
    modify({ a: { b: 12 } }, { $rename: { "a.b": "q.r" } }, { a: {}, q: { r: 12 } });
    modify({ a: { b: 12 } }, { $rename: { "a.b": "q.2.r" } }, { a: {}, q: { 2: { r: 12 } } });
    modify({ a: { b: 12 }, q: {} }, { $rename: { "a.b": "q.2.r" } }, { a: {}, q: { 2: { r: 12 } } });
    exception({ a: { b: 12 }, q: [] }, { $rename: { "a.b": "q.2" } });
    exception({ a: { b: 12 }, q: [] }, { $rename: { "a.b": "q.2.r" } });
    // These strange MongoDB behaviors throw.
    // await modify({a: {b: 12}, q: []}, {$rename: {'q.1': 'x'}},
    //        {a: {b: 12}, x: []}); // tested
    // await modify({a: {b: 12}, q: []}, {$rename: {'q.1.j': 'x'}},
    //        {a: {b: 12}, x: []}); // tested
    exception({}, { $rename: { a: "a" } });
    exception({}, { $rename: { "a.b": "a.b" } });
    modify({ a: 12, b: 13 }, { $rename: { a: "b" } }, { b: 12 });
    exception({ a: [12] }, { $rename: { a: "$b" } });
    exception({ a: [12] }, { $rename: { a: "\0a" } });
    // $setOnInsert
    // Test for https://github.com/meteor/meteor/issues/8775.
    // Tests for https://github.com/meteor/meteor/issues/8794.
  });
});
