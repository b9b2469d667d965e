/**
 * Sends a store webhook to a running app as Shopify does: the JSON body
 * signed with the app's client secret (base64 HMAC-SHA256), with the shop,
 * topic and a fresh delivery id in its headers.
 */
import { createHmac, randomUUID } from "node:crypto";

export async function sendStoreWebhook(
  appUrl: string,
  shop: { shop: string; clientSecret: string },
  topic: string,
  payload: unknown,
): Promise<Response> {
  const body = JSON.stringify(payload);
  return fetch(`${appUrl}/api/webhooks/shopify`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Shop-Domain": shop.shop,
      "X-Shopify-Topic": topic,
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", shop.clientSecret).update(body).digest("base64"),
    },
    body,
  });
}
