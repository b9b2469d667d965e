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
import { openDatabase } from "../db/directory/database";
import { recordDeadLetters } from "../db/directory/dead-letters-repo";
import type { RoomDO, RpcResult } from "../objects/room-do";
import { deadLetterOf } from "./dead-letter-queue";
import type { BatchOutcome } from "./webhook-apply";
import type { QueuedWebhook } from "./webhook-delivery";

export type { QueuedWebhook } from "./webhook-delivery";

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
        // A room deleted meanwhile (its storage erased) takes nothing more: its deliveries are let go.
        if (result.error.error === 410) {
          for (const message of messages) message.ack();
          return;
        }
        retryAll();
        return;
      }
      const outcomes = result.value as BatchOutcome[];
      const refused: Message<QueuedWebhook>[] = [];
      messages.forEach((message, index) => {
        const outcome = outcomes[index];
        if (typeof outcome === "object" && outcome.error.error !== 400) {
          message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        } else if (typeof outcome === "object") {
          refused.push(message);
        } else {
          message.ack();
        }
      });
      if (refused.length === 0) return;
      // Refused by the room: trying again cannot help, so kept for an owner to see (dead-letters.ts).
      const now = Date.now();
      try {
        await recordDeadLetters(
          openDatabase(env.DB),
          refused.map((message) => {
            const outcome = outcomes[messages.indexOf(message)];
            const reason = typeof outcome === "object" ? (outcome.error.reason ?? "Refused") : "Refused";
            return deadLetterOf(message.body, reason, now);
          }),
        );
        for (const message of refused) message.ack();
      } catch (error) {
        console.error("store: refused deliveries could not be kept", error);
        for (const message of refused) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}
