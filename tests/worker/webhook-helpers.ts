/**
 * Store webhooks as Shopify sends them: a JSON body signed with the app's
 * client secret (base64 HMAC-SHA256 of the raw body), to the real route.
 */
import { env, SELF } from "cloudflare:test";
import { bytesToBase64 } from "../../protocol/ejson";
import { sealSecret } from "../../worker/store/secret-box";
import { sealContext } from "../../worker/store/stored-tokens";
import { roomRows } from "./room-rows";

let shops = 0;

/**
 * Connects a room to a made-up shop straight in its storage and the
 * directory (no store to talk to), as if at `connectedAt`.
 */
export async function connectStoreDirectly(
  roomId: string,
  clientSecret: string,
  options: { connectedAt?: number; authKind?: string } = {},
): Promise<string> {
  const domain = `hooks${shops++}-${Date.now()}.myshopify.com`;
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

/** Posts a webhook; signed with `secret` unless a signature is given, with a fresh delivery id unless one is. */
export async function deliverWebhook(
  shop: string,
  topic: string,
  payload: unknown,
  options: { secret: string; deliveryId?: string; signature?: string; body?: string },
): Promise<Response> {
  const body = options.body ?? JSON.stringify(payload);
  deliveries++;
  return SELF.fetch("https://stockroom.test/api/webhooks/shopify", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Shop-Domain": shop,
      "X-Shopify-Topic": topic,
      "X-Shopify-Webhook-Id": options.deliveryId ?? `delivery-${deliveries}-${Date.now()}`,
      "X-Shopify-Hmac-Sha256": options.signature ?? (await signWebhook(body, options.secret)),
      // Spread over addresses: the edge limit counts per address.
      "CF-Connecting-IP": `10.8.${Math.floor(deliveries / 250) % 250}.${deliveries % 250}`,
    },
    body,
  });
}
