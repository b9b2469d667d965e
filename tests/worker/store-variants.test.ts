/**
 * Variants both ways (docs/stock.md, "Variants both ways"), against the fake
 * Shopify at its HTTP boundary: a store product sold in options comes in
 * with every variant, matched by variant id, then SKU, then barcode; a
 * variant added here reaches the store with its stock; a sale of one
 * variant, on either side, moves that variant only.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAIN_LOCATION_ID } from "../../protocol/stock";
import { productWebhookPayload, variantsOfProduct } from "../support/fake-shopify";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow, roomRows } from "./room-rows";
import { connectedRoom, fakeStore, syncAndWait } from "./store-sync-helpers";
import { deliverWebhook } from "./webhook-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

interface StoredVariant {
  _id: string;
  values: string[];
  sku: string;
  barcode: string;
  priceCents: number;
  quantity: number;
  stock: Record<string, number>;
}

async function productHere(roomId: string) {
  const rows = await roomRows<{ id: string; options: string; variants: string; quantity: number }>(
    roomId,
    "SELECT id, options, variants, quantity FROM items",
  );
  expect(rows).toHaveLength(1);
  const [row] = rows;
  return {
    id: row?.id as string,
    options: JSON.parse(row?.options ?? "[]") as string[],
    variants: JSON.parse(row?.variants ?? "[]") as StoredVariant[],
    quantity: row?.quantity,
  };
}

const links = (roomId: string) =>
  roomRows<{ store_variant_id: string; variant_id: string }>(
    roomId,
    "SELECT store_variant_id, variant_id FROM store_variants ORDER BY store_variant_id",
  );

describe("a store product sold in variants", () => {
  it("comes in with every variant, its codes, prices and stock; a store sale of one moves that one", async () => {
    const fake = fakeStore();
    const cap = fake.addProductInVariants(
      { title: "Cap" },
      ["Colour"],
      [
        { values: ["Red"], sku: "CAP-R", barcode: "4006381333931", price: "12.00", inventoryQuantity: 5 },
        // A barcode no scanner could read (the store takes any text) is left off; the variant still comes.
        { values: ["Blue"], sku: "CAP-B", barcode: "CAFÉ-1", price: "14.00", inventoryQuantity: 2 },
      ],
    );
    const [red, blue] = variantsOfProduct(cap);
    const { roomId, socket } = await connectedRoom(fake);
    expect(await syncAndWait(socket)).toMatchObject({ error: "", counts: { products: 1 } });
    const product = await productHere(roomId);
    expect(product.options).toEqual(["Colour"]);
    expect(product.variants).toMatchObject([
      { values: ["Red"], sku: "CAP-R", barcode: "4006381333931", priceCents: 1200, stock: { [MAIN_LOCATION_ID]: 5 } },
      { values: ["Blue"], sku: "CAP-B", barcode: "", priceCents: 1400, stock: { [MAIN_LOCATION_ID]: 2 } },
    ]);
    expect(await links(roomId)).toHaveLength(2);

    // A sale of the blue one in the store: only blue moves here.
    for (const { topic, payload } of fake.sell(cap.id, 1, { variantId: blue?.id })) {
      await deliverWebhook(fake.shop, topic, payload, { secret: fake.clientSecret });
    }
    await expect.poll(async () => (await productHere(roomId)).variants.map((v) => v.quantity)).toEqual([5, 1]);
    expect(red?.inventoryQuantity).toBe(5);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("changed in the store: a variant added there arrives with its stock; one whose SKU changed keeps its place and stock", async () => {
    const fake = fakeStore();
    const cap = fake.addProductInVariants(
      { title: "Cap" },
      ["Colour"],
      [
        { values: ["Red"], sku: "CAP-R", price: "12.00", inventoryQuantity: 5 },
        { values: ["Blue"], sku: "CAP-B", price: "14.00", inventoryQuantity: 2 },
      ],
    );
    const { roomId, socket } = await connectedRoom(fake);
    await syncAndWait(socket);
    const before = await productHere(roomId);
    const redId = before.variants[0]?._id;

    cap.variant.sku = "CAP-RED";
    cap.moreVariants?.push({
      id: "gid://shopify/ProductVariant/77001",
      values: ["Green"],
      sku: "CAP-G",
      price: "13.00",
      inventoryQuantity: 3,
    });
    const update = await deliverWebhook(fake.shop, "products/update", productWebhookPayload(cap), {
      secret: fake.clientSecret,
    });
    expect(update.status).toBe(200);
    await expect.poll(async () => (await productHere(roomId)).variants.length).toBe(3);
    const after = await productHere(roomId);
    expect(after.variants).toMatchObject([
      { _id: redId, values: ["Red"], sku: "CAP-RED", quantity: 5 },
      { values: ["Blue"], sku: "CAP-B", quantity: 2 },
      { values: ["Green"], sku: "CAP-G", priceCents: 1300, quantity: 3 },
    ]);
    // The green one's first stock is a movement by the store, saying where it came from; nothing went back.
    const started = await roomRow<{ quantity: number; note: string; user_id: string }>(
      roomId,
      "SELECT quantity, note, user_id FROM movements WHERE variant_id = ?",
      after.variants[2]?._id ?? "",
    );
    expect(started).toEqual({ quantity: 3, note: "From the store", user_id: "store" });
    expect(fake.adjustments).toEqual([]);
    expect(await links(roomId)).toHaveLength(3);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("an unlinked product here with the store's variant SKUs is linked, not made twice", async () => {
    const fake = fakeStore();
    fake.addProductInVariants(
      { title: "Mug" },
      ["Size"],
      [
        { values: ["Small"], sku: "MUG-S", price: "8.00", inventoryQuantity: 4 },
        { values: ["Large"], sku: "MUG-L", price: "10.00", inventoryQuantity: 1 },
      ],
    );
    const { roomId, socket } = await connectedRoom(fake);
    const mug = (await socket.call("items.add", [{ title: "Mug", quantity: 0 }])).result as string;
    const set = await socket.call("items.setVariants", [
      mug,
      {
        options: ["Size"],
        variants: [
          { values: ["S"], sku: "MUG-S", count: { locationId: MAIN_LOCATION_ID, quantity: 4 } },
          { values: ["L"], sku: "MUG-L", count: { locationId: MAIN_LOCATION_ID, quantity: 1 } },
        ],
      },
    ]);
    expect(set.error).toBeUndefined();
    const ours = await productHere(roomId);
    await syncAndWait(socket);
    const after = await productHere(roomId);
    expect(after.id).toBe(mug);
    // Matched by SKU: the same variants, their stock as counted, the store's names for them.
    expect(after.variants).toMatchObject([
      { _id: ours.variants[0]?._id, values: ["Small"], sku: "MUG-S", quantity: 4 },
      { _id: ours.variants[1]?._id, values: ["Large"], sku: "MUG-L", quantity: 1 },
    ]);
    expect((await links(roomId)).map((link) => link.variant_id).sort()).toEqual(
      ours.variants.map((variant) => variant._id).sort(),
    );
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});

describe("a product sold in variants here", () => {
  it("sends a variant added after publishing with its stock, the others by id with theirs left alone; a store sale of it counts here", async () => {
    const fake = fakeStore();
    const { roomId, socket } = await connectedRoom(fake);
    const tee = (await socket.call("items.add", [{ title: "Tee", quantity: 3, priceCents: 1500 }])).result as string;
    const [small, medium] = (
      await socket.call("items.setVariants", [
        tee,
        {
          options: ["Size"],
          variants: [
            { values: ["S"], sku: "TEE-S" },
            { values: ["M"], sku: "TEE-M" },
          ],
        },
      ])
    ).result as string[];
    const published = await socket.call("store.publish", [tee]);
    expect(published.error).toBeUndefined();
    const productId = (published.result as { storeProductId: string }).storeProductId;

    const ids = (
      await socket.call("items.setVariants", [
        tee,
        {
          options: ["Size"],
          variants: [
            { _id: small, values: ["S"], sku: "TEE-S" },
            { _id: medium, values: ["M"], sku: "TEE-M" },
            { values: ["L"], sku: "TEE-L", count: { locationId: MAIN_LOCATION_ID, quantity: 4 } },
          ],
        },
      ])
    ).result as string[];
    await expect
      .poll(() => fake.calls.filter((call) => call.operation === "StockroomProductSet").length, { timeout: 10_000 })
      .toBe(2);
    const sent = (fake.calls.findLast((call) => call.operation === "StockroomProductSet")?.variables ?? {}) as {
      input: { variants: Record<string, unknown>[] };
    };
    const store = fake.products.get(productId);
    const [storeSmall, storeMedium, storeLarge] = store ? variantsOfProduct(store) : [];
    expect(sent.input.variants).toMatchObject([
      { id: storeSmall?.id, inventoryItem: { sku: "TEE-S" } },
      { id: storeMedium?.id, inventoryItem: { sku: "TEE-M" } },
      { inventoryItem: { sku: "TEE-L" }, inventoryQuantities: [{ name: "available", quantity: 4 }] },
    ]);
    expect(sent.input.variants.slice(0, 2).every((variant) => !("inventoryQuantities" in variant))).toBe(true);
    expect(storeSmall?.inventoryQuantity).toBe(3);
    expect(storeLarge?.inventoryQuantity).toBe(4);

    // The large one sold in the store: its stock here goes down, the others stay.
    for (const { topic, payload } of fake.sell(productId, 1, { variantId: storeLarge?.id })) {
      await deliverWebhook(fake.shop, topic, payload, { secret: fake.clientSecret });
    }
    await expect
      .poll(async () => (await productHere(roomId)).variants.map((variant) => [variant._id, variant.quantity]))
      .toEqual([
        [ids[0], 3],
        [ids[1], 0],
        [ids[2], 3],
      ]);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
