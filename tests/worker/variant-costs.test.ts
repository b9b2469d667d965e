/**
 * Each variant's supplier and costs (docs/buying.md): a supplier of the
 * room and their code for it, set on an item or each variant, in the CSV
 * import by name; a receipt at a cost makes it the last cost and takes it
 * into the weighted average the stock is valued at; every movement carries
 * what a unit was worth at cost; a cost set by hand values the stock at it.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom } from "./ddp-socket";
import { itemNow } from "./item-now";
import { expectLedgerAddsUp } from "./ledger";
import { roomRows } from "./room-rows";

type Costs = { costCents: number | null; avgCostCents: number | null; supplierId: string | null; supplierSku: string };
type Product = Costs & { quantity: number; variants: (Costs & { _id: string; values: string[] })[] };

const movementCosts = (roomId: string, itemId: string) =>
  roomRows<{ reason: string; quantity: number; cost_cents: number | null }>(
    roomId,
    "SELECT reason, quantity, cost_cents FROM movements WHERE item_id = ? ORDER BY rowid",
    itemId,
  );

describe("a variant's supplier", () => {
  it("is one of the room's suppliers, set on an item or on every variant at once, with each variant's own SKU there", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const acme = (await socket.call("suppliers.add", [{ name: "Acme" }])).result as string;
    const birch = (await socket.call("suppliers.add", [{ name: "Birch & Co" }])).result as string;

    expect((await socket.call("items.add", [{ title: "Mug", supplierId: "no-such-supplier" }])).error).toMatchObject({
      error: 404,
      reason: "No such supplier in this room",
    });
    expect(await roomRows(roomId, "SELECT id FROM items")).toEqual([]);
    const mug = (await socket.call("items.add", [{ title: "Mug", supplierId: acme, supplierSku: "AC-MUG" }]))
      .result as string;
    expect(await itemNow<Product>(socket, mug)).toMatchObject({ supplierId: acme, supplierSku: "AC-MUG" });

    const tee = (await socket.call("items.add", [{ title: "Tee", supplierId: acme }])).result as string;
    const sizes = {
      options: ["Size"],
      variants: [
        { values: ["S"], sku: "TEE-S", supplierSku: "B-TS" },
        { values: ["M"], sku: "TEE-M", supplierSku: "B-TM" },
      ],
    };
    expect((await socket.call("items.setVariants", [tee, sizes])).error).toBeUndefined();
    // Both sizes come from the product's supplier; the supplier set on the product becomes both sizes'.
    expect((await itemNow<Product>(socket, tee)).variants.map((variant) => variant.supplierId)).toEqual([acme, acme]);
    expect((await socket.call("items.update", [tee, { supplierId: birch }])).error).toBeUndefined();
    let product = await itemNow<Product>(socket, tee);
    expect(product.variants.map((variant) => [variant.supplierId, variant.supplierSku])).toEqual([
      [birch, "B-TS"],
      [birch, "B-TM"],
    ]);
    // A supplier SKU is each variant's own: set there, refused on the product in words.
    expect((await socket.call("items.update", [tee, { supplierSku: "X" }])).error).toMatchObject({
      error: 409,
      reason: "This product's supplier SKUs are its variants': edit a variant",
    });
    const medium = product.variants[1]?._id as string;
    expect((await socket.call("items.updateVariant", [tee, medium, { supplierSku: "B-TM2" }])).error).toBeUndefined();
    expect(
      (await socket.call("items.updateVariant", [tee, medium, { supplierId: "no-such-supplier" }])).error,
    ).toMatchObject({ error: 404, reason: "No such supplier in this room" });
    product = await itemNow<Product>(socket, tee);
    expect(product.variants[1]).toMatchObject({ supplierId: birch, supplierSku: "B-TM2" });
    socket.close();
  });

  it("comes in a CSV by name: a new name adds the supplier (said in the dry run), a known one in any case is found", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const acme = (await socket.call("suppliers.add", [{ name: "Acme" }])).result as string;
    const product = (handle: string, supplier: string, supplierSku: string, row: number) => ({
      row,
      handle,
      title: handle,
      options: [],
      variants: [{ row, values: [], sku: handle.toUpperCase(), supplier, supplierSku, costCents: 250 }],
    });
    const part = {
      importId: "suppliers",
      part: 0,
      dryRun: true,
      products: [product("vase", "acme", "A-1", 2), product("bowl", "Pine Pottery", "PP-9", 3)],
    };
    const dry = await socket.call("items.import", [part]);
    expect(dry.result).toMatchObject({ created: 2, suppliersAdded: ["Pine Pottery"], problems: [] });
    expect(await roomRows(roomId, "SELECT name FROM suppliers ORDER BY name")).toEqual([{ name: "Acme" }]);

    const done = await socket.call("items.import", [{ ...part, dryRun: false }]);
    expect(done.result).toMatchObject({ created: 2, suppliersAdded: ["Pine Pottery"] });
    const pine = (await roomRows<{ id: string }>(roomId, "SELECT id FROM suppliers WHERE name = 'Pine Pottery'"))[0]
      ?.id;
    expect(
      await roomRows(roomId, "SELECT handle, supplier_id, supplier_sku, cost_cents FROM items ORDER BY handle"),
    ).toEqual([
      { handle: "bowl", supplier_id: pine, supplier_sku: "PP-9", cost_cents: 250 },
      { handle: "vase", supplier_id: acme, supplier_sku: "A-1", cost_cents: 250 },
    ]);
    // A blank cell clears the supplier; the report says which products changed that way.
    const again = await socket.call("items.import", [
      { importId: "again", part: 0, dryRun: false, products: [product("vase", "", "", 2)] },
    ]);
    expect(again.result).toMatchObject({ updated: 1, changes: { suppliers: 1 }, suppliersAdded: [] });
    expect(await roomRows(roomId, "SELECT supplier_id, supplier_sku FROM items WHERE handle = 'vase'")).toEqual([
      { supplier_id: null, supplier_sku: "" },
    ]);
    socket.close();
  });
});

describe("costs", () => {
  it("take a receipt at a new cost as the last cost and weigh it into the average the stock is valued at", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Candle", quantity: 10, costCents: 400 }]))
      .result as string;
    const [location] = (await roomRows<{ id: string }>(roomId, "SELECT id FROM locations ORDER BY position")).map(
      (row) => row.id,
    );
    const adjust = (quantity: number, reason: string, costCents?: number) =>
      socket.call("stock.adjust", [
        { itemId, locationId: location, quantity, reason, ...(costCents === undefined ? {} : { costCents }) },
      ]);

    // 10 held at 4.00, 10 received at 6.00: the cost is 6.00, the stock worth 5.00 a unit.
    expect((await adjust(10, "received", 600)).error).toBeUndefined();
    expect(await itemNow<Product>(socket, itemId)).toMatchObject({ costCents: 600, avgCostCents: 500, quantity: 20 });
    // A sale leaves at what a unit is worth; a receipt with no cost comes at the last cost (20 at 5.75, 4 at 8.00).
    expect((await adjust(-5, "sold")).error).toBeUndefined();
    const received = await adjust(5, "received", 800);
    expect(await itemNow<Product>(socket, itemId)).toMatchObject({ costCents: 800, avgCostCents: 575 });
    expect((await adjust(4, "received")).error).toBeUndefined();
    expect(await itemNow<Product>(socket, itemId)).toMatchObject({ costCents: 800, avgCostCents: 613 });
    expect(await movementCosts(roomId, itemId)).toEqual([
      { reason: "correction", quantity: 10, cost_cents: 400 },
      { reason: "received", quantity: 10, cost_cents: 600 },
      { reason: "sold", quantity: -5, cost_cents: 500 },
      { reason: "received", quantity: 5, cost_cents: 800 },
      { reason: "received", quantity: 4, cost_cents: 800 },
    ]);

    // Taking a receipt back takes its units out at what they came at, and the average with them.
    expect((await socket.call("stock.undo", [received.result])).error).toBeUndefined();
    const undone = await itemNow<Product>(socket, itemId);
    expect(undone.avgCostCents).toBe(Math.round((24 * 613 - 5 * 800) / 19));
    expect((await movementCosts(roomId, itemId)).at(-1)).toEqual({ reason: "received", quantity: -5, cost_cents: 800 });

    // A cost only goes with stock received.
    expect((await adjust(-1, "damaged", 100)).error).toMatchObject({
      error: 400,
      reason: "A cost goes with stock received",
    });
    // A cost set by hand values the stock at it: the average gives way.
    expect((await socket.call("items.update", [itemId, { costCents: 700 }])).error).toBeUndefined();
    expect(await itemNow<Product>(socket, itemId)).toMatchObject({ costCents: 700, avgCostCents: null });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("are each variant's own: a receipt of one size moves that size's average only", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Tee" }])).result as string;
    const set = await socket.call("items.setVariants", [
      itemId,
      {
        options: ["Size"],
        variants: [
          { values: ["S"], sku: "S", costCents: 300 },
          { values: ["M"], sku: "M", costCents: 300 },
        ],
      },
    ]);
    const [small, medium] = set.result as string[];
    const [location] = (await roomRows<{ id: string }>(roomId, "SELECT id FROM locations ORDER BY position")).map(
      (row) => row.id,
    );
    const receive = (variantId: string, quantity: number, costCents: number) =>
      socket.call("stock.adjust", [
        { itemId, variantId, locationId: location, quantity, reason: "received", costCents },
      ]);
    expect((await receive(small as string, 2, 300)).error).toBeUndefined();
    expect((await receive(small as string, 2, 500)).error).toBeUndefined();
    const tee = await itemNow<Product>(socket, itemId);
    expect(tee.variants.map((variant) => [variant.costCents, variant.avgCostCents ?? null])).toEqual([
      [500, 400],
      [300, null],
    ]);
    // A size's cost set by hand clears that size's average only.
    expect((await socket.call("items.updateVariant", [itemId, small, { costCents: 450 }])).error).toBeUndefined();
    expect((await receive(medium as string, 1, 900)).error).toBeUndefined();
    const after = await itemNow<Product>(socket, itemId);
    expect(after.variants.map((variant) => [variant.costCents, variant.avgCostCents ?? null])).toEqual([
      [450, null],
      [900, 900],
    ]);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("value the room's stock on the dashboard, at cost and at sale price, by location and supplier, live", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.subscribe("dashboard", [], "figures")).msg).toBe("ready");
    const acme = (await socket.call("suppliers.add", [{ name: "Acme" }])).result as string;
    const back = (await socket.call("locations.add", ["Back room"])).result as string;
    // 4 mugs at 2.50 from Acme, selling at 10.00; 2 bowls with no cost, selling at 6.00.
    const mug = (
      await socket.call("items.add", [
        { title: "Mug", quantity: 4, costCents: 250, priceCents: 1000, supplierId: acme },
      ])
    ).result as string;
    (await socket.call("items.add", [{ title: "Bowl", quantity: 2, priceCents: 600 }])).result as string;
    const worth = () =>
      socket.held("dashboard").get("summary")?.worth as {
        costCents: number;
        retailCents: number;
        costedRetailCents: number;
        uncostedUnits: number;
        byLocation: { locationId: string; costCents: number; units: number }[];
        bySupplier: { supplierId: string; costCents: number; units: number }[];
      }[];
    await expect
      .poll(() => worth()?.[0])
      .toMatchObject({ costCents: 1000, retailCents: 5200, costedRetailCents: 4000, uncostedUnits: 2 });
    // 4 more mugs at 3.50 into the back room: the mugs are worth their average, 3.00 each.
    expect(
      (
        await socket.call("stock.adjust", [
          { itemId: mug, locationId: back, quantity: 4, reason: "received", costCents: 350 },
        ])
      ).error,
    ).toBeUndefined();
    await expect.poll(() => worth()?.[0]?.costCents).toBe(8 * 300);
    expect(worth()?.[0]?.byLocation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ locationId: "main", costCents: 1200, units: 6 }),
        expect.objectContaining({ locationId: back, costCents: 1200, units: 4 }),
      ]),
    );
    expect(worth()?.[0]?.bySupplier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ supplierId: acme, costCents: 2400, units: 8 }),
        expect.objectContaining({ supplierId: "", costCents: 0, units: 2 }),
      ]),
    );
    socket.close();
  });
});
