/**
 * Order e-mails (docs/product.md §6): members who opt in get one e-mail per new store
 * order. Webhooks are signed like Shopify signs them and go through the real
 * route and RoomDO; e-mail lands in the development outbox. Sending is not
 * awaited by the write, so tests poll the outbox, and a "none" is checked
 * only after a later e-mail of the same room arrived (a room's e-mails go
 * out in order).
 */
import { env, runInDurableObject } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/directory/database";
import { devOutbox } from "../../worker/db/directory/schema";
import { newOrderMessage } from "../../worker/email/templates";
import { MAX_ORDER_EMAILS, notifyNewOrders } from "../../worker/orders/order-emails";
import type { RoomHost } from "../../worker/rooms/room-host";
import { connectToRoom, createRoom, DdpSocket, signUpUser } from "./ddp-socket";
import { roomRow } from "./room-rows";
import { connectStoreDirectly, deliverWebhook } from "./webhook-helpers";

const CLIENT_SECRET = "shpss_order_emails_secret";
const MINUTE = 60_000;
/** Connects the room to a made-up shop, as if connected at `connectedAt`. */
const connectStore = (roomId: string, connectedAt: number) =>
  connectStoreDirectly(roomId, CLIENT_SECRET, { connectedAt });

async function deliver(shop: string, topic: string, payload: unknown, deliveryId?: string) {
  const response = await deliverWebhook(shop, topic, payload, { secret: CLIENT_SECRET, deliveryId });
  expect(response.status).toBe(200);
  return (await response.json()) as { queued: string[] };
}

function order(id: number, totalPrice: string, createdAt = new Date()) {
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    created_at: createdAt.toISOString(),
    currency: "EUR",
    total_price: totalPrice,
    customer: { admin_graphql_api_id: "gid://shopify/Customer/7", first_name: "Ada", last_name: "Lovelace" },
    line_items: [{ product_id: 99, sku: "V-1", title: "Blue vase", quantity: 2, price: "12.25" }],
  };
}

/** The order e-mails one address got, oldest first (invitations and account mail left out). */
async function orderMail(to: string) {
  const rows = await openDatabase(env.DB)
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, to))
    .orderBy(asc(devOutbox.id));
  return rows.filter((row) => row.subject.includes("order"));
}

/** A room with its owner and a viewer, both connected. */
async function roomWithViewer() {
  const roomId = await createRoom("Mail room");
  const viewer = await signUpUser();
  const owner = (await connectToRoom(roomId)).socket;
  expect((await owner.call("members.invite", [viewer.email, "viewer"])).error).toBeUndefined();
  const viewerSocket = (await connectToRoom(roomId, { token: viewer.token })).socket;
  return { roomId, viewer, owner, viewerSocket };
}

/** The owner's address, from the members list they see. */
async function ownerEmail(owner: DdpSocket): Promise<string> {
  await owner.subscribe("members");
  const added = await owner.next((m) => m.msg === "added" && m.collection === "members" && m.fields?.role === "owner");
  return (added.fields as { email: string }).email;
}

describe("order e-mails", () => {
  it("a member, a viewer too, turns their own order e-mails on and off, and the members list changes live", async () => {
    const { roomId, viewer, owner, viewerSocket } = await roomWithViewer();
    await owner.subscribe("members");

    const on = await viewerSocket.call("members.setOrderEmails", [true]);
    expect(on.error).toBeUndefined();
    expect(on.result).toBeNull();
    const changedOn = await owner.next((m) => m.msg === "changed" && m.collection === "members" && m.id === viewer.id);
    expect(changedOn.fields).toEqual({ orderEmails: true });
    // Only the caller's own choice changed.
    const choices = await env.DB.prepare("SELECT role, order_emails FROM memberships WHERE room_id = ? ORDER BY role")
      .bind(roomId)
      .all();
    expect(choices.results).toEqual([
      { role: "owner", order_emails: 0 },
      { role: "viewer", order_emails: 1 },
    ]);

    await viewerSocket.call("members.setOrderEmails", [false]);
    const changedOff = await owner.next((m) => m.msg === "changed" && m.collection === "members" && m.id === viewer.id);
    expect(changedOff.fields).toEqual({ orderEmails: false });
    owner.close();
    viewerSocket.close();
  });

  it("strangers and signed-out callers cannot set it", async () => {
    const roomId = await createRoom();
    const stranger = await signUpUser();
    const { socket: theirs } = await connectToRoom(roomId, { token: stranger.token });
    expect((await theirs.call("members.setOrderEmails", [true])).error).toMatchObject({
      error: 403,
      reason: "Access denied",
    });
    theirs.close();

    const { socket: anonymous } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    expect((await anonymous.call("members.setOrderEmails", [true])).error).toMatchObject({ error: 403 });
    anonymous.close();

    const { socket: owner } = await connectToRoom(roomId);
    expect((await owner.call("members.setOrderEmails", ["yes"])).error).toMatchObject({ error: 400 });
    owner.close();
    const row = await env.DB.prepare("SELECT count(*) AS n FROM memberships WHERE user_id = ?")
      .bind(stranger.id)
      .first();
    expect(row?.n).toBe(0);
  });

  it("e-mails each new order once to those who opted in: not again for a repeated delivery or an update", async () => {
    const { roomId, viewer, owner, viewerSocket } = await roomWithViewer();
    const ownerAddress = await ownerEmail(owner);
    await viewerSocket.call("members.setOrderEmails", [true]);
    const shop = await connectStore(roomId, Date.now() - MINUTE);

    await deliver(shop, "orders/create", order(1001, "24.50"), "first-1001");
    await expect.poll(async () => (await orderMail(viewer.email)).length).toBe(1);
    const [mail] = await orderMail(viewer.email);
    expect(mail?.subject).toBe("New order #1001 — 2 items, €24.50");
    expect(mail?.text).toContain("Customer: Ada Lovelace");
    expect(mail?.text).toContain("Blue vase × 2, €12.25 each");
    expect(mail?.text).toContain("Total: €24.50");
    expect(mail?.text).toContain(`/rooms/${roomId}`);
    expect(mail?.text).toContain("untick “E-mail me each new order”");
    expect(mail?.html).toContain(`/rooms/${roomId}"`);
    expect(mail?.html).toContain("€24.50");

    // Shopify repeats a delivery, then the order changes: neither is a new order.
    expect((await deliver(shop, "orders/create", order(1001, "24.50"), "first-1001")).queued).toEqual([roomId]);
    expect(await roomRow(roomId, "SELECT times_seen FROM webhook_deliveries WHERE delivery_id = 'first-1001'")).toEqual(
      { times_seen: 2 },
    );
    expect((await deliver(shop, "orders/updated", order(1001, "30.00"))).queued).toEqual([roomId]);

    // A later new order's e-mail arriving means everything before it has been sent.
    await deliver(shop, "orders/create", order(1002, "5.00"));
    await expect.poll(async () => (await orderMail(viewer.email)).length).toBeGreaterThanOrEqual(2);
    expect((await orderMail(viewer.email)).map((m) => m.subject)).toEqual([
      "New order #1001 — 2 items, €24.50",
      "New order #1002 — 2 items, €5.00",
    ]);
    expect(await orderMail(ownerAddress)).toEqual([]);
    owner.close();
    viewerSocket.close();
  });

  it("sends nothing for orders placed before the store was connected", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const address = await ownerEmail(owner);
    await owner.call("members.setOrderEmails", [true]);
    const shop = await connectStore(roomId, Date.now() - MINUTE);

    await deliver(shop, "orders/create", order(3001, "10.00", new Date(Date.now() - 365 * 24 * 60 * MINUTE)));
    await deliver(shop, "orders/create", order(3002, "11.00"));
    await expect.poll(async () => (await orderMail(address)).length).toBeGreaterThanOrEqual(1);
    expect((await orderMail(address)).map((m) => m.subject)).toEqual(["New order #3002 — 2 items, €11.00"]);
    const stored = await roomRow(roomId, "SELECT count(*) AS n FROM orders WHERE room_id = ?", roomId);
    expect(stored?.n).toBe(2);
    owner.close();
  });

  it("a batch beyond the limit sends the first orders one by one, then one summary", async () => {
    const roomId = await createRoom("Busy room");
    const { socket: owner } = await connectToRoom(roomId);
    const address = await ownerEmail(owner);
    await owner.call("members.setOrderEmails", [true]);
    owner.close();
    await connectStore(roomId, Date.now() - MINUTE);

    const orders = Array.from({ length: MAX_ORDER_EMAILS + 3 }, (_, i) => ({
      storeOrderId: `gid://shopify/Order/${5000 + i}`,
      name: `#${5000 + i}`,
      customerKey: "",
      customerName: "",
      currency: "USD",
      totalCents: 4500,
      lineItems: [{ productKey: "p", title: "Mug", quantity: 3, priceCents: 1500 }],
      createdAt: Date.now(),
    }));
    // The batch sync's way in, inside the room's own object with the host it gives its features.
    await runInDurableObject(env.ROOM.getByName(roomId), (room) => {
      notifyNewOrders((room as unknown as { liveHost: RoomHost }).liveHost, orders);
    });

    await expect.poll(async () => (await orderMail(address)).length).toBe(MAX_ORDER_EMAILS + 1);
    const subjects = (await orderMail(address)).map((m) => m.subject);
    expect(subjects[0]).toBe("New order #5000 — 3 items, $45.00");
    expect(subjects.at(-1)).toBe("…and 3 more new orders in Busy room");
    const summary = (await orderMail(address)).at(-1);
    expect(summary?.text).toContain(`/rooms/${roomId}`);
  });

  it("escapes the store's values in the HTML and says one item in the singular", () => {
    const mail = newOrderMessage("a@example.com", "https://app.example", "room-1", "R&D <shop>", {
      name: "#7",
      customerName: '<img src=x onerror="alert(1)">',
      currency: "USD",
      totalCents: 100,
      lineItems: [{ productKey: "p", title: "<b>Cup</b>", quantity: 1, priceCents: 100 }],
    });
    expect(mail.subject).toBe("New order #7 — 1 item, $1.00");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>Cup");
    expect(mail.html).toContain("R&#38;D &#60;shop&#62;");
    expect(mail.text).toContain("<b>Cup</b> × 1, $1.00 each");
  });
});
