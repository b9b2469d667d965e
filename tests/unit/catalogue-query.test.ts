import { describe, expect, it } from "vitest";
import { applyQuery, DEFAULT_QUERY, parseTags, tagCounts } from "../../app/catalogue/catalogue-query";
import type { ItemDoc } from "../../protocol/api";
import { itemDoc } from "../support/item-doc";

let clock = 0;
function item(fields: Partial<ItemDoc>): ItemDoc {
  clock += 1000;
  const at = new Date(clock);
  return itemDoc({ _id: `id${clock}`, title: "Untitled", createdAt: at, updatedAt: at, ...fields });
}

const items = [
  item({ title: "Blue vase", sku: "V-2", priceCents: 2450, tags: ["ceramics", "blue"], location: "Shelf B3" }),
  item({ title: "red bowl", sku: "V-10", priceCents: 1200, tags: ["ceramics"], status: "listed" }),
  item({ title: "Oak chair", priceCents: 9900, description: "Solid oak, 1960s", status: "sold" }),
];
const titles = (list: ItemDoc[]) => list.map((i) => i.title);

describe("catalogue query", () => {
  it("shows newest first by default", () => {
    expect(titles(applyQuery(items, DEFAULT_QUERY))).toEqual(["Oak chair", "red bowl", "Blue vase"]);
  });

  it("sorts text without regard to case and numbers by value (V-2 before V-10)", () => {
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, sort: "title", descending: false }))).toEqual([
      "Blue vase",
      "Oak chair",
      "red bowl",
    ]);
    const bySku = applyQuery(items, { ...DEFAULT_QUERY, sort: "sku", descending: false });
    expect(bySku.map((i) => i.sku)).toEqual(["", "V-2", "V-10"]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, sort: "priceCents", descending: true }))).toEqual([
      "Oak chair",
      "Blue vase",
      "red bowl",
    ]);
  });

  it("filters by status and tag, and finds every word of the search in any text field", () => {
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, status: "listed" }))).toEqual(["red bowl"]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, tag: "ceramics" }))).toEqual(["red bowl", "Blue vase"]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "shelf b3" }))).toEqual(["Blue vase"]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "oak 1960s" }))).toEqual(["Oak chair"]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "oak blue" }))).toEqual([]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "BLUE", tag: "ceramics" }))).toEqual(["Blue vase"]);
  });

  it("finds a word of three letters or more anywhere in a word, and one of one or two letters only where a word starts, as the server does", () => {
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "owl" }))).toEqual(["red bowl"]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "ow" }))).toEqual([]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "bo" }))).toEqual(["red bowl"]);
    // A code's parts are words: "10" starts one in "V-10", not in "1960s"... which "19" does start.
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "10" }))).toEqual(["red bowl"]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "19" }))).toEqual(["Oak chair"]);
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "96" }))).toEqual([]);
    // A "word" of no letter or digit narrows nothing: "oak & 1960s" is "oak 1960s".
    expect(titles(applyQuery(items, { ...DEFAULT_QUERY, text: "oak & 1960s" }))).toEqual(["Oak chair"]);
  });

  it("counts tags, most used first, and reads typed tags without blanks or repeats", () => {
    expect(tagCounts(items)).toEqual([
      { tag: "ceramics", count: 2 },
      { tag: "blue", count: 1 },
    ]);
    expect(parseTags(" ceramics, blue,, ceramics ,")).toEqual(["ceramics", "blue"]);
  });
});
