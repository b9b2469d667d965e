/**
 * A stocktake counts variants (app/stocktake/stocktake-rows.ts,
 * stocktake-stubs.ts, docs/architecture.md §9): a product with options is a
 * row per variant, counted by the scans that name it; a product without
 * options is one row, as it always was; a variant's own SKU or barcode
 * scanned here counts that variant at once.
 */
import { describe, expect, it } from "vitest";
import { SimulationLayers } from "../../app/live/simulation";
import type { LiveDoc } from "../../app/live/store";
import { type TallyDoc, tally } from "../../app/stocktake/stocktake-rows";
import { stocktakeStubs, targetForCodeHere, variantNeededHere } from "../../app/stocktake/stocktake-stubs";
import type { ItemDoc, StocktakeCountDoc, StocktakePersonDoc, StocktakeScanDoc } from "../../protocol/api";
import { tallyCountId, tallyPersonId } from "../../protocol/stocktake-args";
import { itemDoc } from "../support/item-doc";

const base = itemDoc({ barcode: "", status: "ready" });

const lamp: ItemDoc = {
  ...base,
  _id: "lamp",
  title: "Lamp",
  sku: "LAMP",
  priceCents: 1000,
  quantity: 2,
  stock: { main: 2 },
};
const tee: ItemDoc = {
  ...base,
  _id: "tee",
  title: "Tee",
  sku: "",
  priceCents: 2000,
  quantity: 4,
  options: ["Size"],
  variants: [
    {
      _id: "tee",
      values: ["S"],
      sku: "TEE-S",
      barcode: "",
      priceCents: 2000,
      stock: { main: 3 },
      quantity: 3,
      reorderPoint: null,
    },
    {
      _id: "m",
      values: ["M"],
      sku: "TEE-M",
      barcode: "036000291452",
      priceCents: 2000,
      stock: { main: 1 },
      quantity: 1,
      reorderPoint: null,
    },
    {
      _id: "l",
      values: ["L"],
      sku: "TEE-L",
      barcode: "",
      priceCents: 2000,
      stock: {},
      quantity: 0,
      reorderPoint: null,
    },
  ],
};

let scanCount = 0;
function scan(
  itemId: string,
  variantId: string | undefined,
  userId = "ann",
  place: Partial<Pick<StocktakeScanDoc, "locationId" | "heldThen" | "at">> = {},
): StocktakeScanDoc {
  return {
    _id: `scan-${++scanCount}`,
    stocktakeId: "st",
    itemId,
    variantId: variantId as string,
    locationId: "main",
    userId,
    at: new Date(0),
    heldThen: null,
    ...place,
  };
}

/**
 * The tally the server sends for these scans (worker/stocktake/stocktake-tally.ts): a count per variant
 * at a place with its latest scan, and one per person.
 */
function tallied(scans: readonly StocktakeScanDoc[]): TallyDoc[] {
  const docs = new Map<string, TallyDoc>();
  for (const each of scans) {
    const variantId = each.variantId || each.itemId;
    const id = tallyCountId(each.stocktakeId, variantId, each.locationId);
    const before = docs.get(id) as StocktakeCountDoc | undefined;
    const latest = !before || each.at >= before.lastAt;
    docs.set(id, {
      _id: id,
      stocktakeId: each.stocktakeId,
      variantId,
      locationId: each.locationId,
      count: (before?.count ?? 0) + 1,
      lastAt: latest ? each.at : (before?.lastAt ?? each.at),
      heldThen: latest ? each.heldThen : (before?.heldThen ?? null),
    });
    const person = tallyPersonId(each.stocktakeId, each.userId);
    const counted = docs.get(person) as StocktakePersonDoc | undefined;
    docs.set(person, {
      _id: person,
      stocktakeId: each.stocktakeId,
      userId: each.userId,
      count: (counted?.count ?? 0) + 1,
    });
  }
  return [...docs.values()];
}

describe("a stocktake's tally by variant", () => {
  it("is a row per variant of a product with options, and one for a product without", () => {
    const { rows } = tally([], [lamp, tee], ["main"]);
    expect(rows.map((row) => [row.variantId, row.title, row.expected])).toEqual([
      ["lamp", "Lamp", 2],
      ["tee", "Tee — S", 3],
      ["m", "Tee — M", 1],
      ["l", "Tee — L", 0],
    ]);
  });

  it("counts each scan for the variant it names, and one without a variant for the item's own", () => {
    const scans = [scan("tee", "m"), scan("tee", "m"), scan("tee", "tee", "bob"), scan("lamp", undefined)];
    const { counts, byPerson, rows, unseen, differing } = tally(tallied(scans), [lamp, tee], ["main"]);
    expect(Object.fromEntries(counts)).toEqual({ "m@main": 2, "tee@main": 1, "lamp@main": 1 });
    expect(Object.fromEntries(byPerson)).toEqual({ ann: 3, bob: 1 });
    expect(rows.map((row) => [row.title, row.counted, row.difference])).toEqual([
      ["Lamp", 1, -1],
      ["Tee — S", 1, -2],
      ["Tee — M", 2, 1],
      ["Tee — L", null, null],
    ]);
    // L holds none: not expected, so not missing.
    expect(unseen).toEqual([]);
    expect(differing.map((row) => row.title)).toEqual(["Lamp", "Tee — S", "Tee — M"]);
  });
});

describe("a count at a moment and a place", () => {
  it("keeps a sale made after the shelf was counted: the count plus what moved since", () => {
    // Tee S: 3 recorded when its last unit was scanned; one sold since (2 now). Counted 3: nothing to change.
    const sold = { ...tee, variants: tee.variants?.map((v) => (v._id === "tee" ? { ...v, stock: { main: 2 } } : v)) };
    const scans = [1, 2, 3].map((n) => scan("tee", "tee", "ann", { heldThen: 3, at: new Date(n) }));
    const row = tally(tallied(scans), [sold], ["main"]).rows.find((each) => each.variantId === "tee");
    expect(row).toMatchObject({ expected: 2, counted: 3, since: -1, difference: 0 });
  });

  it("counts each location on its own: a row per variant and place, scans where they were made", () => {
    const spread: ItemDoc = { ...lamp, quantity: 9, stock: { main: 6, stall: 3 } };
    const scans = [1, 2, 3].map(() => scan("lamp", undefined, "ann", { locationId: "main", heldThen: 6 }));
    const { rows, unseen, differing } = tally(tallied(scans), [spread], ["main", "stall"]);
    expect(rows.map((row) => [row.key, row.expected, row.counted, row.difference])).toEqual([
      ["lamp@main", 6, 3, -3],
      ["lamp@stall", 3, null, null],
    ]);
    // Three counted at Main takes three from Main, and the stall is not yet seen (not emptied).
    expect(differing.map((row) => row.key)).toEqual(["lamp@main"]);
    expect(unseen.map((row) => row.key)).toEqual(["lamp@stall"]);
  });
});

describe("a scan counted here", () => {
  it("names a variant by its own SKU in any case, or its barcode in another form", () => {
    expect(targetForCodeHere("tee-m", [lamp, tee], [])).toMatchObject({ variantId: "m", title: "Tee — M" });
    expect(targetForCodeHere("0036000291452", [lamp, tee], [])?.variantId).toBe("m");
    expect(targetForCodeHere("LAMP", [lamp, tee], [])).toMatchObject({ variantId: "lamp", title: "Lamp" });
    // The product's id (or its own label) names none of its variants: not counted here, and said why.
    expect(targetForCodeHere("tee", [lamp, tee], [])).toBeUndefined();
    expect(variantNeededHere("tee", [lamp, tee], [])).toBe(
      "“Tee” comes in variants: scan the variant's own label or barcode",
    );
    expect(targetForCodeHere("NOPE", [lamp, tee], [])).toBeUndefined();
    expect(variantNeededHere("NOPE", [lamp, tee], [])).toBeNull();
  });

  it("names the variant a variant's label names, and none for a label of a product sold in variants", () => {
    // The short link's code is on its item; a store page's owner comes from the room's labels.
    const labels = [{ _id: "tee", keys: ["p:tee"] }] as unknown as LiveDoc[];
    const medium = "https://shop.example/s/TeeLabel01/mMmMmMmMmMmMmMmMm";
    const withM = {
      ...tee,
      shareCode: "TeeLabel01",
      variants: tee.variants?.map((v) => (v._id === "m" ? { ...v, _id: "mMmMmMmMmMmMmMmMm" } : v)),
    };
    expect(targetForCodeHere(medium, [withM], labels)).toMatchObject({
      variantId: "mMmMmMmMmMmMmMmMm",
      title: "Tee — M",
    });
    expect(targetForCodeHere("https://shop.example/s/TeeLabel01", [withM], labels)).toBeUndefined();
    expect(variantNeededHere("https://shop.example/s/TeeLabel01", [withM], labels)).toContain("comes in variants");
    expect(variantNeededHere("https://shop.example/products/tee", [withM], labels)).toContain("comes in variants");
    expect(targetForCodeHere("https://shop.example/s/OtherLabel", [withM], labels)).toBeUndefined();
  });

  it("shows at once under the variant scanned", () => {
    const items = new Map([lamp, tee].map((doc) => [doc._id, doc as unknown as LiveDoc]));
    const layers = new SimulationLayers(
      (collection, id) => (collection === "items" ? items.get(id) : undefined),
      (collection) => (collection === "items" ? [...items.values()] : []),
    );
    const stub = stocktakeStubs({ userId: () => "ann", now: () => new Date(0) })["stocktake.scan"];
    layers.run("1", "seed", stub as NonNullable<typeof stub>, ["st", "TEE-L", { locationId: "main", at: 5 }]);
    expect(layers.view("stocktakeScans", [])).toEqual([
      expect.objectContaining({
        stocktakeId: "st",
        itemId: "tee",
        variantId: "l",
        locationId: "main",
        userId: "ann",
        at: new Date(5),
        heldThen: 0,
      }),
    ]);
    // …and in the tally, before the server has answered; taken back, it is out of it again.
    const counted = () => tally(layers.view("stocktakeTally", []) as unknown as TallyDoc[], [lamp, tee], ["main"]);
    expect(counted().rows.find((row) => row.variantId === "l")).toMatchObject({ counted: 1, difference: 1 });
    expect(Object.fromEntries(counted().byPerson)).toEqual({ ann: 1 });
    const scanId = (layers.view("stocktakeScans", [])[0] as LiveDoc)._id;
    const unscan = stocktakeStubs({ userId: () => "ann" })["stocktake.unscan"];
    layers.run("2", "seed2", unscan as NonNullable<typeof unscan>, ["st", scanId]);
    expect(counted().rows.find((row) => row.variantId === "l")).toMatchObject({ counted: null });
    expect(counted().byPerson.size).toBe(0);
  });
});
