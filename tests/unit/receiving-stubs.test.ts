/**
 * The receiving count's stub (app/buying/receiving-stubs.ts), run as the
 * connection runs it (app/live/simulation.ts): a code this phone can place
 * on the order, or a line's ±, moves that line's tally at once — a phone
 * with no signal keeps counting a delivery — and what it cannot place, or a
 * count below nothing, waits for the server's word and shows nothing.
 */
import { describe, expect, it } from "vitest";
import { receivingStubs } from "../../app/buying/receiving-stubs";
import { SimulationLayers } from "../../app/live/simulation";
import type { LiveDoc } from "../../app/live/store";

const STUB = receivingStubs({})["purchaseOrders.count"];

const frozen = (doc: Record<string, unknown>) => Object.freeze(doc) as LiveDoc;
const items = [
  frozen({ _id: "mug", title: "Mug", sku: "MUG-1", barcode: "4006381333931", quantity: 0, variants: [] }),
  frozen({ _id: "vase", title: "Vase", sku: "VASE-1", barcode: "", quantity: 0, variants: [] }),
];
const lines = [frozen({ _id: "line-mug", orderId: "po", itemId: "mug", variantId: "mug", quantity: 6, received: 0 })];

function phone(tally: LiveDoc[] = []) {
  const server = new Map<string, Map<string, LiveDoc>>([
    ["items", new Map(items.map((doc) => [doc._id, doc]))],
    ["purchaseOrderLines", new Map(lines.map((doc) => [doc._id, doc]))],
    ["purchaseOrderTally", new Map(tally.map((doc) => [doc._id, doc]))],
  ]);
  const layers = new SimulationLayers(
    (collection, id) => server.get(collection)?.get(id),
    (collection) => [...(server.get(collection)?.values() ?? [])],
  );
  let calls = 0;
  return {
    count: (count: Record<string, unknown>) => {
      if (!STUB) throw new Error("no stub");
      layers.run(String(++calls), `seed-${calls}`, STUB, ["po", count]);
    },
    tally: () => layers.docAsShown("purchaseOrderTally", "line-mug"),
  };
}

describe("counting a delivery on this phone", () => {
  it("counts a code on the order, by its SKU in any case or its barcode, and a line's + and −, good or damaged", () => {
    const here = phone();
    here.count({ code: "mug-1", units: 1, damaged: false });
    here.count({ code: "4006381333931", units: 1, damaged: false });
    here.count({ lineId: "line-mug", units: 1, damaged: true });
    expect(here.tally()).toMatchObject({ orderId: "po", good: 2, damaged: 1 });
    here.count({ lineId: "line-mug", units: -1, damaged: false });
    expect(here.tally()).toMatchObject({ good: 1, damaged: 1 });
  });

  it("waits for the server on a code not on the order, and never counts below nothing", () => {
    const here = phone([frozen({ _id: "line-mug", orderId: "po", good: 1, damaged: 0 })]);
    here.count({ code: "VASE-1", units: 1, damaged: false });
    here.count({ code: "NOTHING", units: 1, damaged: false });
    here.count({ lineId: "line-mug", units: -2, damaged: false });
    expect(here.tally()).toMatchObject({ good: 1, damaged: 0 });
    here.count({ lineId: "line-mug", units: -1, damaged: false });
    expect(here.tally()).toBeUndefined();
  });
});
