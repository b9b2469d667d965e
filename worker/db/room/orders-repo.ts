import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { OrderDoc, OrderLine } from "../../../protocol/api";
import { newId } from "../directory/database";
import type { RoomDatabase } from "./room-database";
import { type OrderRow, orders } from "./room-schema";

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

export type OrderInput = Omit<OrderDoc, "_id" | "createdAt" | "updatedAt"> & {
  createdAt: number;
  /** The store's last change of the order (ms), when known: an older version never replaces a newer one. */
  storeUpdatedAt?: number;
};

export async function listOrders(db: RoomDatabase, roomId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.roomId, roomId)).all();
}

/** The next `limit` orders by id after `afterId` ("" for the first): a room's orders a page at a time. */
export function ordersAfter(db: RoomDatabase, roomId: string, afterId: string, limit: number): OrderRow[] {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.roomId, roomId), gt(orders.id, afterId)))
    .orderBy(asc(orders.id))
    .limit(limit)
    .all();
}

export async function findStoreOrder(db: RoomDatabase, roomId: string, storeOrderId: string): Promise<OrderRow | null> {
  return (
    (await db
      .select()
      .from(orders)
      .where(and(eq(orders.roomId, roomId), eq(orders.storeOrderId, storeOrderId)))
      .get()) ?? null
  );
}

/**
 * Inserts the order, or replaces the stored one with the same store order
 * id unless that one is newer in the store; answers the row written, or
 * null when the stored version was kept.
 */
export async function upsertOrder(
  db: RoomDatabase,
  roomId: string,
  input: OrderInput,
  now: number,
): Promise<OrderRow | null> {
  const { lineItems, storeUpdatedAt = 0, ...rest } = input;
  const columns = { ...rest, storeUpdatedAt, lineItems: JSON.stringify(lineItems), updatedAt: now };
  const [row] = await db
    .insert(orders)
    .values({ id: newId(), roomId, ...columns })
    .onConflictDoUpdate({
      target: [orders.roomId, orders.storeOrderId],
      set: columns,
      setWhere: sql`excluded.store_updated_at >= ${orders.storeUpdatedAt}`,
    })
    .returning();
  return row ?? null;
}

/**
 * A page of orders in two statements in one transaction, whatever its
 * size: the stored versions (for the dashboard's "before") and one upsert.
 * The orders travel as one JSON parameter read by `json_each` (SQLite binds
 * at most 100 values per statement).
 */
export function upsertOrderPage(
  db: RoomDatabase,
  roomId: string,
  page: readonly OrderInput[],
  now: number,
): { before: OrderRow[]; after: OrderRow[] } {
  if (page.length === 0) return { before: [], after: [] };
  const ids = JSON.stringify(page.map((order) => order.storeOrderId));
  const rows = JSON.stringify(
    page.map((order) => ({
      ...order,
      id: newId(),
      storeUpdatedAt: order.storeUpdatedAt ?? 0,
      lineItems: JSON.stringify(order.lineItems),
    })),
  );
  const storage = db.$client;
  const read = (query: string, ...binds: SqlStorageValue[]) =>
    storage.sql.exec(query, ...binds).toArray() as unknown as RawOrder[];
  return storage.transactionSync(() => {
    const before = read(
      "SELECT * FROM orders WHERE room_id = ? AND store_order_id IN (SELECT value FROM json_each(?))",
      roomId,
      ids,
    );
    const after = read(
      `INSERT INTO orders
          (id, room_id, store_order_id, name, customer_key, customer_name, currency, total_cents, line_items, created_at,
           store_updated_at, updated_at)
        SELECT value ->> '$.id', ?1, value ->> '$.storeOrderId', value ->> '$.name', value ->> '$.customerKey',
          value ->> '$.customerName', value ->> '$.currency', value ->> '$.totalCents', value ->> '$.lineItems',
          value ->> '$.createdAt', value ->> '$.storeUpdatedAt', ?2
        FROM json_each(?3) WHERE true
        ON CONFLICT (room_id, store_order_id) DO UPDATE SET
          name = excluded.name, customer_key = excluded.customer_key, customer_name = excluded.customer_name,
          currency = excluded.currency, total_cents = excluded.total_cents, line_items = excluded.line_items,
          created_at = excluded.created_at, store_updated_at = excluded.store_updated_at, updated_at = excluded.updated_at
        WHERE excluded.store_updated_at >= orders.store_updated_at
        RETURNING *`,
      roomId,
      now,
      rows,
    );
    return { before: before.map(fromRaw), after: after.map(fromRaw) };
  });
}

/** A row as raw SQL answers it (column names, not drizzle's field names). */
interface RawOrder {
  id: string;
  room_id: string;
  store_order_id: string;
  name: string;
  customer_key: string;
  customer_name: string;
  currency: string;
  total_cents: number;
  line_items: string;
  created_at: number;
  updated_at: number;
  store_updated_at: number;
}

function fromRaw(row: RawOrder): OrderRow {
  return {
    id: row.id,
    roomId: row.room_id,
    storeOrderId: row.store_order_id,
    name: row.name,
    customerKey: row.customer_key,
    customerName: row.customer_name,
    currency: row.currency,
    totalCents: row.total_cents,
    lineItems: row.line_items,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    storeUpdatedAt: row.store_updated_at,
  };
}
