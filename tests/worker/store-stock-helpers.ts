/**
 * A room connected to a fake Shopify of two locations (tests/support/fake-shopify.ts,
 * at the HTTP boundary) with one published item, and the webhooks that shop sends,
 * for the tests of stock between the room and its store (docs/stock.md).
 */
import { runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import type { RoomHost } from "../../worker/rooms/room-host";
import { settleStoreLevels } from "../../worker/store/store-stock";
import { FakeShopify } from "../support/fake-shopify";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { installFakeStore } from "./fake-store";
import { roomRow, roomRows, roomStub } from "./room-rows";
import { deliverWebhook } from "./webhook-helpers";

/** The number at the end of a GraphQL id: what REST webhooks carry. */
export const numeric = (gid: string) => Number(gid.split("/").pop());

/** A room connected to a fake shop of two locations, with one published item (10 units at Main). */
export async function shopWithItem() {
  const fake = installFakeStore(new FakeShopify());
  fake.locations.push({ id: "gid://shopify/Location/2", name: "Warehouse" });
  const roomId = await createRoom();
  const { socket } = await connectToRoom(roomId);
  expect((await socket.call("store.connect", [fake.credentials])).error).toBeUndefined();
  const itemId = (await socket.call("items.add", [{ title: "Tee", sku: "TEE-1", priceCents: 1200, quantity: 10 }]))
    .result as string;
  const published = await socket.call("store.publish", [itemId]);
  expect(published.error).toBeUndefined();
  const product = fake.products.get((published.result as { storeProductId: string }).storeProductId);
  const variantId = numeric(product?.variant.id ?? "");
  const deliver = (topic: string, payload: unknown, deliveryId?: string) =>
    deliverWebhook(fake.shop, topic, payload, { secret: fake.clientSecret, deliveryId });
  /** Delivers what the store would have sent about its own changes since (its level reports). */
  const deliverStoreNews = async () => {
    for (const { topic, payload } of fake.levelWebhooks.splice(0)) await deliver(topic, payload);
  };
  return { fake, roomId, socket, itemId, variantId, inventoryItemId: variantId, deliver, deliverStoreNews };
}

let orders = 5000;

export function order(
  lines: { variantId: number; quantity: number; lineId?: number }[],
  extra: Record<string, unknown> = {},
) {
  const id = orders++;
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    created_at: new Date().toISOString(),
    currency: "EUR",
    total_price: "24.00",
    source_name: "web",
    line_items: lines.map((line, index) => ({
      id: line.lineId ?? id * 10 + index,
      variant_id: line.variantId,
      product_id: 1,
      sku: "TEE-1",
      title: "Tee",
      quantity: line.quantity,
      price: "12.00",
    })),
    ...extra,
  };
}

export const quantity = async (roomId: string, itemId: string) =>
  (await roomRow<{ quantity: number }>(roomId, "SELECT quantity FROM items WHERE id = ?", itemId))?.quantity;

export const stockAt = async (roomId: string, itemId: string) =>
  JSON.parse((await roomRow<{ stock: string }>(roomId, "SELECT stock FROM items WHERE id = ?", itemId))?.stock ?? "{}");

export const storeMovements = (roomId: string) =>
  roomRows<{ quantity: number; reason: string; note: string; reference: string; user_id: string; location_id: string }>(
    roomId,
    "SELECT quantity, reason, note, reference, user_id, location_id FROM movements WHERE user_id = 'store' ORDER BY rowid",
  );

/** Settles the store's reported changes as the room's alarm would at `now`. */
export const settleAt = (roomId: string, now: number) =>
  runInDurableObject(roomStub(roomId), (instance) =>
    settleStoreLevels((instance as unknown as { liveHost: RoomHost }).liveHost, now),
  );

export async function addLocation(socket: DdpSocket, name: string): Promise<string> {
  const added = await socket.call("locations.add", [name]);
  expect(added.error).toBeUndefined();
  return added.result as string;
}
