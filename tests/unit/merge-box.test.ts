import { describe, expect, it } from "vitest";
import type { DataMessage } from "../../protocol/ddp";
import { MergeBox } from "../../worker/live/merge-box";

function newBox() {
  const sent: DataMessage[] = [];
  return { box: new MergeBox((m) => sent.push(m)), sent };
}

describe("merge box with two overlapping subscriptions", () => {
  it("sends a document once, and only the fields the client lacks", () => {
    const { box, sent } = newBox();
    box.added("a", "items", "1", { title: "Vase", qty: 1 });
    box.added("b", "items", "1", { title: "Vase", qty: 1, price: 5 });
    expect(sent).toEqual([
      { msg: "added", collection: "items", id: "1", fields: { title: "Vase", qty: 1 } },
      { msg: "changed", collection: "items", id: "1", fields: { price: 5 } },
    ]);
  });

  it("sends a change only from the winning subscription and only when the value differs", () => {
    const { box, sent } = newBox();
    box.added("a", "items", "1", { title: "Vase" });
    box.added("b", "items", "1", { title: "Vase" });
    sent.length = 0;
    box.changed("b", "items", "1", { title: "Bowl" });
    expect(sent).toEqual([]);
    box.changed("a", "items", "1", { title: "Vase" });
    expect(sent).toEqual([]);
    box.changed("a", "items", "1", { title: "Jug" });
    expect(sent).toEqual([{ msg: "changed", collection: "items", id: "1", fields: { title: "Jug" } }]);
  });

  it("falls back to the other subscription's value when the winner lets go", () => {
    const { box, sent } = newBox();
    box.added("a", "items", "1", { title: "Vase", note: "x" });
    box.added("b", "items", "1", { title: "Bowl" });
    sent.length = 0;
    box.removeSubscription("a");
    expect(sent).toEqual([
      { msg: "changed", collection: "items", id: "1", fields: { title: "Bowl" }, cleared: ["note"] },
    ]);
    expect(box.view("items", "1")).toEqual({ title: "Bowl" });
  });

  it("removes a document only when the last subscription lets go", () => {
    const { box, sent } = newBox();
    box.added("a", "items", "1", { title: "Vase" });
    box.added("b", "items", "1", { title: "Vase" });
    sent.length = 0;
    box.removed("a", "items", "1");
    expect(sent).toEqual([]);
    box.removed("b", "items", "1");
    expect(sent).toEqual([{ msg: "removed", collection: "items", id: "1" }]);
    expect(box.documentCount()).toBe(0);
  });

  it("clears a field a subscription removes, when no other supplies it", () => {
    const { box, sent } = newBox();
    box.added("a", "items", "1", { title: "Vase", location: "Shelf 2" });
    sent.length = 0;
    box.changed("a", "items", "1", { location: undefined });
    expect(sent).toEqual([{ msg: "changed", collection: "items", id: "1", cleared: ["location"] }]);
  });

  it("ignores changes for documents a subscription does not hold", () => {
    const { box, sent } = newBox();
    box.changed("a", "items", "nope", { title: "x" });
    box.removed("a", "items", "nope");
    expect(sent).toEqual([]);
  });
});

describe("merge box with one subscription per document", () => {
  it("sends what changed against what the client holds, clears removed fields, and takes the whole new document", () => {
    const { box, sent } = newBox();
    const first = { title: "Vase", qty: 1, tags: ["blue"] };
    box.added("a", "items", "1", first);
    // The diff names qty and note; qty did not really change, note was never sent.
    const after = { title: "Vase", qty: 1, tags: ["blue"], price: 5 };
    box.changed("a", "items", "1", { qty: 1, note: undefined, price: 5 }, after);
    box.changed("a", "items", "1", { tags: undefined });
    expect(sent).toEqual([
      { msg: "added", collection: "items", id: "1", fields: first },
      { msg: "changed", collection: "items", id: "1", fields: { price: 5 } },
      { msg: "changed", collection: "items", id: "1", cleared: ["tags"] },
    ]);
    expect(box.view("items", "1")).toEqual({ title: "Vase", qty: 1, price: 5 });
  });

  it("keeps Meteor's precedence once a second subscription holds the document, and after it lets go", () => {
    const { box, sent } = newBox();
    box.added("a", "items", "1", { title: "Vase" });
    box.added("b", "items", "1", { title: "Bowl", qty: 2 });
    box.changed("b", "items", "1", { title: "Jug" });
    box.removed("b", "items", "1");
    box.changed("a", "items", "1", { title: "Cup" });
    expect(sent).toEqual([
      { msg: "added", collection: "items", id: "1", fields: { title: "Vase" } },
      { msg: "changed", collection: "items", id: "1", fields: { qty: 2 } },
      { msg: "changed", collection: "items", id: "1", cleared: ["qty"] },
      { msg: "changed", collection: "items", id: "1", fields: { title: "Cup" } },
    ]);
  });
});

describe("merge box and fields a document holds as undefined", () => {
  it("never clears a field the client was not sent", () => {
    const { box, sent } = newBox();
    box.added("a", "items", "1", { title: "Vase", note: undefined });
    // The document as it now is, with a field held as undefined (never sent), then that field gone.
    box.changed("a", "items", "1", { title: "Jug" }, { title: "Jug", note: undefined });
    box.changed("a", "items", "1", { note: undefined }, { title: "Jug" });
    expect(sent).toEqual([
      { msg: "added", collection: "items", id: "1", fields: { title: "Vase" } },
      { msg: "changed", collection: "items", id: "1", fields: { title: "Jug" } },
    ]);
    expect(box.view("items", "1")).toEqual({ title: "Jug" });
  });
});
