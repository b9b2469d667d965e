/** The store's customers (docs/product.md §5), written a page at a time by the store sync. */
import { count, eq, sql } from "drizzle-orm";
import type { StoreCustomer } from "../../store/store-records";
import type { RoomDatabase } from "./room-database";
import { customers } from "./room-schema";

/** One statement per page: the customers travel as one JSON parameter (SQLite binds at most 100 values). */
export async function upsertCustomerPage(
  db: RoomDatabase,
  roomId: string,
  page: readonly StoreCustomer[],
): Promise<void> {
  if (page.length === 0) return;
  await db.run(sql`INSERT INTO customers
    (room_id, store_customer_id, name, email, orders_count, amount_spent_cents, currency, updated_at)
    SELECT ${roomId}, value ->> '$.storeCustomerId', value ->> '$.name', value ->> '$.email', value ->> '$.ordersCount',
      value ->> '$.amountSpentCents', value ->> '$.currency', value ->> '$.updatedAt'
    FROM json_each(${JSON.stringify(page)}) WHERE true
    ON CONFLICT (room_id, store_customer_id) DO UPDATE SET
      name = excluded.name, email = excluded.email, orders_count = excluded.orders_count,
      amount_spent_cents = excluded.amount_spent_cents, currency = excluded.currency, updated_at = excluded.updated_at`);
}

export async function countCustomers(db: RoomDatabase, roomId: string): Promise<number> {
  const row = await db.select({ n: count() }).from(customers).where(eq(customers.roomId, roomId)).get();
  return row?.n ?? 0;
}
