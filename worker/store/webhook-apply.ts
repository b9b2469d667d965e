/**
 * Applies one verified store webhook to a room, inside the RoomDO and one
 * write at a time: a delivery id seen before is skipped; otherwise the
 * change is applied (the dashboard counts it live) and the id recorded in
 * the same queued write, so a delivery whose processing failed is applied
 * when Shopify retries it.
 */
import { LiveError, toWireError, type WireError } from "../../protocol/errors";
import { deliverySeenAgain, recordDelivery } from "../db/room/webhook-deliveries-repo";
import type { RoomHost } from "../rooms/room-host";
import { orderFromWebhook } from "./shopify-order";
import { changeStoreConnection, dropStoreConnection } from "./store-feature";
import { deletedProductId, productFromWebhook } from "./store-product-record";
import { applyStoreProductNow } from "./store-products";
import { applyStoreLevel, applyStoreRestocks, applyStoreSale } from "./store-stock";
import { levelFromWebhook, restocksFromOrder, restocksFromRefund, saleFromOrder } from "./store-stock-payloads";
import { forgetStoreProductNow } from "./store-unlink";
import type { WebhookDelivery } from "./webhook-delivery";
import { UNREADABLE_LEVEL, UNREADABLE_ORDER, UNREADABLE_PRODUCT, UNREADABLE_REFUND } from "./webhook-payloads";

export type { WebhookDelivery } from "./webhook-delivery";

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

async function apply(host: RoomHost, { topic, payload }: WebhookDelivery): Promise<WebhookOutcome> {
  switch (topic) {
    case "orders/create":
    case "orders/updated":
    case "orders/cancelled": {
      const order = orderFromWebhook(payload);
      const sale = saleFromOrder(payload);
      const restocks = restocksFromOrder(payload, host.now());
      if (!order || !sale || !restocks) throw new LiveError(400, UNREADABLE_ORDER);
      await host.extensions.recordOrder(host, order);
      // Its lines sell here once, whichever of its deliveries comes first (docs/stock.md).
      await applyStoreSale(host, sale);
      if (restocks.length) await applyStoreRestocks(host, restocks);
      return "applied";
    }
    case "refunds/create": {
      const restocks = restocksFromRefund(payload, host.now());
      if (!restocks) throw new LiveError(400, UNREADABLE_REFUND);
      return (await applyStoreRestocks(host, restocks)) > 0 ? "applied" : "ignored";
    }
    case "inventory_levels/update": {
      const level = levelFromWebhook(payload);
      if (!level) throw new LiveError(400, UNREADABLE_LEVEL);
      return (await applyStoreLevel(host, level)) ? "applied" : "ignored";
    }
    case "products/update": {
      const product = productFromWebhook(payload);
      if (!product) throw new LiveError(400, UNREADABLE_PRODUCT);
      // Only products the catalogue has: new store products come in with the next sync.
      const outcome = await applyStoreProductNow(host, product, { create: false, currency: "" });
      return outcome === "skipped" ? "ignored" : "applied";
    }
    case "products/delete": {
      const productId = deletedProductId(payload);
      if (!productId) throw new LiveError(400, UNREADABLE_PRODUCT);
      return (await forgetStoreProductNow(host, productId)) ? "applied" : "ignored";
    }
    case "app/uninstalled":
      // The store took the app's access away: the connection is gone, and the room says so.
      await changeStoreConnection(host, () => dropStoreConnection(host));
      return "applied";
    default:
      return "ignored";
  }
}

/** One delivery, for a caller that holds host.writes. */
async function applyNow(host: RoomHost, delivery: WebhookDelivery): Promise<WebhookOutcome> {
  if (deliverySeenAgain(host.roomDb, host.roomId, delivery.deliveryId)) return "duplicate";
  const outcome = await apply(host, delivery);
  await recordDelivery(host.roomDb, {
    roomId: host.roomId,
    deliveryId: delivery.deliveryId,
    topic: delivery.topic,
    receivedAt: host.now(),
  });
  return outcome;
}

export function applyStoreWebhook(host: RoomHost, delivery: WebhookDelivery): Promise<WebhookOutcome> {
  return host.writes.run(() => applyNow(host, delivery));
}

/** What became of each delivery of a batch: its outcome, or the error it failed with (it is tried again later). */
export type BatchOutcome = WebhookOutcome | { error: WireError };

/**
 * Deliveries applied per turn of the room's write queue: a queue batch (up
 * to 100) is applied one delivery a turn, so during a flash sale a
 * teammate's edit waits for at most one order, not a hundred. Measured
 * (bench/flash-sale, 40 s): one a turn halved the teammate's p99 against
 * eight a turn (26 ms vs 48 ms) for an apply lag 0.15 s longer.
 */
const DELIVERIES_PER_TURN = 1;

/**
 * A batch of deliveries from the queue (webhook-consumer.ts), applied in
 * order, DELIVERIES_PER_TURN to a turn of the room's write queue; one that
 * fails does not stop the others.
 */
export async function applyStoreWebhooks(
  host: RoomHost,
  deliveries: readonly WebhookDelivery[],
): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  for (let start = 0; start < deliveries.length; start += DELIVERIES_PER_TURN) {
    const turn = deliveries.slice(start, start + DELIVERIES_PER_TURN);
    await host.writes.run(async () => {
      for (const delivery of turn) {
        try {
          outcomes.push(await applyNow(host, delivery));
        } catch (error) {
          if (!(error instanceof LiveError)) console.error("store: webhook failed", error);
          outcomes.push({ error: toWireError(error) });
        }
      }
    });
  }
  return outcomes;
}
