/**
 * Store webhook deliveries that could not be applied, kept (docs/operations.md,
 * "The webhook queue"): the dead-letter queue brings those whose retries ran
 * out (the room kept failing), and the consumer (webhook-consumer.ts) those
 * the room refused. Both go to the directory, outside the room, so a room in
 * trouble cannot lose them; its owners replay them (dead-letters.ts).
 */
import { openDatabase } from "../db/directory/database";
import { type DeadLetterInput, recordDeadLetters } from "../db/directory/dead-letters-repo";
import type { QueuedWebhook } from "./webhook-delivery";

/** Why a delivery the queue gave up on was not applied. */
export const RETRIES_RAN_OUT = "The room could not apply it after every retry";

export function deadLetterOf(message: QueuedWebhook, error: string, at: number): DeadLetterInput {
  return {
    roomId: message.roomId,
    deliveryId: message.deliveryId,
    topic: message.topic,
    payload: JSON.stringify(message.payload),
    error: error.slice(0, 500),
    failedAt: at,
  };
}

/** The dead-letter queue's consumer: each delivery is kept for its room, then acknowledged. */
export async function consumeDeadLetters(batch: MessageBatch<QueuedWebhook>, env: Env): Promise<void> {
  const now = Date.now();
  try {
    await recordDeadLetters(
      openDatabase(env.DB),
      batch.messages.map((message) => deadLetterOf(message.body, RETRIES_RAN_OUT, now)),
    );
    batch.ackAll();
  } catch (error) {
    console.error("store: failed deliveries could not be kept", error);
    batch.retryAll({ delaySeconds: 60 });
  }
}
