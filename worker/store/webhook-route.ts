/**
 * `POST /api/webhooks/shopify`: the store's webhooks (docs/product.md §5). A delivery
 * must carry Shopify's HMAC of its raw body, made with the client secret of
 * a room connected to that shop; anything else is 401 and changes nothing.
 * A verified delivery whose payload can be read is queued for each such
 * room (Cloudflare Queues); the consumer applies it there, each delivery id
 * once (webhook-consumer.ts). So the store gets its answer in one D1 read
 * and one queue write, however busy the room is.
 */
import { type Context, Hono } from "hono";
import { getServerByName } from "partyserver";
import { roomsOfShopAccepting } from "../db/directory/directory-reads";
import type { RoomDO, RpcResult } from "../objects/room-do";
import { queueBatches } from "./queue-batches";
import { openStored, sealContext } from "./stored-tokens";
import type { QueuedWebhook } from "./webhook-delivery";
import { unreadableWebhook } from "./webhook-payloads";
import { shopifySignatureValid } from "./webhook-signature";

/** Shopify's payloads are far smaller; anything bigger is refused before it is read whole. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
const INVALID = "Invalid webhook signature";
/** A queue message holds at most 128 KB; a body this size still fits with its envelope. */
const MAX_QUEUED_BYTES = 120_000;

export const webhookRoutes = new Hono<{ Bindings: Env }>();

/** Over a limit: Shopify retries a delivery it got 429 for, with its own back-off. */
const tooMany = (c: Context<{ Bindings: Env }>) =>
  c.json({ error: "Too many requests. Please slow down." }, 429, { "Retry-After": "60" });

webhookRoutes.post("/shopify", async (c) => {
  if (Number(c.req.header("Content-Length") ?? 0) > MAX_WEBHOOK_BYTES) {
    return c.json({ error: "Webhook body too large" }, 413);
  }
  const body = await c.req.arrayBuffer();
  if (body.byteLength > MAX_WEBHOOK_BYTES) return c.json({ error: "Webhook body too large" }, 413);
  const shop = (c.req.header("X-Shopify-Shop-Domain") ?? "").trim().toLowerCase();
  const topic = c.req.header("X-Shopify-Topic") ?? "";
  const deliveryId = c.req.header("X-Shopify-Webhook-Id") ?? "";
  const signature = c.req.header("X-Shopify-Hmac-Sha256") ?? "";
  if (!shop || !signature) return c.json({ error: INVALID }, 401);

  // Only client-credentials connections know the secret Shopify signs with.
  const rooms = await roomsOfShopAccepting(c.env.DB, shop, async (row) => {
    if (!row.webhookSecret) return false;
    const secret = await openStored(c.env, row.webhookSecret, sealContext(row.roomId, "secret")).catch(() => null);
    return secret !== null && (await shopifySignatureValid(secret, body, signature));
  });
  if (rooms.length === 0) {
    // Forged (or for a shop no room is connected to): limited by address, so a flood is cheap to refuse.
    const address = c.req.header("CF-Connecting-IP") ?? "local";
    const { success } = await c.env.FORGED_WEBHOOK_LIMITER.limit({ key: `forged:${address}` });
    if (!success) return tooMany(c);
    return c.json({ error: INVALID }, 401);
  }
  // The store's own deliveries, limited by shop: Shopify sends from a shared pool of addresses.
  const { success } = await c.env.WEBHOOK_LIMITER.limit({ key: `shop:${shop}` });
  if (!success) return tooMany(c);
  if (!topic || !/^[\w-]{1,100}$/.test(deliveryId)) return c.json({ error: "Missing topic or delivery id" }, 400);

  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return c.json({ error: "Webhook body is not JSON" }, 400);
  }
  const unreadable = unreadableWebhook(topic, payload);
  if (unreadable) return c.json({ error: unreadable }, 400);

  // Queued: the store hears back at once, whatever the rooms are doing; the
  // consumer applies each room's deliveries together (webhook-consumer.ts).
  const queued: QueuedWebhook[] = rooms.map((roomId) => ({ roomId, deliveryId, topic, payload }));
  if (body.byteLength <= MAX_QUEUED_BYTES) {
    // One message per room, each up to the body's size: as many calls as the queue's batch limits need.
    for (const batch of queueBatches(queued, () => body.byteLength + 200)) {
      await c.env.STORE_WEBHOOKS.sendBatch(batch.map((message) => ({ body: message, contentType: "json" })));
    }
    return c.json({ ok: true, queued: rooms });
  }
  // Too big for a queue message (rare: an order with hundreds of lines): applied now, room by room.
  const outcomes: Record<string, unknown> = {};
  for (const roomId of rooms) {
    const room = await getServerByName(c.env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
    const result = (await room.applyStoreWebhook({ deliveryId, topic, payload })) as unknown as RpcResult;
    // A payload we cannot read is the sender's problem (400); anything else, Shopify should retry (500).
    if (!result.ok)
      return c.json({ error: result.error.reason ?? "Could not apply" }, result.error.error === 400 ? 400 : 500);
    outcomes[roomId] = result.value;
  }
  return c.json({ ok: true, outcomes });
});
