/**
 * Store deliveries that could not be applied are kept, never lost
 * (docs/operations.md, "The webhook queue"): those whose retries ran out
 * come through the dead-letter queue, those the room refused from the
 * consumer at once; the room's owners and admins list, replay and dismiss
 * them. The queues' handler is the Worker's own, given batches as the
 * runtime gives them.
 */
import {
  createExecutionContext,
  createMessageBatch,
  env,
  evictDurableObject,
  getQueueResult,
  runInDurableObject,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { RETRIES_RAN_OUT } from "../../worker/store/dead-letter-queue";
import type { QueuedWebhook } from "../../worker/store/webhook-delivery";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";
import { roomRow } from "./room-rows";
import { order } from "./store-stock-helpers";
import { connectStoreDirectly } from "./webhook-helpers";

/** Hands a batch to the Worker's queue handler as the runtime would; answers what it acknowledged. */
async function handOver(queue: string, bodies: QueuedWebhook[]) {
  const batch = createMessageBatch<QueuedWebhook>(
    queue,
    bodies.map((body, index) => ({ id: `m-${index}-${Date.now()}`, timestamp: new Date(), attempts: 11, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch, env);
  return getQueueResult(batch as MessageBatch, ctx);
}

const orderCount = async (roomId: string) =>
  (await roomRow<{ n: number }>(roomId, "SELECT count(*) AS n FROM orders"))?.n;

describe("store deliveries that failed", () => {
  it("keeps a delivery whose retries ran out for the room's owners, who replay it once", async () => {
    const roomId = await createRoom();
    await connectStoreDirectly(roomId, "secret");
    const { socket } = await connectToRoom(roomId);
    const payload = order([{ variantId: 1, quantity: 1 }]);
    const result = await handOver("stockroom-store-webhooks-dlq", [
      { roomId, deliveryId: "gave-up-1", topic: "orders/create", payload },
    ]);
    expect(result.ackAll).toBe(true);

    const listed = await socket.call("store.failedDeliveries", []);
    expect(listed.result).toMatchObject({
      total: 1,
      deliveries: [{ topic: "orders/create", deliveryId: "gave-up-1", error: RETRIES_RAN_OUT }],
    });
    const id = (listed.result as { deliveries: { id: number }[] }).deliveries[0]?.id;
    expect(await orderCount(roomId)).toBe(0);
    expect((await socket.call("store.replayDelivery", [id])).result).toBe("applied");
    expect(await orderCount(roomId)).toBe(1);
    expect((await socket.call("store.failedDeliveries", [])).result).toEqual({ deliveries: [], total: 0 });
    // Replayed once: the same delivery again (the queue's last retry got through after all) is a repeat.
    await handOver("stockroom-store-webhooks-dlq", [
      { roomId, deliveryId: "gave-up-1", topic: "orders/create", payload },
    ]);
    const again = (await socket.call("store.failedDeliveries", [])).result as { deliveries: { id: number }[] };
    expect((await socket.call("store.replayDelivery", [again.deliveries[0]?.id])).result).toBe("duplicate");
    expect(await orderCount(roomId)).toBe(1);
    expect((await socket.call("store.replayDelivery", [again.deliveries[0]?.id])).error).toMatchObject({
      error: 404,
      reason: "That delivery is not waiting any more",
    });
    socket.close();
  });

  it("keeps a delivery the room refused, with its reason, instead of dropping it; owners dismiss it; others cannot see them", async () => {
    const roomId = await createRoom();
    await connectStoreDirectly(roomId, "secret");
    const { socket } = await connectToRoom(roomId);
    // A payload the room cannot apply (one that changed meaning between releases): refused, kept, acknowledged.
    const result = await handOver("stockroom-store-webhooks", [
      { roomId, deliveryId: "refused-1", topic: "orders/create", payload: { id: 1, line_items: "none" } },
    ]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const listed = (await socket.call("store.failedDeliveries", [])).result as {
      deliveries: { id: number; error: string }[];
    };
    expect(listed.deliveries.map((delivery) => delivery.error)).toEqual([
      "The order in this webhook could not be read",
    ]);

    const member = await signUpUser();
    await socket.call("members.invite", [member.email, "member"]);
    const { socket: theirs } = await connectToRoom(roomId, { token: member.token });
    expect((await theirs.call("store.failedDeliveries", [])).error).toMatchObject({ error: 403 });
    expect((await theirs.call("store.dismissDelivery", [listed.deliveries[0]?.id])).error).toMatchObject({
      error: 403,
    });
    theirs.close();

    expect((await socket.call("store.dismissDelivery", [listed.deliveries[0]?.id])).error).toBeUndefined();
    expect((await socket.call("store.failedDeliveries", [])).result).toEqual({ deliveries: [], total: 0 });
    expect((await socket.call("store.replayDelivery", ["1"])).error).toMatchObject({ error: 400 });
    socket.close();
  });

  it("lets go a delivery queued for a room deleted since: the room, woken for it, erases itself again", async () => {
    const roomId = await createRoom();
    await connectStoreDirectly(roomId, "secret");
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("rooms.delete", [])).error).toBeUndefined();
    await expect.poll(() => socket.closed?.code).toBe(4003);
    const namespace = env.ROOM as unknown as DurableObjectNamespace;
    const stub = namespace.get(namespace.idFromName(roomId));
    const tables = () =>
      runInDurableObject(stub, (_, state) =>
        state.storage.sql
          .exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'items'")
          .one(),
      );
    await expect.poll(tables).toEqual({ n: 0 });
    // Evicted, as the runtime does in time: its next start makes its tables afresh in the empty storage.
    await evictDurableObject(stub);

    const payload = order([{ variantId: 1, quantity: 1 }]);
    const result = await handOver("stockroom-store-webhooks", [
      { roomId, deliveryId: "after-delete-1", topic: "orders/create", payload },
    ]);
    expect(result.retryMessages).toEqual([]);
    expect(result.ackAll || result.explicitAcks.length === 1).toBe(true);
    // Nothing kept for owners it no longer has, and nothing left of it.
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM store_dead_letters WHERE room_id = ?")
      .bind(roomId)
      .first<{ n: number }>();
    expect(kept?.n).toBe(0);
    await expect.poll(tables).toEqual({ n: 0 });
  });
});
