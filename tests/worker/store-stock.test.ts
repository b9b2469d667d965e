/**
 * Stock from the store (docs/stock.md, "Stock from the store"): sales,
 * returns, cancellations and counts changed in Shopify's admin become
 * movements here, each once, at the room location mapped to the store's.
 * The room connects to and publishes through the fake Admin API
 * (tests/support/fake-shopify.ts); webhooks are signed as Shopify signs them
 * and go through the real route, queue and room.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SETTLE_MS } from "../../worker/store/store-stock";
import { connectToRoom, signUpUser } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow } from "./room-rows";
import { addLocation, order, quantity, settleAt, shopWithItem, stockAt, storeMovements } from "./store-stock-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("stock from the store", () => {
  it("a store sale is a sale here, once, however often and by whichever topic it arrives", async () => {
    const { roomId, socket, itemId, variantId, deliver } = await shopWithItem();
    const sale = order([{ variantId, quantity: 2 }]);

    expect((await deliver("orders/create", sale, "sale-1")).status).toBe(200);
    expect(await quantity(roomId, itemId)).toBe(8);
    expect(await storeMovements(roomId)).toEqual([
      {
        quantity: -2,
        reason: "sold",
        note: `Online store order ${sale.name}`,
        reference: sale.admin_graphql_api_id,
        user_id: "store",
        location_id: "main",
      },
    ]);
    // The same delivery again, an update of the order, and a late orders/create: still one sale.
    await deliver("orders/create", sale, "sale-1");
    await deliver("orders/updated", { ...sale, total_price: "20.00" });
    await deliver("orders/create", sale);
    expect(await quantity(roomId, itemId)).toBe(8);
    expect(await storeMovements(roomId)).toHaveLength(1);
    // The dashboard still has the order, once.
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM orders")).toEqual({ n: 1 });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("a POS sale moves stock at the room location mapped to its store location; an unmapped one leaves stock alone", async () => {
    const { roomId, socket, itemId, variantId, deliver } = await shopWithItem();
    const backRoom = await addLocation(socket, "Back room");
    await socket.subscribe("store");
    // The store's first location started out as the room's first; its second is not mapped.
    const locations = socket.received.find((m) => m.msg === "added" && m.id === "locations")?.fields as {
      locations: { storeLocationId: string; name: string; locationId: string }[];
    };
    expect(locations.locations).toEqual([
      { storeLocationId: "gid://shopify/Location/1", name: "Shop floor", locationId: "main" },
      { storeLocationId: "gid://shopify/Location/2", name: "Warehouse", locationId: "" },
    ]);
    await deliver("orders/create", order([{ variantId, quantity: 1 }], { location_id: 2, source_name: "pos" }));
    expect(await quantity(roomId, itemId)).toBe(10);

    expect((await socket.call("store.mapLocation", ["gid://shopify/Location/2", backRoom])).error).toBeUndefined();
    await deliver("orders/create", order([{ variantId, quantity: 3 }], { location_id: 2, source_name: "pos" }));
    expect(await stockAt(roomId, itemId)).toEqual({ main: 10, [backRoom]: -3 });
    expect((await storeMovements(roomId)).at(-1)).toMatchObject({
      note: expect.stringMatching(/^Shopify POS order #/),
    });
    // The count went below zero there: a sale is never refused (docs/stock.md), a count sets it right.
    await expectLedgerAddsUp(roomId);

    // One store location per room location, and only the room's own, open locations.
    expect((await socket.call("store.mapLocation", ["gid://shopify/Location/1", backRoom])).error).toMatchObject({
      error: 409,
      reason: "Back room already keeps the stock of Warehouse",
    });
    expect((await socket.call("store.mapLocation", ["gid://shopify/Location/1", "nowhere"])).error).toMatchObject({
      error: 404,
    });
    expect((await socket.call("store.mapLocation", ["gid://shopify/Location/9", ""])).error).toMatchObject({
      error: 404,
      reason: "That store location is not in the store any more",
    });
    // Only owners and admins say where stock is.
    const member = await signUpUser();
    await socket.call("members.invite", [member.email, "member"]);
    const { socket: theirs } = await connectToRoom(roomId, { token: member.token });
    expect((await theirs.call("store.mapLocation", ["gid://shopify/Location/2", ""])).error).toMatchObject({
      error: 403,
    });
    theirs.close();
    socket.close();
  });

  it("returns and cancellations put stock back once; a refund without restock moves nothing", async () => {
    const { roomId, socket, itemId, variantId, deliver } = await shopWithItem();
    const sale = order([{ variantId, quantity: 3 }]);
    await deliver("orders/create", sale);
    const refund = (id: number, restockType: string, qty: number) => ({
      id,
      order_id: sale.id,
      created_at: new Date().toISOString(),
      refund_line_items: [
        {
          id: id * 10,
          line_item_id: sale.line_items[0]?.id,
          quantity: qty,
          restock_type: restockType,
          location_id: 1,
          line_item: { ...sale.line_items[0] },
        },
      ],
    });
    await deliver("refunds/create", refund(71, "return", 1));
    await deliver("refunds/create", refund(71, "return", 1));
    await deliver("refunds/create", refund(72, "no_restock", 1));
    expect(await quantity(roomId, itemId)).toBe(8);
    // Cancelled with restock: the order's webhook carries its refund.
    await deliver("orders/cancelled", {
      ...sale,
      cancelled_at: new Date().toISOString(),
      refunds: [refund(73, "cancel", 1)],
    });
    expect(await quantity(roomId, itemId)).toBe(9);
    expect((await storeMovements(roomId)).map((m) => [m.reason, m.quantity, m.note])).toEqual([
      ["sold", -3, `Online store order ${sale.name}`],
      ["returned", 1, "Returned in the store"],
      ["returned", 1, "Store order cancelled"],
    ]);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("a count changed in Shopify's admin is a correction once settled; an order arriving late explains its part; an old report changes nothing", async () => {
    const { roomId, socket, itemId, variantId, inventoryItemId, deliver } = await shopWithItem();
    const level = (available: number, at: number) => ({
      inventory_item_id: inventoryItemId,
      location_id: 1,
      available,
      updated_at: new Date(at).toISOString(),
    });
    // Publishing put 10 at the store's first location: where the room starts from.
    const start = Date.now();
    // Two sold online (the order still on its way) and one found broken in Shopify's admin: 7.
    await deliver("inventory_levels/update", level(7, start + 10_000));
    expect(await quantity(roomId, itemId)).toBe(10);
    // The order, created before that report, arrives: it explains two of the three.
    await deliver(
      "orders/create",
      order([{ variantId, quantity: 2 }], { created_at: new Date(start + 5_000).toISOString() }),
    );
    expect(await quantity(roomId, itemId)).toBe(8);
    // A report older than the last one arrives late: nothing changes.
    await deliver("inventory_levels/update", level(99, start + 1_000));
    // Once settled, what no order explained is a correction from the store.
    await settleAt(roomId, Date.now() + SETTLE_MS);
    expect(await quantity(roomId, itemId)).toBe(7);
    expect((await storeMovements(roomId)).map((m) => [m.reason, m.quantity, m.note])).toEqual([
      ["sold", -2, expect.stringMatching(/^Online store order/)],
      ["correction", -1, "Changed in the store"],
    ]);
    // An order the store's count already had, arriving after it was settled: a sale, and the correction taken back.
    await deliver(
      "orders/create",
      order([{ variantId, quantity: 1 }], { created_at: new Date(start + 6_000).toISOString() }),
    );
    expect(await quantity(roomId, itemId)).toBe(7);
    expect((await storeMovements(roomId)).slice(-2).map((m) => [m.reason, m.quantity])).toEqual([
      ["sold", -1],
      ["correction", 1],
    ]);
    // A sale after the last report lowers the store's count as the room knows it: its report then changes nothing.
    await deliver(
      "orders/create",
      order([{ variantId, quantity: 1 }], { created_at: new Date(start + 20_000).toISOString() }),
    );
    await deliver("inventory_levels/update", level(6, start + 21_000));
    await settleAt(roomId, Date.now() + SETTLE_MS);
    expect(await quantity(roomId, itemId)).toBe(6);
    expect(await roomRow(roomId, "SELECT available, pending FROM store_levels")).toEqual({ available: 6, pending: 0 });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("says which number is which: the store's available, committed and on-hand counts, for every member", async () => {
    const { fake, socket, itemId } = await shopWithItem();
    const product = [...fake.products.values()][0];
    // Two ordered online and not yet sent: the store has 8 available, 2 committed, 10 on the shelf.
    fake.sell(product?.id ?? "", 2);
    expect((await socket.call("store.itemCounts", [itemId])).result).toEqual([
      { variantId: itemId, variantName: "", locationId: "main", available: 8, committed: 2, onHand: 10 },
    ]);
    expect((await socket.call("store.itemCounts", ["nosuchitem1234567"])).error).toMatchObject({ error: 404 });
    socket.close();
  });

  it("refuses unreadable refunds and levels at once, in words; a variant the room does not have moves nothing", async () => {
    const { roomId, itemId, socket, deliver } = await shopWithItem();
    const refused = await deliver("refunds/create", { id: 1, refund_line_items: "none" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The refund in this webhook could not be read");
    const level = await deliver("inventory_levels/update", { inventory_item_id: 1, location_id: 1, available: "7" });
    expect(level.status).toBe(400);
    expect(await level.text()).toContain("The inventory level in this webhook could not be read");
    const elsewhere = order([{ variantId: 424242, quantity: 1 }]);
    await deliver("orders/create", {
      ...elsewhere,
      line_items: elsewhere.line_items.map((line) => ({ ...line, sku: "ELSEWHERE" })),
    });
    expect(await quantity(roomId, itemId)).toBe(10);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });

  it("a store sale of an item not linked yet finds it by its SKU, a product without options too, and links it", async () => {
    const { roomId, socket, deliver } = await shopWithItem();
    const jar = (await socket.call("items.add", [{ title: "Jam jar", sku: "JAR-1", quantity: 6 }])).result as string;
    // A store variant the room has never heard of, whose SKU is the jar's.
    const sale = order([{ variantId: 777001, quantity: 2 }]);
    await deliver("orders/create", {
      ...sale,
      line_items: sale.line_items.map((line) => ({ ...line, sku: "JAR-1", title: "Jam jar" })),
    });
    expect(await quantity(roomId, jar)).toBe(4);
    // Linked now: the next order names the store variant only.
    const next = order([{ variantId: 777001, quantity: 1 }]);
    await deliver("orders/create", { ...next, line_items: next.line_items.map((line) => ({ ...line, sku: "" })) });
    expect(await quantity(roomId, jar)).toBe(3);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
