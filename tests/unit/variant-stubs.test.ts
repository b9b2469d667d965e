/**
 * The variant methods' stubs (app/catalogue/variant-stubs.ts) and the stock
 * stubs by variant (app/stock/stock-stubs.ts), run as the connection runs
 * them (app/live/simulation.ts): what a person sees at once is what the
 * server will make of the same call (protocol/variants.ts,
 * docs/architecture.md §9), with the same new ids and the same refusals.
 */
import { describe, expect, it } from "vitest";
import { itemStubs } from "../../app/catalogue/item-stubs";
import { VARIANT_IDS, variantStubs } from "../../app/catalogue/variant-stubs";
import { type MethodStub, SimulationLayers } from "../../app/live/simulation";
import type { LiveDoc } from "../../app/live/store";
import { stockStubs } from "../../app/stock/stock-stubs";
import type { ItemDoc, LocationDoc, VariantDoc } from "../../protocol/api";
import { RandomStream } from "../../protocol/random-stream";

const STUBS: Record<string, MethodStub> = {
  ...itemStubs({ roomCurrency: () => "EUR", userId: () => "u1" }),
  ...variantStubs({ userId: () => "u1", now: () => new Date(0) }),
  ...stockStubs(),
};

function item(fields: Partial<ItemDoc> = {}): LiveDoc {
  return Object.freeze({
    _id: "tee",
    title: "Tee",
    description: "",
    sku: "TEE",
    barcode: "",
    priceCents: 2000,
    currency: "EUR",
    quantity: 5,
    stock: { main: 5 },
    reorderPoint: 2,
    status: "ready",
    location: "",
    tags: [],
    photos: [],
    ...fields,
  }) as LiveDoc;
}

const variant = (id: string, size: string, stock: Record<string, number>, more: Partial<VariantDoc> = {}) => ({
  _id: id,
  values: [size],
  sku: `TEE-${size}`,
  barcode: "",
  priceCents: 2000,
  stock,
  quantity: Object.values(stock).reduce((a, b) => a + b, 0),
  reorderPoint: null,
  ...more,
});

/** A tee in S (the product's own id, 2 at main) and M (1 at main, 3 in the back room). */
const sized = () =>
  item({
    sku: "",
    options: ["Size"],
    variants: [variant("tee", "S", { main: 2 }), variant("m", "M", { main: 1, back: 3 }, { priceCents: 2500 })],
    quantity: 6,
    stock: { main: 3, back: 3 },
    reorderPoint: null,
  });

const locations: LiveDoc[] = [
  { _id: "main", name: "Main", position: 0, archived: false } satisfies LocationDoc,
  { _id: "back", name: "Back room", position: 1, archived: false } satisfies LocationDoc,
].map((doc) => Object.freeze(doc) as LiveDoc);

function room(docs: LiveDoc[]) {
  const server = new Map([
    ["items", new Map(docs.map((doc) => [doc._id, doc]))],
    ["locations", new Map(locations.map((doc) => [doc._id, doc]))],
  ]);
  const layers = new SimulationLayers(
    (collection, id) => server.get(collection)?.get(id),
    (collection) => [...(server.get(collection)?.values() ?? [])],
  );
  let calls = 0;
  return {
    call(name: string, seed: string, ...params: unknown[]) {
      layers.run(String(++calls), seed, STUBS[name] as MethodStub, params);
    },
    shown: (id = "tee") => layers.docAsShown("items", id) as (LiveDoc & ItemDoc) | undefined,
  };
}

describe("setting a product's variants", () => {
  it("turns a simple product into variants: the first keeps its id, stock and codes; new ones take the server's ids", () => {
    const here = room([item()]);
    here.call("items.setVariants", "seed-1", "tee", {
      options: ["Size"],
      variants: [
        { values: ["S"], sku: "", barcode: "", reorderPoint: null },
        { values: ["M"], sku: "TEE-M", barcode: "", priceCents: 2500, reorderPoint: 1 },
        { values: ["L"], sku: "TEE-L", barcode: "", reorderPoint: null },
      ],
    });
    const ids = new RandomStream("seed-1");
    const [m, l] = [ids.id(VARIANT_IDS), ids.id(VARIANT_IDS)];
    const tee = here.shown();
    expect(tee?.variants?.map((each) => [each._id, each.values[0], each.sku, each.quantity])).toEqual([
      ["tee", "S", "TEE", 5],
      [m, "M", "TEE-M", 0],
      [l, "L", "TEE-L", 0],
    ]);
    expect(tee?.variants?.[1]?.priceCents).toBe(2500);
    expect(tee?.variants?.[2]?.priceCents).toBe(2000);
    // The product's own fields follow its variants, as on the server.
    expect(tee).toMatchObject({ options: ["Size"], sku: "", barcode: "", priceCents: 2000, reorderPoint: null });
    expect(tee).toMatchObject({ quantity: 5, stock: { main: 5 } });
  });

  it("refuses to drop a variant that holds stock, in words, and shows nothing", () => {
    const here = room([sized()]);
    expect(() =>
      here.call("items.setVariants", "seed-2", "tee", {
        options: ["Size"],
        variants: [{ _id: "tee", values: ["S"], sku: "TEE-S", barcode: "", reorderPoint: null }],
      }),
    ).toThrow("M still holds 4: move, sell or correct its stock to 0 first");
    expect(here.shown()?.variants).toHaveLength(2);
  });

  it("goes back to a simple product with the stock of the variant that keeps its id", () => {
    const here = room([
      item({
        sku: "",
        options: ["Size"],
        variants: [variant("tee", "S", { back: 2 }, { reorderPoint: 1 }), variant("m", "M", {})],
        quantity: 2,
        stock: { back: 2 },
      }),
    ]);
    here.call("items.setVariants", "seed-3", "tee", { options: [], variants: [] });
    expect(here.shown()).toMatchObject({
      options: [],
      variants: [],
      sku: "TEE-S",
      reorderPoint: 1,
      quantity: 2,
      stock: { back: 2 },
    });
  });
});

describe("editing one variant", () => {
  it("settles a typed count over the variant's locations, and the product's totals follow", () => {
    const here = room([sized()]);
    // M holds 1 at main and 3 in the back room: 2 is taken from the back room, which holds most.
    here.call("items.updateVariant", "seed-4", "tee", "m", { quantity: 2 });
    const tee = here.shown();
    expect(tee?.variants?.find((each) => each._id === "m")).toMatchObject({ quantity: 2, stock: { main: 1, back: 1 } });
    expect(tee).toMatchObject({ quantity: 4, stock: { main: 3, back: 1 } });
  });

  it("keeps the product's price the lowest of its variants'", () => {
    const here = room([sized()]);
    here.call("items.updateVariant", "seed-5", "tee", "tee", { priceCents: 1500 });
    expect(here.shown()?.priceCents).toBe(1500);
    expect(here.shown()?.variants?.[0]?.priceCents).toBe(1500);
  });

  it("refuses a code another variant of the product has", () => {
    const here = room([sized()]);
    expect(() => here.call("items.updateVariant", "seed-6", "tee", "m", { sku: "tee-s" })).toThrow(
      "S already has that code",
    );
  });

  it("takes a price typed on the product to every variant, and refuses a count there", () => {
    const here = room([sized()]);
    here.call("items.update", "seed-7", "tee", { priceCents: 3000 });
    expect(here.shown()?.variants?.map((each) => each.priceCents)).toEqual([3000, 3000]);
    expect(() => here.call("items.update", "seed-8", "tee", { quantity: 9 })).toThrow(
      "This product's stock is kept by variant",
    );
  });
});

describe("stock changes of a variant", () => {
  it("adjusts only the variant named, the product's totals following", () => {
    const here = room([sized()]);
    here.call("stock.adjust", "seed-9", {
      itemId: "tee",
      variantId: "m",
      locationId: "back",
      quantity: -1,
      reason: "damaged",
      note: "",
    });
    const tee = here.shown();
    expect(tee?.variants?.map((each) => each.stock)).toEqual([{ main: 2 }, { main: 1, back: 2 }]);
    expect(tee).toMatchObject({ quantity: 5, stock: { main: 3, back: 2 } });
  });

  it("refuses to take a variant below zero where it is not, naming it", () => {
    const here = room([sized()]);
    expect(() =>
      here.call("stock.adjust", "seed-10", {
        itemId: "tee",
        variantId: "tee",
        locationId: "back",
        quantity: -1,
        reason: "lost",
        note: "",
      }),
    ).toThrow("Not enough of “Tee — S” there");
  });

  it("moves a variant's units between locations", () => {
    const here = room([sized()]);
    here.call("stock.transfer", "seed-11", { itemId: "tee", variantId: "m", from: "back", to: "main", quantity: 3 });
    const tee = here.shown();
    expect(tee?.variants?.[1]).toMatchObject({ stock: { main: 4 }, quantity: 4 });
    expect(tee).toMatchObject({ quantity: 6, stock: { main: 6 } });
  });

  it("leaves a simple product's stock as it always was", () => {
    const here = room([item()]);
    here.call("stock.transfer", "seed-12", { itemId: "tee", from: "main", to: "back", quantity: 2 });
    expect(here.shown()).toMatchObject({ quantity: 5, stock: { main: 3, back: 2 } });
    expect(here.shown()?.variants).toBeUndefined();
  });

  it("receives a unit of the variant whose SKU was scanned", () => {
    const here = room([sized()]);
    here.call("stock.receive", "seed-13", "tee-m", "main", 1);
    expect(here.shown()?.variants?.[1]).toMatchObject({ stock: { main: 2, back: 3 }, quantity: 5 });
  });
});
