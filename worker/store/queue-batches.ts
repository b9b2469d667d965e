/**
 * Messages for `Queue.sendBatch` in batches it takes: at most 100 messages
 * and 256 KB in all per call (Cloudflare Queues' limits), whatever one
 * message weighs (a delivery for three rooms of one shop is three messages
 * of up to 120 KB each).
 */

/** Cloudflare's limits per `sendBatch`, less room for each message's envelope. */
export const QUEUE_BATCH = { MESSAGES: 100, BYTES: 250_000 } as const;

/** The messages in order, grouped so that no group passes the limits (a message over them goes alone). */
export function queueBatches<T>(messages: readonly T[], size: (message: T) => number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const message of messages) {
    const weight = size(message);
    if (current.length > 0 && (current.length === QUEUE_BATCH.MESSAGES || bytes + weight > QUEUE_BATCH.BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += weight;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
