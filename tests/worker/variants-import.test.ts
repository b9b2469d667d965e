/**
 * Products with variants (protocol/variants.ts) and the CSV import's bulk
 * path (worker/inventory/catalogue-import.ts): stock per variant, counted and
 * received by a variant's own code, and an import that updates by handle
 * and SKU rather than duplicating.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom } from "./ddp-socket";
import { itemNow } from "./item-now";
import { roomRows } from "./room-rows";

type Variant = {
  _id: string;
  values: string[];
  sku: string;
  barcode: string;
  priceCents: number;
  quantity: number;
  stock: Record<string, number>;
  reorderPoint: number | null;
};
type Product = {
  title: string;
  quantity: number;
  priceCents: number;
  stock: Record<string, number>;
  options: string[];
  variants: Variant[];
};

const shirtSizes = {
  options: ["Size"],
  variants: [
    { values: ["S"], sku: "TEE-S", barcode: "", priceCents: 1500, reorderPoint: 2 },
    { values: ["M"], sku: "TEE-M", barcode: "4006381333931", priceCents: 1500, reorderPoint: null },
    { values: ["L"], sku: "TEE-L", barcode: "", priceCents: 1700, reorderPoint: null },
  ],
};

describe("variants", () => {
  it("gives a product sizes: its stock stays with the first, each size is counted, received and low on its own", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Tee", sku: "TEE", quantity: 4, priceCents: 1500 }]))
      .result as string;
    const set = await socket.call("items.setVariants", [itemId, shirtSizes]);
    expect(set.error).toBeUndefined();
    const ids = set.result as string[];
    expect(ids[0]).toBe(itemId);
    let tee = await itemNow<Product>(socket, itemId);
    expect(tee.options).toEqual(["Size"]);
    expect(tee.variants.map((v) => [v.values[0], v.sku, v.quantity])).toEqual([
      ["S", "TEE-S", 4],
      ["M", "TEE-M", 0],
      ["L", "TEE-L", 0],
    ]);
    expect(tee.quantity).toBe(4);
    expect(tee.priceCents).toBe(1500);

    // A typed count on one variant is a correction of that variant only.
    expect((await socket.call("items.updateVariant", [itemId, ids[1], { quantity: 6 }])).error).toBeUndefined();
    // Received by the medium's barcode, in its UPC form as a handheld scanner may type it.
    const received = await socket.call("stock.receive", ["4006381333931", "main", 2]);
    expect(received.result).toMatchObject({ itemId, variantId: ids[1], title: "Tee — M", held: 8 });
    // One large damaged, which has none: refused in words naming the size (a sale would be kept: docs/stock.md).
    const refused = await socket.call("stock.adjust", [
      { itemId, variantId: ids[2], locationId: "main", quantity: -1, reason: "damaged" },
    ]);
    expect(refused.error).toMatchObject({ reason: expect.stringContaining("Tee — L") });
    tee = await itemNow<Product>(socket, itemId);
    expect(tee.variants.map((v) => v.quantity)).toEqual([4, 8, 0]);
    expect(tee.quantity).toBe(12);
    expect(tee.stock).toEqual({ main: 12 });

    const movements = await roomRows<{ variant_id: string; quantity: number; reason: string }>(
      roomId,
      "SELECT variant_id, quantity, reason FROM movements WHERE item_id = ? ORDER BY at, rowid",
      itemId,
    );
    expect(movements).toEqual([
      { variant_id: itemId, quantity: 4, reason: "correction" },
      { variant_id: ids[1], quantity: 6, reason: "correction" },
      { variant_id: ids[1], quantity: 2, reason: "received" },
    ]);

    // A stocktake counts each size by its own code, and applies per size.
    const stocktakeId = (await socket.call("stocktake.start", [])).result as string;
    for (const code of ["TEE-S", "TEE-S", "tee-m"]) {
      expect((await socket.call("stocktake.scan", [stocktakeId, code])).error).toBeUndefined();
    }
    expect((await socket.call("stocktake.apply", [stocktakeId, { unseenToZero: false }])).error).toBeUndefined();
    tee = await itemNow<Product>(socket, itemId);
    expect(tee.variants.map((v) => v.quantity)).toEqual([2, 1, 0]);
    expect(tee.quantity).toBe(3);
    socket.close();
  });

  it("refuses a size that still holds stock being dropped, a code used elsewhere, and one value for two options", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await socket.call("items.add", [{ title: "Mug", sku: "MUG" }]);
    const itemId = (await socket.call("items.add", [{ title: "Tee", quantity: 3 }])).result as string;
    const [first] = (await socket.call("items.setVariants", [itemId, shirtSizes])).result as string[];
    const dropped = await socket.call("items.setVariants", [
      itemId,
      { options: ["Size"], variants: [{ values: ["M"], sku: "TEE-M" }] },
    ]);
    expect(dropped.error).toMatchObject({ reason: "S still holds 3: move, sell or correct its stock to 0 first" });
    const taken = await socket.call("items.updateVariant", [itemId, first, { sku: "MUG" }]);
    expect(taken.error).toMatchObject({ reason: "SKU MUG is already used in this room" });
    const short = await socket.call("items.setVariants", [
      itemId,
      { options: ["Size", "Colour"], variants: [{ _id: first, values: ["S"] }] },
    ]);
    expect(short.error).toMatchObject({ reason: "Give variant 1 a value for each option (Size, Colour)" });
    const tee = await itemNow<Product>(socket, itemId);
    expect(tee.variants.map((v) => v.sku)).toEqual(["TEE-S", "TEE-M", "TEE-L"]);
    socket.close();
  });
});

describe("variants in bulk edits and removal", () => {
  it("moves each variant's price by a percentage and puts them back, and a removed product comes back with its sizes and stock", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Tee", quantity: 3 }])).result as string;
    await socket.call("items.setVariants", [itemId, shirtSizes]);
    const edit = await socket.call("items.bulkEdit", [[itemId], { price: { percent: 10 } }]);
    let tee = await itemNow<Product>(socket, itemId);
    expect(tee.variants.map((v) => v.priceCents)).toEqual([1650, 1650, 1870]);
    expect(tee.priceCents).toBe(1650);
    const stock = await socket.call("items.bulkEdit", [
      [itemId],
      { stock: { quantity: 1, reason: "received", locationId: "main" } },
    ]);
    expect(stock.error).toMatchObject({ reason: "“Tee” is sold in variants: choose which of its variants" });
    await socket.call("items.bulkUndo", [(edit.result as { undo: unknown }).undo]);
    tee = await itemNow<Product>(socket, itemId);
    expect(tee.variants.map((v) => v.priceCents)).toEqual([1500, 1500, 1700]);

    // Chosen variants only: two sizes received 2 each and priced at 20.00, the third left alone; then undone.
    const [small, medium, large] = tee.variants.map((v) => v._id);
    const chosen = await socket.call("items.bulkEdit", [
      [itemId],
      { price: { set: 2000 }, stock: { quantity: 2, reason: "received", locationId: "main" } },
      [medium, large],
    ]);
    expect(chosen.error).toBeUndefined();
    tee = await itemNow<Product>(socket, itemId);
    expect(tee.variants.map((v) => [v.priceCents, v.quantity])).toEqual([
      [1500, 3],
      [2000, 2],
      [2000, 2],
    ]);
    expect(tee.quantity).toBe(7);
    const tooMany = await socket.call("items.bulkEdit", [
      [itemId],
      { stock: { quantity: -3, reason: "damaged", locationId: "main" } },
      [small, medium],
    ]);
    expect(tooMany.error).toMatchObject({ reason: "Only 2 of “Tee — M” there: that would take it below zero" });
    await socket.call("items.bulkUndo", [(chosen.result as { undo: unknown }).undo]);
    tee = await itemNow<Product>(socket, itemId);
    expect(tee.variants.map((v) => [v.priceCents, v.quantity])).toEqual([
      [1500, 3],
      [1500, 0],
      [1700, 0],
    ]);

    await socket.call("items.remove", [itemId]);
    await socket.call("items.restore", [itemId, { title: "Tee" }]);
    tee = await itemNow<Product>(socket, itemId);
    expect(tee.options).toEqual(["Size"]);
    expect(tee.variants.map((v) => [v.sku, v.quantity])).toEqual([
      ["TEE-S", 3],
      ["TEE-M", 0],
      ["TEE-L", 0],
    ]);
    expect(tee.quantity).toBe(3);
    socket.close();
  });
});

const importedTee = (row: number, quantities: [number, number]) => ({
  row,
  handle: "classic-tee",
  title: "Classic tee",
  status: "ready",
  tags: ["cotton"],
  options: ["Size"],
  variants: [
    { row, values: ["S"], sku: "CT-S", priceCents: 1900, quantity: quantities[0] },
    { row: row + 1, values: ["M"], sku: "CT-M", priceCents: 1900, quantity: quantities[1] },
  ],
});

describe("CSV import", () => {
  it("weighs a part in a dry run without writing, imports it, and updates by handle and SKU on a second import", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const mug = {
      row: 4,
      handle: "mug",
      title: "Mug",
      options: [],
      variants: [{ row: 4, values: [], sku: "MUG-1", barcode: "4006381333931", stock: { Main: 2, "Back room": 5 } }],
    };
    const part = { importId: "import-one", part: 0, dryRun: true, products: [importedTee(2, [3, 4]), mug] };
    const dry = await socket.call("items.import", [part]);
    expect(dry.result).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      locationsAdded: ["Back room"],
      suppliersAdded: [],
      problems: [],
      changes: {},
      // The tee's counts (no location given) are at the room's first; the mug's by location.
      stock: [
        { location: "Main", units: 9, variants: 3 },
        { location: "Back room", units: 5, variants: 1 },
      ],
      elsewhere: [],
    });
    expect(await roomRows(roomId, "SELECT id FROM items")).toEqual([]);

    const done = await socket.call("items.import", [{ ...part, dryRun: false }]);
    expect(done.result).toMatchObject({ created: 2, updated: 0, problems: [] });
    const rows = await roomRows<{ id: string; title: string; quantity: number; handle: string }>(
      roomId,
      "SELECT id, title, quantity, handle FROM items ORDER BY title",
    );
    expect(rows.map((row) => [row.title, row.quantity, row.handle])).toEqual([
      ["Classic tee", 7, "classic-tee"],
      ["Mug", 7, "mug"],
    ]);
    const mugRow = rows[1] as { id: string };
    expect((await itemNow<Product>(socket, mugRow.id)).stock).toMatchObject({ main: 2 });

    // The same file again, with one count changed: the tee is updated, the mug left as it is.
    const again = await socket.call("items.import", [
      { importId: "import-two", part: 0, dryRun: false, products: [importedTee(2, [3, 1]), mug] },
    ]);
    expect(again.result).toEqual({
      created: 0,
      updated: 1,
      unchanged: 1,
      locationsAdded: [],
      suppliersAdded: [],
      problems: [],
      changes: { stock: 1 },
      stock: [{ location: "Main", units: -3, variants: 1 }],
      elsewhere: [],
    });
    // The mug's row given a SKU another item has: that row is refused, in words, and nothing changes.
    await socket.call("items.add", [{ title: "Cap", sku: "CAP" }]);
    const clash = { ...mug, variants: [{ row: 4, values: [], sku: "CAP" }] };
    const third = await socket.call("items.import", [
      { importId: "import-three", part: 0, dryRun: false, products: [clash] },
    ]);
    expect(third.result).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 0,
      locationsAdded: [],
      problems: [{ row: 4, column: "SKU", message: "CAP is already on “Cap” in this room" }],
    });
    const tee = await itemNow<Product>(socket, (rows[0] as { id: string }).id);
    expect(tee.variants.map((v) => [v.sku, v.quantity])).toEqual([
      ["CT-S", 3],
      ["CT-M", 1],
    ]);
    expect(await roomRows(roomId, "SELECT count(*) AS n FROM items")).toEqual([{ n: 3 }]);
    const imported = await roomRows<{ reason: string; note: string; quantity: number }>(
      roomId,
      "SELECT reason, note, quantity FROM movements WHERE item_id = ? ORDER BY at, rowid",
      (rows[0] as { id: string }).id,
    );
    expect(imported.at(-1)).toEqual({ reason: "correction", note: "Imported", quantity: -3 });
    socket.close();
  });

  it("keeps each variant's cost, “was” price and weight and the product's vendor, type and SEO; a file without them leaves them", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const detailed = {
      row: 2,
      handle: "cap",
      title: "Cap",
      vendor: "Atelier",
      productType: "Hats",
      seoTitle: "Wool cap",
      seoDescription: "A warm wool cap",
      options: ["Colour"],
      variants: [
        {
          row: 2,
          values: ["Red"],
          sku: "CAP-R",
          priceCents: 2500,
          costCents: 900,
          compareAtCents: 3000,
          weightGrams: 120,
          weightUnit: "g",
        },
        { row: 3, values: ["Blue"], sku: "CAP-B", priceCents: 2500, costCents: 950 },
      ],
    };
    const first = await socket.call("items.import", [
      { importId: "details-1", part: 0, dryRun: false, products: [detailed] },
    ]);
    expect(first.result).toMatchObject({ created: 1, problems: [] });
    const [row] = await roomRows<{ id: string }>(roomId, "SELECT id FROM items");
    const cap = (await itemNow<Product>(socket, row?.id ?? "")) as Product & Record<string, unknown>;
    expect(cap).toMatchObject({ vendor: "Atelier", productType: "Hats", seoTitle: "Wool cap" });
    expect(cap.variants.map((v) => [v.sku, (v as Variant & Record<string, unknown>).costCents])).toEqual([
      ["CAP-R", 900],
      ["CAP-B", 950],
    ]);
    expect(cap.variants[0]).toMatchObject({ compareAtCents: 3000, weightGrams: 120, weightUnit: "g" });

    // A file with only codes and prices: what it does not have stays; a new cost is a change of costs.
    const plain = {
      ...detailed,
      vendor: undefined,
      productType: undefined,
      seoTitle: undefined,
      seoDescription: undefined,
      variants: [
        { row: 2, values: ["Red"], sku: "CAP-R", priceCents: 2500, costCents: 1000 },
        { row: 3, values: ["Blue"], sku: "CAP-B", priceCents: 2500 },
      ],
    };
    const again = await socket.call("items.import", [
      { importId: "details-2", part: 0, dryRun: false, products: [JSON.parse(JSON.stringify(plain))] },
    ]);
    expect(again.result).toMatchObject({ updated: 1, changes: { costs: 1 } });
    const after = (await itemNow<Product>(socket, row?.id ?? "")) as Product & Record<string, unknown>;
    expect(after).toMatchObject({ vendor: "Atelier", seoTitle: "Wool cap" });
    expect(after.variants.map((v) => (v as Variant & Record<string, unknown>).costCents)).toEqual([1000, 950]);
    expect(after.variants[0]).toMatchObject({ compareAtCents: 3000, weightGrams: 120 });

    // A product's own cost is its variants': set on the product, it is refused in words.
    const refused = await socket.call("items.update", [row?.id, { costCents: 500 }]);
    expect((refused.error as { reason?: string } | undefined)?.reason).toBe(
      "This product's costs, “was” prices and weights are its variants': edit a variant",
    );
    const variantEdit = await socket.call("items.updateVariant", [row?.id, cap.variants[1]?._id, { costCents: 975 }]);
    expect(variantEdit.error).toBeUndefined();
    socket.close();
  });

  it("prices a product in the file's currency, else the room's, and a later file without one keeps it", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const vase = (currency?: string) => ({
      row: 2,
      handle: "vase",
      title: "Vase",
      ...(currency ? { currency } : {}),
      options: [],
      variants: [{ row: 2, values: [], sku: "VASE-1", priceCents: 3000 }],
    });
    const plate = { ...vase(), handle: "plate", title: "Plate", variants: [{ row: 3, values: [], sku: "PLATE-1" }] };
    const first = await socket.call("items.import", [
      { importId: "money-one", part: 0, dryRun: false, products: [vase("EUR"), { ...plate, row: 3 }] },
    ]);
    expect(first.result).toMatchObject({ created: 2, problems: [] });
    const currencies = () =>
      roomRows<{ title: string; currency: string }>(roomId, "SELECT title, currency FROM items ORDER BY title");
    const roomCurrency = (await currencies()).find((row) => row.title === "Plate")?.currency;
    expect(await currencies()).toEqual([
      { title: "Plate", currency: roomCurrency },
      { title: "Vase", currency: "EUR" },
    ]);
    // Without a Currency column the vase keeps its euros; with one, it changes.
    const again = await socket.call("items.import", [
      { importId: "money-two", part: 0, dryRun: false, products: [vase()] },
    ]);
    expect(again.result).toMatchObject({ unchanged: 1 });
    const changed = await socket.call("items.import", [
      { importId: "money-three", part: 0, dryRun: false, products: [vase("GBP")] },
    ]);
    expect(changed.result).toMatchObject({ updated: 1 });
    expect((await currencies()).find((row) => row.title === "Vase")?.currency).toBe("GBP");
    const bad = await socket.call("items.import", [
      { importId: "money-four", part: 0, dryRun: true, products: [vase("euro")] },
    ]);
    expect(bad.error).toMatchObject({ error: 400 });
    socket.close();
  });

  it("refuses a part of more rows than one part carries", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const many = Array.from({ length: 501 }, (_, index) => ({
      row: index + 2,
      handle: `p-${index}`,
      title: `P ${index}`,
      options: [],
      variants: [{ row: index + 2, values: [] }],
    }));
    const big = await socket.call("items.import", [{ importId: "big", part: 0, dryRun: true, products: many }]);
    expect(big.error).toMatchObject({ reason: "Send at most 500 rows in one part" });
    socket.close();
  });
});
