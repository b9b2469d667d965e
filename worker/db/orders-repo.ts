import { and, eq } from "drizzle-orm";
import type { OrderDoc, OrderLine } from "../../protocol/api";
import { type Database, newId } from "./database";
import { type OrderRow, orders } from "./schema";

export function toOrderDoc(row: OrderRow): OrderDoc {
  return {
    _id: row.id,
    storeOrderId: row.storeOrderId,
    name: row.name,
    customerKey: row.customerKey,
    customerName: row.customerName,
    currency: row.currency,
    totalCents: row.totalCents,
    lineItems: JSON.parse(row.lineItems) as OrderLine[],
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

export type OrderInput = Omit<OrderDoc, "_id" | "createdAt" | "updatedAt"> & { createdAt: number };

export async function listOrders(db: Database, roomId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.roomId, roomId)).all();
}

export async function findStoreOrder(db: Database, roomId: string, storeOrderId: string): Promise<OrderRow | null> {
  return (
    (await db
      .select()
      .from(orders)
      .where(and(eq(orders.roomId, roomId), eq(orders.storeOrderId, storeOrderId)))
      .get()) ?? null
  );
}

/** Inserts the order, or replaces the stored one with the same store order id. */
export async function upsertOrder(db: Database, roomId: string, input: OrderInput, now: number): Promise<OrderRow> {
  const { lineItems, ...rest } = input;
  const columns = { ...rest, lineItems: JSON.stringify(lineItems), updatedAt: now };
  const [row] = await db
    .insert(orders)
    .values({ id: newId(), roomId, ...columns })
    .onConflictDoUpdate({ target: [orders.roomId, orders.storeOrderId], set: columns })
    .returning();
  return row as OrderRow;
}
