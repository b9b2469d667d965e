/** The room's movements on their way to the store (`store_outbox`, store-stock-tables.ts). */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { RoomDatabase, RoomStatement } from "./room-database";
import { type StoreOutboxRow, storeOutbox } from "./store-stock-tables";

/** What may be sent now, oldest first (refused ones wait for a person). */
export function dueOutbox(db: RoomDatabase, now: number, limit: number): StoreOutboxRow[] {
  return db
    .select()
    .from(storeOutbox)
    .where(and(eq(storeOutbox.refused, ""), lte(storeOutbox.dueAt, now)))
    .orderBy(asc(sql`rowid`))
    .limit(limit)
    .all();
}

/** When the next waiting row may be sent (ms), or null when none waits. */
export function nextOutboxDue(db: RoomDatabase): number | null {
  const row = db
    .select({ at: sql<number | null>`min(${storeOutbox.dueAt})` })
    .from(storeOutbox)
    .where(eq(storeOutbox.refused, ""))
    .get();
  return row?.at ?? null;
}

export function sendingQuery(db: RoomDatabase, ids: readonly string[], batch: string, sentAt: number): RoomStatement {
  return db
    .update(storeOutbox)
    .set({ batch, sentAt })
    .where(inArray(storeOutbox.movementId, [...ids]));
}

/** The store has them: they go. */
export function sentQuery(db: RoomDatabase, ids: readonly string[]): RoomStatement {
  return db.delete(storeOutbox).where(inArray(storeOutbox.movementId, [...ids]));
}

/** A try failed for a reason that may pass (the store was down, a timeout): tried again at `dueAt`. */
export function failedQuery(db: RoomDatabase, ids: readonly string[], error: string, dueAt: number): RoomStatement {
  return db
    .update(storeOutbox)
    .set({ attempts: sql`${storeOutbox.attempts} + 1`, lastError: error, dueAt })
    .where(inArray(storeOutbox.movementId, [...ids]));
}

/** A batch the store refused: each goes again on its own, so only the one at fault stays refused. */
export function aloneQuery(db: RoomDatabase, ids: readonly string[]): RoomStatement {
  return db
    .update(storeOutbox)
    .set({ alone: true, batch: "" })
    .where(inArray(storeOutbox.movementId, [...ids]));
}

export function refusedQuery(db: RoomDatabase, id: string, reason: string): RoomStatement {
  return db.update(storeOutbox).set({ refused: reason, batch: "" }).where(eq(storeOutbox.movementId, id));
}

/** A person asks to send an item's refused movements again. */
export function retryRefusedQuery(db: RoomDatabase, itemId: string): RoomStatement {
  return db
    .update(storeOutbox)
    .set({ refused: "", dueAt: 0, attempts: 0, lastError: "" })
    .where(and(eq(storeOutbox.itemId, itemId), sql`${storeOutbox.refused} <> ''`))
    .returning({ id: storeOutbox.movementId });
}

/** How an item's movements stand with the store: how many wait, and the first refusal. */
export function outboxOfItem(
  db: RoomDatabase,
  itemId: string,
): { waiting: number; refused: string; lastError: string } {
  const rows = db
    .select({ refused: storeOutbox.refused, lastError: storeOutbox.lastError })
    .from(storeOutbox)
    .where(eq(storeOutbox.itemId, itemId))
    .orderBy(asc(sql`rowid`))
    .all();
  return {
    waiting: rows.filter((row) => row.refused === "").length,
    refused: rows.find((row) => row.refused !== "")?.refused ?? "",
    lastError: rows.find((row) => row.refused === "" && row.lastError !== "")?.lastError ?? "",
  };
}

/** What waits to reach the store (refused included: it has not), by `inventoryItemId storeLocationId`. */
export function waitingDeltas(db: RoomDatabase): Map<string, number> {
  const rows = db
    .select({
      inventoryItemId: storeOutbox.inventoryItemId,
      storeLocationId: storeOutbox.storeLocationId,
      delta: sql<number>`sum(${storeOutbox.delta})`,
    })
    .from(storeOutbox)
    .groupBy(storeOutbox.inventoryItemId, storeOutbox.storeLocationId)
    .all();
  return new Map(rows.map((row) => [`${row.inventoryItemId} ${row.storeLocationId}`, row.delta]));
}

/** A count of ours the store is to take: an adjustment with no movement here (the room's count is right). */
export function sendCountQuery(
  db: RoomDatabase,
  row: Pick<StoreOutboxRow, "movementId" | "itemId" | "inventoryItemId" | "storeLocationId" | "delta">,
): RoomStatement {
  return db.insert(storeOutbox).values({ ...row, reason: "correction" });
}
