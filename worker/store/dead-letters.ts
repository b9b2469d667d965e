/**
 * Store webhook deliveries that could not be applied, as the room's owners
 * see them (docs/operations.md, "The webhook queue"): kept in the directory
 * by the queues (dead-letter-queue.ts), listed in the Store tab, replayed
 * or dismissed one by one (store-feature.ts).
 */

import { can, METHOD, type StoreFailedDelivery } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { defineMethod } from "../contract";
import { deleteDeadLetter, findDeadLetter, listDeadLetters } from "../db/directory/dead-letters-repo";
import type { LiveRegistry } from "../live/registry";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { applyStoreWebhook, type WebhookOutcome } from "./webhook-apply";

/** Failed deliveries a room lists at most (the newest). */
const LISTED = 100;

/** The room's failed deliveries, newest first, and how many there are. */
export async function failedDeliveries(host: RoomHost): Promise<{ deliveries: StoreFailedDelivery[]; total: number }> {
  const { rows, total } = await listDeadLetters(host.db, host.roomId, LISTED);
  return {
    deliveries: rows.map((row) => ({
      id: row.id,
      topic: row.topic,
      deliveryId: row.deliveryId,
      error: row.error,
      failedAt: new Date(row.failedAt),
    })),
    total,
  };
}

/**
 * Applies a failed delivery now, as the queue would have; once applied (or
 * found applied already) it is no longer listed. A refusal is said, and it stays.
 */
export async function replayDelivery(host: RoomHost, id: number): Promise<WebhookOutcome> {
  const letter = await findDeadLetter(host.db, host.roomId, id);
  if (!letter) throw new LiveError(404, "That delivery is not waiting any more");
  let payload: unknown;
  try {
    payload = JSON.parse(letter.payload);
  } catch {
    throw new LiveError(400, "That delivery cannot be read");
  }
  const outcome = await applyStoreWebhook(host, { deliveryId: letter.deliveryId, topic: letter.topic, payload });
  await deleteDeadLetter(host.db, host.roomId, id);
  return outcome;
}

/** An owner decides a failed delivery is not wanted. */
export async function dismissDelivery(host: RoomHost, id: number): Promise<void> {
  if (!(await findDeadLetter(host.db, host.roomId, id)))
    throw new LiveError(404, "That delivery is not waiting any more");
  await deleteDeadLetter(host.db, host.roomId, id);
}

/** Owners and admins list, replay and dismiss the room's failed deliveries. */
export function registerDeadLetters(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.STORE_FAILED_DELIVERIES, {
    run: async (ctx) => {
      await requireRole(ctx, can.manageStore);
      return failedDeliveries(ctx.host);
    },
  });

  defineMethod(registry, METHOD.STORE_REPLAY_DELIVERY, {
    run: async (ctx, id) => {
      await requireRole(ctx, can.manageStore);
      return replayDelivery(ctx.host, id);
    },
  });

  defineMethod(registry, METHOD.STORE_DISMISS_DELIVERY, {
    run: async (ctx, id) => {
      await requireRole(ctx, can.manageStore);
      await dismissDelivery(ctx.host, id);
      return null;
    },
  });
}
