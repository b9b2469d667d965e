/**
 * What a store webhook's payload must hold to be applied, by topic: checked
 * by the route before the delivery is queued (so the store hears 400 at
 * once, not a retry later), and by the room when it applies it.
 */
import { orderFromWebhook } from "./shopify-order";
import { deletedProductId, productFromWebhook } from "./store-product-record";
import { levelFromWebhook, restocksFromOrder, restocksFromRefund, saleFromOrder } from "./store-stock-payloads";

export const UNREADABLE_ORDER = "The order in this webhook could not be read";
export const UNREADABLE_PRODUCT = "The product in this webhook could not be read";
export const UNREADABLE_REFUND = "The refund in this webhook could not be read";
export const UNREADABLE_LEVEL = "The inventory level in this webhook could not be read";

/** Why this payload cannot be applied, or null when it can (topics we ignore always can). */
export function unreadableWebhook(topic: string, payload: unknown): string | null {
  switch (topic) {
    case "orders/create":
    case "orders/updated":
    case "orders/cancelled":
      return orderFromWebhook(payload) && saleFromOrder(payload) && restocksFromOrder(payload, 0)
        ? null
        : UNREADABLE_ORDER;
    case "refunds/create":
      return restocksFromRefund(payload, 0) ? null : UNREADABLE_REFUND;
    case "inventory_levels/update":
      return levelFromWebhook(payload) ? null : UNREADABLE_LEVEL;
    case "products/update":
      return productFromWebhook(payload) ? null : UNREADABLE_PRODUCT;
    case "products/delete":
      return deletedProductId(payload) ? null : UNREADABLE_PRODUCT;
    default:
      return null;
  }
}
