/** A verified store webhook delivery, as the route queues it and a room applies it (webhook-apply.ts). */
export interface WebhookDelivery {
  deliveryId: string;
  topic: string;
  payload: unknown;
}

/** A delivery on the queue, for one room connected to its shop. */
export interface QueuedWebhook extends WebhookDelivery {
  roomId: string;
}
