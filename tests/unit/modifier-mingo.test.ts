/**
 * Differential test of our modifiers against mingo's updater (a well-kept
 * MongoDB-semantics library) on 3,000 generated (document, modifier) pairs.
 * Where the two differ, the difference has to be one of the places listed
 * here, in each of which we follow Meteor (minimongo's texts, MongoDB's
 * outcome): anything else fails the test.
 */
import { update } from "mingo";
import { describe, expect, it } from "vitest";
import { stringify } from "../../protocol/ejson";
import { LiveError } from "../../protocol/errors";
import { applyModifier } from "../../worker/live/modifier";
import { modifierCases } from "../support/modifier-cases";

const CASES = 3000;
type Doc = Record<string, unknown>;

/** The errors Meteor gives where mingo skips an update it cannot apply (minimongo's texts). */
const METEOR_REFUSALS = [
  /^cannot use the part '[^']+' to traverse /,
  /^can't append to array using string field name \[/,
  /^can't modify field '[^']+' of list value /,
  /^Cannot apply \$(inc|min|max|mul) modifier to non-number for field /,
  /^Cannot apply \$bit modifier to non-integer for field /,
  /^Modifier \$(inc|min|max|mul) allowed for numbers only for field /,
  /^Cannot apply \$(push|addToSet|pop|pull\/pullAll) modifier to non-array for field /,
  /^\$rename source field invalid for field /,
  /^Updating the path '[^']+' would create a conflict at /,
];

const valueAt = (doc: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node !== null && typeof node === "object" && Object.hasOwn(node, part) ? (node as Doc)[part] : undefined,
      doc,
    );
const isDocument = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);
const pushes = (modifier: Doc) => Object.entries((modifier.$push ?? {}) as Doc);

/** Each place Meteor and mingo part ways, with the test that recognises it. */
const KNOWN_DIFFERENCES: Record<string, (doc: Doc, modifier: Doc, ours: unknown) => boolean> = {
  "mingo skips an update it cannot apply (a wrong type, a path through a value); Meteor refuses the whole update": (
    _doc,
    _modifier,
    ours,
  ) => ours instanceof LiveError && METEOR_REFUSALS.some((pattern) => pattern.test(ours.reason ?? "")),
  "mingo ignores $slice, $sort and $position when $push creates the array; Meteor and MongoDB apply them": (
    doc,
    modifier,
  ) =>
    pushes(modifier).some(
      ([path, arg]) =>
        isDocument(arg) &&
        ["$slice", "$sort", "$position"].some((key) => Object.hasOwn(arg as Doc, key)) &&
        !Array.isArray(valueAt(doc, path)),
    ),
  "$sort by a field among elements that are not documents: mingo sorts them by value; MongoDB as missing fields": (
    doc,
    modifier,
  ) =>
    pushes(modifier).some(([path, arg]) => {
      if (!isDocument(arg) || !isDocument((arg as Doc).$sort)) return false;
      const existing = valueAt(doc, path);
      const all = [...(Array.isArray(existing) ? existing : []), ...(((arg as Doc).$each as unknown[]) ?? [])];
      return all.some((element) => !isDocument(element));
    }),
  "$pull with a document query: mingo can match plain values; MongoDB matches documents only": (doc, modifier) =>
    Object.entries((modifier.$pull ?? {}) as Doc).some(([path, condition]) => {
      if (!isDocument(condition) || Object.keys(condition as Doc).some((key) => key.startsWith("$"))) return false;
      const existing = valueAt(doc, path);
      return Array.isArray(existing) && existing.some((element) => !isDocument(element));
    }),
};

function ourResult(doc: Doc, modifier: Doc): unknown {
  try {
    return applyModifier(doc, modifier);
  } catch (error) {
    return error;
  }
}

function mingoResult(doc: Doc, modifier: Doc): unknown {
  const copy = structuredClone(doc);
  try {
    update(copy, modifier as never, undefined, undefined, { cloneMode: "deep" });
    return copy;
  } catch (error) {
    return error;
  }
}

describe("modifiers: differential test against mingo", () => {
  it(`agrees on ${CASES} generated updates except in the places listed, where it follows Meteor`, () => {
    const next = modifierCases(20261125);
    const seen: Record<string, number> = {};
    let agreed = 0;
    for (let i = 0; i < CASES; i++) {
      const { doc, modifier } = next();
      const ours = ourResult(doc, modifier);
      const theirs = mingoResult(doc, modifier);
      // Our refusals are DDP errors, never a crash of another kind.
      if (ours instanceof Error) expect(ours, `case ${i}`).toBeInstanceOf(LiveError);
      const bothRefuse = ours instanceof Error && theirs instanceof Error;
      if (
        bothRefuse ||
        (!(ours instanceof Error) && !(theirs instanceof Error) && stringify(ours) === stringify(theirs))
      ) {
        agreed++;
        continue;
      }
      const reason = Object.keys(KNOWN_DIFFERENCES).find((name) => KNOWN_DIFFERENCES[name]?.(doc, modifier, ours));
      expect(
        reason,
        `case ${i}: ${stringify({ doc, modifier })}\n ours: ${ours instanceof Error ? ours.message : stringify(ours)}\n mingo: ${theirs instanceof Error ? theirs.message : stringify(theirs)}`,
      ).toBeDefined();
      seen[reason as string] = (seen[reason as string] ?? 0) + 1;
    }
    console.log(`modifiers vs mingo: ${agreed} of ${CASES} agree;`, seen);
    // Most generated updates are ones both apply alike; a generator that drifted into errors only would show here.
    expect(agreed).toBeGreaterThan(CASES / 2);
  });
});
