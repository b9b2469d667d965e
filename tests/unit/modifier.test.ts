import { describe, expect, it } from "vitest";
import { LiveError } from "../../protocol/errors";
import { applyModifier, modifiedFields } from "../../worker/live/modifier";

describe("update modifiers allowed from clients", () => {
  const doc = { _id: "1", title: "Vase", qty: 2, tags: ["a", "b"], dims: { w: 1 } };

  it("applies each allowed operator without touching the original", () => {
    const next = applyModifier(doc, {
      $set: { title: "Bowl", "dims.h": 3 },
      $inc: { qty: 3 },
      $push: { tags: { $each: ["c", "d"] } },
      $unset: { missing: "" },
    });
    expect(next).toEqual({ _id: "1", title: "Bowl", qty: 5, tags: ["a", "b", "c", "d"], dims: { w: 1, h: 3 } });
    expect(doc.title).toBe("Vase");
  });

  it("handles set-like and removal operators", () => {
    expect(applyModifier(doc, { $addToSet: { tags: "a" } }).tags).toEqual(["a", "b"]);
    expect(applyModifier(doc, { $pull: { tags: "a" } }).tags).toEqual(["b"]);
    expect(applyModifier(doc, { $pullAll: { tags: ["a", "b"] } }).tags).toEqual([]);
    expect(applyModifier(doc, { $pop: { tags: -1 } }).tags).toEqual(["b"]);
    expect(applyModifier(doc, { $bit: { qty: { or: 5 } } }).qty).toBe(7);
  });

  it("refuses unknown operators, replacement documents and _id changes", () => {
    expect(() => applyModifier(doc, { $rename: { title: "name" } })).toThrow(
      "Access denied. Operator $rename not allowed in a restricted collection.",
    );
    expect(() => applyModifier(doc, { title: "x" })).toThrow(LiveError);
    expect(() => applyModifier(doc, { $set: { _id: "2" } })).toThrow("Cannot modify _id");
    expect(() => applyModifier(doc, { $inc: { title: 1 } })).toThrow("Cannot apply $inc to a non-number 'title'");
  });

  it("names the top-level fields a modifier touches", () => {
    expect(modifiedFields({ $set: { "dims.h": 1, title: "x" }, $inc: { qty: 1 } }).sort()).toEqual([
      "dims",
      "qty",
      "title",
    ]);
  });
});

describe("modifier paths cannot reach prototypes", () => {
  it("refuses __proto__, constructor and prototype anywhere in a path", () => {
    for (const path of ["__proto__.polluted", "tags.__proto__", "constructor.prototype.polluted", "dims.prototype"]) {
      expect(() => applyModifier({ _id: "1", tags: [], dims: {} }, { $set: { [path]: "yes" } })).toThrow(
        `Invalid field name '${path}'`,
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("does not walk into inherited properties", () => {
    expect(applyModifier({ _id: "1" }, { $set: { "toString.x": 1 } })).toEqual({ _id: "1", toString: { x: 1 } });
  });
});
