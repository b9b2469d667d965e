import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom } from "./ddp-socket";
import { roomRow, roomRows } from "./room-rows";
import { connectStoreDirectly, deliverWebhook, signWebhook } from "./webhook-helpers";

const CLIENT_SECRET = "shpss_test_client_secret";
const connectStore = (roomId: string, authKind = "client_credentials") =>
  connectStoreDirectly(roomId, CLIENT_SECRET, { authKind });

const sign = (body: string, key = CLIENT_SECRET) => signWebhook(body, key);

const deliver = (
  shop: string,
  topic: string,
  payload: unknown,
  options: { deliveryId?: string; signature?: string; body?: string } = {},
) => deliverWebhook(shop, topic, payload, { secret: CLIENT_SECRET, ...options });

function order(id: number, totalPrice: string) {
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    created_at: new Date().toISOString(),
    currency: "EUR",
    total_price: totalPrice,
    customer: { admin_graphql_api_id: "gid://shopify/Customer/7", first_name: "Ada", last_name: "Lovelace" },
    line_items: [{ product_id: 99, sku: "V-1", title: "Blue vase", quantity: 2, price: "12.25" }],
  };
}

const orderCount = async (roomId: string) =>
  (await roomRow(roomId, "SELECT count(*) AS n FROM orders WHERE room_id = ?", roomId))?.n;

describe("store webhooks", () => {
  it("records a signed order and the dashboard changes live; a repeated delivery is applied once", async () => {
    const roomId = await createRoom();
    const shop = await connectStore(roomId);
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("dashboard");

    const response = await deliver(shop, "orders/create", order(1001, "24.50"), { deliveryId: "d-1" });
    expect(response.status).toBe(200);
    const changed = await socket.next(
      (m) =>
        m.msg === "changed" &&
        m.collection === "dashboard" &&
        JSON.stringify(m.fields ?? {}).includes("gid://shopify/Customer/7"),
    );
    expect(JSON.stringify(changed.fields)).toContain("Ada Lovelace");
    const row = await roomRow(
      roomId,
      "SELECT total_cents, customer_name, line_items FROM orders WHERE room_id = ?",
      roomId,
    );
    expect(row).toMatchObject({ total_cents: 2450, customer_name: "Ada Lovelace" });
    expect(JSON.parse(row?.line_items as string)).toEqual([
      { productKey: "gid://shopify/Product/99", title: "Blue vase", quantity: 2, priceCents: 1225 },
    ]);

    // Shopify retries a delivery it thinks failed: the same id is not applied again,
    // even with a changed body (orders/updated with another total).
    const again = await deliver(shop, "orders/updated", order(1001, "99.00"), { deliveryId: "d-1" });
    expect(await again.json()).toEqual({ ok: true, queued: [roomId] });
    expect(await roomRow(roomId, "SELECT times_seen FROM webhook_deliveries WHERE delivery_id = 'd-1'")).toEqual({
      times_seen: 2,
    });
    const stored = await roomRow(roomId, "SELECT total_cents FROM orders WHERE room_id = ?", roomId);
    expect(stored?.total_cents).toBe(2450);
    const seen = await roomRow(roomId, "SELECT count(*) AS n FROM webhook_deliveries WHERE room_id = ?", roomId);
    expect(seen?.n).toBe(1);

    // A new delivery of an update replaces the order instead of counting it twice.
    await deliver(shop, "orders/updated", order(1001, "30.00"));
    expect(await orderCount(roomId)).toBe(1);
    socket.close();
  });

  it("remembers a delivery for 48 hours, then forgets it (the table does not grow for ever)", async () => {
    const roomId = await createRoom();
    const shop = await connectStore(roomId);
    const longAgo = Date.now() - 49 * 3600_000;
    for (const id of ["old-1", "old-2", "old-3"]) {
      await roomRows(
        roomId,
        "INSERT INTO webhook_deliveries (delivery_id, room_id, topic, received_at) VALUES (?, ?, 'orders/create', ?)",
        id,
        roomId,
        longAgo,
      );
    }
    await roomRows(
      roomId,
      "INSERT INTO webhook_deliveries (delivery_id, room_id, topic, received_at) VALUES ('recent', ?, 'orders/create', ?)",
      roomId,
      Date.now() - 3600_000,
    );
    expect((await deliver(shop, "orders/create", order(1500, "10.00"), { deliveryId: "new" })).status).toBe(200);
    const kept = await roomRows(roomId, "SELECT delivery_id FROM webhook_deliveries ORDER BY rowid");
    expect(kept.map((row) => row.delivery_id)).toEqual(["recent", "new"]);
  });

  it("a late, older version of an order never replaces a newer one", async () => {
    const roomId = await createRoom();
    const shop = await connectStore(roomId);
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    await deliver(shop, "orders/updated", { ...order(2001, "30.00"), updated_at: at(2) });
    // Shopify's retry of an earlier update arrives after the newer one.
    expect((await deliver(shop, "orders/updated", { ...order(2001, "99.00"), updated_at: at(1) })).status).toBe(200);
    const stored = await roomRow(roomId, "SELECT total_cents FROM orders WHERE room_id = ?", roomId);
    expect(stored?.total_cents).toBe(3000);
    await deliver(shop, "orders/updated", { ...order(2001, "45.00"), updated_at: at(3) });
    const newer = await roomRow(roomId, "SELECT total_cents FROM orders WHERE room_id = ?", roomId);
    expect(newer?.total_cents).toBe(4500);
  });

  it("refuses forged, unsigned and unknown-shop deliveries with 401, and changes nothing", async () => {
    const roomId = await createRoom();
    const shop = await connectStore(roomId);
    const body = JSON.stringify(order(2001, "10.00"));
    const cases = [
      await deliver(shop, "orders/create", null, { body, signature: await sign(body, "not the secret") }),
      await deliver(shop, "orders/create", null, { body, signature: await sign(`${body} `) }),
      await deliver(shop, "orders/create", null, { body, signature: "" }),
      await deliver("unknown-shop.myshopify.com", "orders/create", null, { body }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Invalid webhook signature" });
    }
    expect(await orderCount(roomId)).toBe(0);
  });

  it("refuses oversized and unreadable bodies without applying them, and uninstalling ends the connection", async () => {
    const roomId = await createRoom();
    const shop = await connectStore(roomId);
    const big = JSON.stringify({ padding: "x".repeat(1024 * 1024 + 10) });
    expect((await deliver(shop, "orders/create", null, { body: big })).status).toBe(413);
    expect((await deliver(shop, "orders/create", null, { body: "{not json" })).status).toBe(400);
    const unreadable = await deliver(shop, "orders/create", { id: 5, total_price: "ten" });
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toEqual({ error: "The order in this webhook could not be read" });
    expect(await orderCount(roomId)).toBe(0);

    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("store");
    expect((await deliver(shop, "app/uninstalled", { id: 1 })).status).toBe(200);
    const gone = await socket.next((m) => m.msg === "changed" && m.collection === "store");
    expect(gone.fields).toMatchObject({ connected: false });
    const left = await roomRow(roomId, "SELECT count(*) AS n FROM store_connections WHERE room_id = ?", roomId);
    expect(left?.n).toBe(0);
    socket.close();
  });
});

describe("big deliveries", () => {
  it("a large order for a shop three rooms are connected to reaches all three (the queue's batch limit is kept)", async () => {
    const rooms = [await createRoom(), await createRoom(), await createRoom()];
    const shop = await connectStore(rooms[0] as string);
    for (const roomId of rooms.slice(1)) await connectStoreDirectly(roomId, CLIENT_SECRET, { domain: shop });
    // About 100 KB: three of them are more than one queue call may carry.
    const big = {
      ...order(4242, "10.00"),
      note: "x".repeat(100_000),
    };
    const response = await deliver(shop, "orders/create", big);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { queued: string[] }).queued.sort()).toEqual([...rooms].sort());
    for (const roomId of rooms) expect(await orderCount(roomId)).toBe(1);
  });
});

describe("webhook limits", () => {
  it("limits forged deliveries by address, never the store's own: those are counted by shop", async () => {
    const roomId = await createRoom();
    const shop = await connectStore(roomId);
    const address = "10.9.1.1";
    const forged = () =>
      SELF.fetch("https://stockroom.test/api/webhooks/shopify", {
        method: "POST",
        headers: {
          "X-Shopify-Shop-Domain": shop,
          "X-Shopify-Topic": "orders/create",
          "X-Shopify-Webhook-Id": "forged",
          "X-Shopify-Hmac-Sha256": "not-a-signature",
          "CF-Connecting-IP": address,
        },
        body: "{}",
      });
    // Sent until the first 429 (a slow run may cross into a fresh window, so not exactly 601).
    let refused: Response | null = null;
    for (let sent = 0; sent < 1800 && !refused; sent++) {
      const response = await forged();
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(401);
    }
    expect(refused?.headers.get("Retry-After")).toBe("60");
    // The shop's signed delivery from that very address (Shopify's addresses are shared) is taken.
    const body = JSON.stringify({ id: 1 });
    const signed = await SELF.fetch("https://stockroom.test/api/webhooks/shopify", {
      method: "POST",
      headers: {
        "X-Shopify-Shop-Domain": shop,
        "X-Shopify-Topic": "shop/update",
        "X-Shopify-Webhook-Id": "signed-after-flood",
        "X-Shopify-Hmac-Sha256": await sign(body),
        "CF-Connecting-IP": address,
      },
      body,
    });
    expect(signed.status).toBe(200);
  }, 120_000);
});
