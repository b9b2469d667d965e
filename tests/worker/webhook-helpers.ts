/**
 * Store webhooks as Shopify sends them: a JSON body signed with the app's
 * client secret (base64 HMAC-SHA256 of the raw body), to the real route.
 */
import { env, SELF } from "cloudflare:test";
import { expect, vi } from "vitest";
import { bytesToBase64 } from "../../protocol/ejson";
import { sealSecret } from "../../worker/store/secret-box";
import { sealContext } from "../../worker/store/stored-tokens";
import { roomRows } from "./room-rows";

let shops = 0;

/**
 * Connects a room to a made-up shop (or `domain`, a shop other rooms are
 * connected to too) straight in its storage and the directory (no store
 * to talk to), as if at `connectedAt`.
 */
export async function connectStoreDirectly(
  roomId: string,
  clientSecret: string,
  options: { connectedAt?: number; authKind?: string; domain?: string } = {},
): Promise<string> {
  const domain = options.domain ?? `hooks${shops++}-${Date.now()}.myshopify.com`;
  const at = options.connectedAt ?? 1;
  const secret = await sealSecret(env, clientSecret, sealContext(roomId, "secret"));
  const authKind = options.authKind ?? "client_credentials";
  await roomRows(
    roomId,
    `INSERT INTO store_connections (room_id, shop_domain, auth_kind, client_id, secret, shop_name, created_by, created_at, updated_at)
     VALUES (?, ?, ?, 'client-id', ?, 'Hook shop', 'someone', ?, ?)`,
    roomId,
    domain,
    authKind,
    secret,
    at,
    at,
  );
  await env.DB.prepare("INSERT INTO store_shops (room_id, shop_domain, webhook_secret) VALUES (?, ?, ?)")
    .bind(roomId, domain, authKind === "client_credentials" ? secret : "")
    .run();
  return domain;
}

export async function signWebhook(body: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return bytesToBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body))));
}

let deliveries = 0;

/** Times each of these rooms has seen this delivery (0: never). */
async function timesSeen(roomIds: readonly string[], deliveryId: string): Promise<number[]> {
  return Promise.all(
    roomIds.map(
      async (roomId) =>
        (
          await roomRows<{ n: number }>(
            roomId,
            "SELECT times_seen AS n FROM webhook_deliveries WHERE delivery_id = ?",
            deliveryId,
          )
        )[0]?.n ?? 0,
    ),
  );
}

/**
 * Posts a webhook; signed with `secret` unless a signature is given, with a
 * fresh delivery id unless one is. A delivery the route queued is waited
 * for until every room it was queued for has applied it (or seen it once
 * more), as the store would find it a moment later.
 */
export async function deliverWebhook(
  shop: string,
  topic: string,
  payload: unknown,
  options: { secret: string; deliveryId?: string; signature?: string; body?: string },
): Promise<Response> {
  const body = options.body ?? JSON.stringify(payload);
  deliveries++;
  const deliveryId = options.deliveryId ?? `delivery-${deliveries}-${Date.now()}`;
  const shopRooms = await env.DB.prepare("SELECT room_id FROM store_shops WHERE shop_domain = ?")
    .bind(shop)
    .all<{ room_id: string }>();
  const rooms = shopRooms.results.map((row) => row.room_id);
  const before = new Map(zip(rooms, await timesSeen(rooms, deliveryId)));
  const response = await SELF.fetch("https://stockroom.test/api/webhooks/shopify", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Shop-Domain": shop,
      "X-Shopify-Topic": topic,
      "X-Shopify-Webhook-Id": deliveryId,
      "X-Shopify-Hmac-Sha256": options.signature ?? (await signWebhook(body, options.secret)),
      // Spread over addresses, as Shopify's shared pool sends them.
      "CF-Connecting-IP": `10.8.${Math.floor(deliveries / 250) % 250}.${deliveries % 250}`,
    },
    body,
  });
  if (response.status !== 200) return response;
  const answer = (await response.clone().json()) as { queued?: string[] };
  const queued = answer.queued ?? [];
  await vi.waitFor(
    async () => {
      const seen = await timesSeen(queued, deliveryId);
      expect(seen.every((n, i) => n > (before.get(queued[i] as string) ?? 0))).toBe(true);
    },
    { timeout: 30_000, interval: 50 },
  );
  return response;
}

function zip<A, B>(as: readonly A[], bs: readonly B[]): [A, B][] {
  return as.map((a, i) => [a, bs[i] as B]);
}
