/**
 * The store webhook queue's consumer: a batch of verified deliveries is
 * grouped by room, and each room applies its share in one turn of its write
 * queue (RoomDO.applyStoreWebhooks), each delivery id once. A delivery that
 * failed in the room is retried by the queue with a growing delay; one the
 * room found unreadable is dropped (trying again cannot help; the route
 * refuses those before queueing, so this is a payload that changed meaning
 * between releases).
 */
import { getServerByName } from "partyserver";
import type { RoomDO, RpcResult } from "../objects/room-do";
import type { BatchOutcome, WebhookDelivery } from "./webhook-apply";

export interface QueuedWebhook extends WebhookDelivery {
  roomId: string;
}

/** Retry delays grow with each attempt, up to 5 minutes. */
const retryDelaySeconds = (attempts: number) => Math.min(300, 2 ** attempts);

export async function consumeStoreWebhooks(batch: MessageBatch<QueuedWebhook>, env: Env): Promise<void> {
  const byRoom = new Map<string, Message<QueuedWebhook>[]>();
  for (const message of batch.messages) {
    const list = byRoom.get(message.body.roomId) ?? [];
    list.push(message);
    byRoom.set(message.body.roomId, list);
  }
  await Promise.all(
    [...byRoom].map(async ([roomId, messages]) => {
      const retryAll = () => {
        for (const message of messages) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      };
      let result: RpcResult;
      try {
        const room = await getServerByName(env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
        result = (await room.applyStoreWebhooks(
          messages.map(({ body }) => ({ deliveryId: body.deliveryId, topic: body.topic, payload: body.payload })),
        )) as unknown as RpcResult;
      } catch (error) {
        console.error(`store: webhooks for room ${roomId} could not be handed over`, error);
        retryAll();
        return;
      }
      if (!result.ok) {
        retryAll();
        return;
      }
      const outcomes = result.value as BatchOutcome[];
      messages.forEach((message, index) => {
        const outcome = outcomes[index];
        if (typeof outcome === "object" && outcome.error.error !== 400) {
          message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        } else {
          if (typeof outcome === "object")
            console.warn(`store: webhook ${message.body.deliveryId} dropped: ${outcome.error.reason}`);
          message.ack();
        }
      });
    }),
  );
}
