/**
 * Our movements reach the store (docs/stock.md, "Our movements reach the
 * store"): each movement here of a linked variant at a mapped location goes
 * to the store as an adjustment with Shopify's matching reason, naming our
 * movement, once; a sale in the store meanwhile is never overwritten; what
 * came from the store is not sent back; a refusal waits with the store's
 * words, a failure is retried. Against the fake Admin API at its HTTP
 * boundary; its own level reports are delivered as Shopify sends them.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SETTLE_MS } from "../../worker/store/store-stock";
import type { DdpSocket } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow, roomRows } from "./room-rows";
import { addLocation, quantity, settleAt, shopWithItem } from "./store-stock-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const SHOP_FLOOR = "gid://shopify/Location/1";
const WAREHOUSE = "gid://shopify/Location/2";

/** The item's `item:<id>` document as the socket has it now (added, then changed field by field). */
function itemSync(socket: DdpSocket, itemId: string): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const message of socket.received) {
    if (message.collection !== "store" || message.id !== `item:${itemId}`) continue;
    if (message.msg === "added" || message.msg === "changed") Object.assign(doc, message.fields);
  }
  return doc;
}

const outbox = (roomId: string) =>
  roomRows<{ delta: number; reason: string; refused: string }>(
    roomId,
    "SELECT delta, reason, refused FROM store_outbox ORDER BY rowid",
  );

describe("our movements reach the store", () => {
  it("a delivery received here reaches the store as an adjustment with reason received, naming our movement", async () => {
    const { fake, roomId, socket, itemId, inventoryItemId } = await shopWithItem();
    const inventoryItem = `gid://shopify/InventoryItem/${inventoryItemId}`;
    await socket.subscribe("store.item", [itemId]);
    expect(itemSync(socket, itemId)).toMatchObject({ waiting: 0, refused: "" });

    const received = await socket.call("stock.adjust", [
      { itemId, locationId: "main", quantity: 5, reason: "received", note: "Delivery" },
    ]);
    expect(received.error).toBeUndefined();
    await expect.poll(() => fake.levelOf(inventoryItem, SHOP_FLOOR), { timeout: 15_000 }).toBe(15);
    expect(fake.adjustments).toEqual([
      {
        reason: "received",
        referenceDocumentUri: `gid://stockroom/Movement/${received.result}`,
        changes: [{ inventoryItemId: inventoryItem, locationId: SHOP_FLOOR, delta: 5 }],
      },
    ]);
    // In step with the store again, and the item says so.
    expect(await outbox(roomId)).toEqual([]);
    await expect.poll(() => itemSync(socket, itemId).waiting).toBe(0);

    // Damaged and lost go as Shopify's damaged and shrinkage.
    await socket.call("stock.adjust", [{ itemId, locationId: "main", quantity: -1, reason: "damaged" }]);
    await socket.call("stock.adjust", [{ itemId, locationId: "main", quantity: -2, reason: "lost" }]);
    await expect.poll(() => fake.levelOf(inventoryItem, SHOP_FLOOR), { timeout: 15_000 }).toBe(12);
    expect(fake.adjustments.map((adjustment) => adjustment.reason).sort()).toEqual([
      "damaged",
      "received",
      "shrinkage",
    ]);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("a sale in the store and a receipt here at the same moment both count on both sides", async () => {
    const { fake, roomId, socket, itemId, inventoryItemId, deliver, deliverStoreNews } = await shopWithItem();
    const inventoryItem = `gid://shopify/InventoryItem/${inventoryItemId}`;
    const product = [...fake.products.values()][0];
    // Two sold online (the store now has 8) while a delivery of 5 is received here.
    const sold = fake.sell(product?.id ?? "", 2);
    expect(
      (await socket.call("stock.adjust", [{ itemId, locationId: "main", quantity: 5, reason: "received" }])).error,
    ).toBeUndefined();
    await expect.poll(() => fake.levelOf(inventoryItem, SHOP_FLOOR), { timeout: 15_000 }).toBe(13);
    // The store's webhooks about the sale arrive after our receipt reached it, and then its report of our receipt.
    for (const { topic, payload } of sold) await deliver(topic, payload);
    await deliverStoreNews();
    expect(await quantity(roomId, itemId)).toBe(13);
    // Nothing is left unexplained: no correction once it settles.
    await settleAt(roomId, Date.now() + SETTLE_MS);
    expect(await quantity(roomId, itemId)).toBe(13);
    expect(fake.levelOf(inventoryItem, SHOP_FLOOR)).toBe(13);
    expect(await roomRow(roomId, "SELECT available, pending FROM store_levels")).toEqual({ available: 13, pending: 0 });
    // The store's sale came here as a sale and did not go back.
    expect(fake.adjustments).toHaveLength(1);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("a transfer sends only the half at a mapped location, and a location mapped later sends its own", async () => {
    const { fake, roomId, socket, itemId, inventoryItemId } = await shopWithItem();
    const inventoryItem = `gid://shopify/InventoryItem/${inventoryItemId}`;
    const backRoom = await addLocation(socket, "Back room");
    // The Back room is not the store's: 3 moved there leave the store's shop floor.
    expect(
      (await socket.call("stock.transfer", [{ itemId, from: "main", to: backRoom, quantity: 3 }])).error,
    ).toBeUndefined();
    await expect.poll(() => fake.levelOf(inventoryItem, SHOP_FLOOR), { timeout: 15_000 }).toBe(7);
    expect(fake.adjustments.at(-1)).toMatchObject({
      reason: "movement_created",
      changes: [{ inventoryItemId: inventoryItem, locationId: SHOP_FLOOR, delta: -3 }],
    });
    // Mapped to the store's warehouse, the Back room's changes reach it too.
    expect((await socket.call("store.mapLocation", [WAREHOUSE, backRoom])).error).toBeUndefined();
    expect(
      (await socket.call("stock.transfer", [{ itemId, from: "main", to: backRoom, quantity: 2 }])).error,
    ).toBeUndefined();
    await expect.poll(() => fake.levelOf(inventoryItem, WAREHOUSE), { timeout: 15_000 }).toBe(2);
    expect(fake.levelOf(inventoryItem, SHOP_FLOOR)).toBe(5);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("a refusal waits with the store's words and does not hold the others back; a failure is retried; retry sends it again", async () => {
    const { fake, roomId, socket, itemId, inventoryItemId, deliver } = await shopWithItem();
    const inventoryItem = `gid://shopify/InventoryItem/${inventoryItemId}`;
    // A second published item, which the store will take.
    const otherId = (await socket.call("items.add", [{ title: "Mug", sku: "MUG-1", priceCents: 800, quantity: 4 }]))
      .result as string;
    expect((await socket.call("store.publish", [otherId])).error).toBeUndefined();
    const mug = [...fake.products.values()].find((product) => product.title === "Mug");
    const mugItem = mug?.variant.id.replace("ProductVariant", "InventoryItem") ?? "";
    await socket.subscribe("store.item", [itemId]);

    // The store no longer stocks the Tee: both corrections go in one batch, which it refuses; the Mug's
    // goes on its own and reaches it, the Tee's waits with the store's words.
    fake.notStocked.add(inventoryItem);
    await socket.call("items.update", [itemId, { quantity: 12 }]);
    await socket.call("items.update", [otherId, { quantity: 6 }]);
    await expect.poll(() => fake.levelOf(mugItem, SHOP_FLOOR), { timeout: 15_000 }).toBe(6);
    await expect
      .poll(() => itemSync(socket, itemId).refused, { timeout: 15_000 })
      .toBe("The specified inventory item is not stocked at the location.");
    expect(await outbox(roomId)).toEqual([
      { delta: 2, reason: "correction", refused: "The specified inventory item is not stocked at the location." },
    ]);
    expect(fake.levelOf(inventoryItem, SHOP_FLOOR)).toBe(10);

    // Stocked again in Shopify, the owner sends it again.
    fake.notStocked.delete(inventoryItem);
    expect((await socket.call("store.retryItem", [itemId])).result).toBe(1);
    await expect.poll(() => fake.levelOf(inventoryItem, SHOP_FLOOR), { timeout: 15_000 }).toBe(12);
    await expect.poll(() => itemSync(socket, itemId)).toMatchObject({ waiting: 0, refused: "" });

    // The store is down: the movement waits, says why, and goes once it is back (the alarm retries it).
    fake.failOperation = { operation: "StockroomInventoryAdjust", message: "Internal error" };
    await socket.call("items.update", [itemId, { quantity: 13 }]);
    await expect.poll(() => itemSync(socket, itemId).lastError, { timeout: 15_000 }).not.toBe("");
    expect(itemSync(socket, itemId).waiting).toBe(1);
    fake.failOperation = null;
    await expect.poll(() => fake.levelOf(inventoryItem, SHOP_FLOOR), { timeout: 30_000 }).toBe(13);
    await expect.poll(() => itemSync(socket, itemId)).toMatchObject({ waiting: 0, lastError: "" });

    // A sale from the store is never sent back. The store sells it as Shopify does (its own level goes
    // down too), so a report of its level arriving meanwhile agrees with the sale.
    const before = fake.adjustments.length;
    const product = [...fake.products.values()][0];
    for (const { topic, payload } of fake.sell(product?.id ?? "", 1)) await deliver(topic, payload);
    expect(await quantity(roomId, itemId)).toBe(12);
    expect(await outbox(roomId)).toEqual([]);
    expect(fake.adjustments).toHaveLength(before);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
