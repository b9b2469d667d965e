import { and, eq, sql } from "drizzle-orm";
import type { RoomDatabase } from "./room-database";
import { webhookDeliveries } from "./room-schema";

/** Whether this delivery was applied before; if so it is counted as seen once more. */
export function deliverySeenAgain(db: RoomDatabase, roomId: string, deliveryId: string): boolean {
  const row = db
    .update(webhookDeliveries)
    .set({ timesSeen: sql`${webhookDeliveries.timesSeen} + 1` })
    .where(and(eq(webhookDeliveries.roomId, roomId), eq(webhookDeliveries.deliveryId, deliveryId)))
    .returning({ id: webhookDeliveries.deliveryId })
    .get();
  return row !== undefined;
}

/** How long a delivery id is remembered: Shopify retries a failed delivery for up to 48 hours. */
export const DELIVERY_KEPT_MS = 48 * 3600_000;

/** Old deliveries forgotten per delivery recorded: more than one, so forgetting keeps up with any rate. */
const FORGOTTEN_PER_RECORD = 20;

/**
 * Records an applied delivery and forgets a few of the oldest once past
 * DELIVERY_KEPT_MS. Rows arrive in time order, so the oldest are the first
 * by rowid: this reads at most FORGOTTEN_PER_RECORD rows, never the table.
 */
export async function recordDelivery(
  db: RoomDatabase,
  delivery: { roomId: string; deliveryId: string; topic: string; receivedAt: number },
): Promise<void> {
  await db.insert(webhookDeliveries).values(delivery).onConflictDoNothing().run();
  db.$client.sql.exec(
    `DELETE FROM webhook_deliveries WHERE rowid IN (SELECT rowid FROM webhook_deliveries ORDER BY rowid LIMIT ?)
     AND received_at < ?`,
    FORGOTTEN_PER_RECORD,
    delivery.receivedAt - DELIVERY_KEPT_MS,
  );
}
