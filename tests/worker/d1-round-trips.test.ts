/**
 * What a room's everyday writes cost in round trips to D1 (the directory), held exactly: a room
 * is the system of record for its own rows (docs/architecture.md §2), so an edit, an add, a
 * scan and a movement wait for no D1 at all once the caller's role is known, and a store order
 * costs the webhook route one look-up of its shop and the room nothing. A change that adds a trip
 * to any of them fails here; docs/performance.md has what a trip costs in time.
 */
import { describe, expect, it } from "vitest";
import { countD1Trips } from "./d1-trips";
import { connectToRoom, createRoom, type DdpSocket } from "./ddp-socket";
import { connectStoreDirectly, deliverWebhook } from "./webhook-helpers";

const CLIENT_SECRET = "shpss_round_trips_secret";

/** The D1 round trips concerning the room (and `also`) that `step` makes. */
async function tripsOf(roomId: string, step: () => Promise<unknown>, also: readonly string[] = []): Promise<number> {
  const trips = await countD1Trips([roomId], also);
  await step();
  return trips();
}

/** Calls a method and expects an answer, not an error. */
async function answered(socket: DdpSocket, method: string, params: unknown[]): Promise<unknown> {
  const reply = await socket.call(method, params);
  expect(reply.error).toBeUndefined();
  return reply.result;
}

describe("D1 round trips of a room's everyday writes", () => {
  it("an edit, an add, a scan and a movement make none; a store order makes one, in the webhook route", async () => {
    const roomId = await createRoom("Round trips");
    const { socket } = await connectToRoom(roomId);
    // The first call reads the caller's role from the directory, once; the room keeps it from then on.
    let mug = "";
    const first = await tripsOf(roomId, async () => {
      mug = (await answered(socket, "items.add", [{ title: "Mug", sku: "MUG-RT", quantity: 3 }])) as string;
    });
    expect(first).toBe(1);

    expect(await tripsOf(roomId, () => answered(socket, "items.update", [mug, { title: "Blue mug" }]))).toBe(0);
    expect(await tripsOf(roomId, () => answered(socket, "items.add", [{ title: "Jug", quantity: 2 }]))).toBe(0);
    expect(
      await tripsOf(roomId, () =>
        answered(socket, "stock.adjust", [{ itemId: mug, locationId: "main", quantity: -1, reason: "sold" }]),
      ),
    ).toBe(0);
    const stocktakeId = (await answered(socket, "stocktake.start", [])) as string;
    expect(await tripsOf(roomId, () => answered(socket, "stocktake.scan", [stocktakeId, "MUG-RT"]))).toBe(0);

    const shop = await connectStoreDirectly(roomId, CLIENT_SECRET);
    const order = {
      id: 7001,
      admin_graphql_api_id: "gid://shopify/Order/7001",
      name: "#7001",
      created_at: new Date().toISOString(),
      currency: "EUR",
      total_price: "12.00",
      line_items: [{ product_id: 5, sku: "MUG-RT", title: "Blue mug", quantity: 1, price: "12.00" }],
    };
    const delivered = await tripsOf(
      roomId,
      async () =>
        expect((await deliverWebhook(shop, "orders/create", order, { secret: CLIENT_SECRET })).status).toBe(200),
      [shop],
    );
    expect(delivered).toBe(1);
    socket.close();
  });
});
