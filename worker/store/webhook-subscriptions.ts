/**
 * Setting up the store's webhooks when a room connects (docs/product.md §5): one
 * `webhookSubscriptionCreate` per topic, pointing at this app's webhook
 * route. Shopify only delivers to a public https address, and only a
 * client-credentials connection knows the secret deliveries are signed
 * with; otherwise nothing is registered and the scheduled sync brings the
 * changes in. A failure here never undoes the connection: it is reported.
 */
import { LiveError } from "../../protocol/errors";
import type { ShopifyClient } from "./shopify-client";

/** The topics webhook-apply.ts handles. */
export const WEBHOOK_TOPICS = [
  "orders/create",
  "orders/updated",
  "orders/cancelled",
  "refunds/create",
  "inventory_levels/update",
  "products/update",
  "products/delete",
  "app/uninstalled",
];

/** REST-style topic → the GraphQL enum value. */
const TOPIC_ENUM: Record<string, string> = Object.fromEntries(
  WEBHOOK_TOPICS.map((topic) => [topic, topic.toUpperCase().replace("/", "_")]),
);

export const WEBHOOK_SUBSCRIBE_MUTATION = `mutation StockroomWebhookSubscribe($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

export interface WebhookSetup {
  /** Topics the store will send us. */
  registered: number;
  /** Why not all of them ("" when all are set up). */
  note: string;
}

/**
 * Why the store cannot tell this room of changes at once, in a shop owner's
 * words (the README's Deploying section tells whoever runs Stockroom what
 * to set: the app's public https address, APP_URL).
 */
export const WEBHOOKS_NEED_HTTPS =
  "New orders and product changes arrive every 10 minutes, not at once: instant updates start when Stockroom runs at its public https address";
export const WEBHOOKS_NEED_SECRET =
  "New orders and product changes arrive every 10 minutes, not at once: instant updates need a connection made with a client ID and secret";

type Answer = { webhookSubscriptionCreate?: { userErrors?: { message?: string }[] } } | null;

export async function registerWebhooks(
  client: ShopifyClient,
  origin: string,
  kind: "client_credentials" | "access_token",
): Promise<WebhookSetup> {
  if (kind !== "client_credentials") return { registered: 0, note: WEBHOOKS_NEED_SECRET };
  if (!origin.startsWith("https://")) return { registered: 0, note: WEBHOOKS_NEED_HTTPS };
  const uri = `${origin}/api/webhooks/shopify`;
  let registered = 0;
  const problems: string[] = [];
  for (const topic of WEBHOOK_TOPICS) {
    try {
      const data = await client.request<Answer>(WEBHOOK_SUBSCRIBE_MUTATION, {
        topic: TOPIC_ENUM[topic],
        webhookSubscription: { uri, format: "JSON" },
      });
      const errors = data?.webhookSubscriptionCreate?.userErrors ?? [];
      // Connecting again finds the subscription already there: that is what we wanted.
      if (errors.every((error) => /already been taken/i.test(error.message ?? ""))) registered++;
      else problems.push(`${topic}: ${errors[0]?.message ?? "refused"}`);
    } catch (error) {
      problems.push(`${topic}: ${error instanceof LiveError ? error.reason : "failed"}`);
    }
  }
  return {
    registered,
    note:
      problems.length === 0
        ? ""
        : `Some webhooks could not be set up (${problems.join("; ").slice(0, 300)}); the scheduled sync still brings changes in`,
  };
}
