import { and, eq } from "drizzle-orm";
import type { RoomDatabase } from "./room-database";
import { webhookDeliveries } from "./room-schema";

export async function deliverySeen(db: RoomDatabase, roomId: string, deliveryId: string): Promise<boolean> {
  const row = await db
    .select({ id: webhookDeliveries.deliveryId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.roomId, roomId), eq(webhookDeliveries.deliveryId, deliveryId)))
    .get();
  return row !== undefined;
}

export async function recordDelivery(
  db: RoomDatabase,
  delivery: { roomId: string; deliveryId: string; topic: string; receivedAt: number },
): Promise<void> {
  await db.insert(webhookDeliveries).values(delivery).onConflictDoNothing().run();
}
