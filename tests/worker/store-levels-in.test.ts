/**
 * A store product brought in takes its stock per location (worker/store/store-levels-in.ts),
 * against the fake Shopify at its HTTP boundary: the store's `available` at
 * each store location kept here, as corrections by the store; a store
 * location kept nowhere here leaves its stock the store's; and the levels
 * read are where the room measures the store's later reports from.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow, roomRows } from "./room-rows";
import { connectedRoom, fakeStore, syncAndWait } from "./store-sync-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a store product brought in", () => {
  it("takes the store's stock at each store location kept here, and only there", async () => {
    const fake = fakeStore();
    fake.locations.push({ id: "gid://shopify/Location/2", name: "Warehouse" });
    fake.locations.push({ id: "gid://shopify/Location/3", name: "Pop-up" });
    const stool = fake.addProduct({ title: "Oak stool", variant: { sku: "OS-1", inventoryQuantity: 4 } });
    const inventoryItem = stool.variant.id.replace("ProductVariant", "InventoryItem");
    fake.levels.set(`${inventoryItem} gid://shopify/Location/2`, 7);
    fake.levels.set(`${inventoryItem} gid://shopify/Location/3`, 5);
    const { roomId, socket } = await connectedRoom(fake);
    const backRoom = (await socket.call("locations.add", ["Back room"])).result as string;
    // The warehouse is kept in the back room; the pop-up is kept nowhere here.
    expect((await socket.call("store.mapLocation", ["gid://shopify/Location/2", backRoom])).error).toBeUndefined();

    await syncAndWait(socket);
    const item = await roomRow<{ stock: string; quantity: number }>(roomId, "SELECT stock, quantity FROM items");
    expect(JSON.parse(item?.stock ?? "{}")).toEqual({ main: 4, [backRoom]: 7 });
    expect(item?.quantity).toBe(11);
    expect(
      await roomRows(roomId, "SELECT location_id, quantity, note, user_id FROM movements ORDER BY quantity"),
    ).toEqual([
      { location_id: "main", quantity: 4, note: "From the store", user_id: "store" },
      { location_id: backRoom, quantity: 7, note: "From the store", user_id: "store" },
    ]);
    // Nothing of it goes back to the store as a change of ours.
    expect(await roomRows(roomId, "SELECT movement_id FROM store_outbox")).toEqual([]);
    // The levels read are the room's starting point: a full sync again moves nothing.
    expect(await roomRows(roomId, "SELECT store_location_id, available FROM store_levels ORDER BY available")).toEqual([
      { store_location_id: "gid://shopify/Location/1", available: 4 },
      { store_location_id: "gid://shopify/Location/2", available: 7 },
    ]);
    await syncAndWait(socket, { full: true });
    expect(await roomRows(roomId, "SELECT id FROM movements")).toHaveLength(2);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
