/** Fields changed both here and in the store (`store_conflicts`, store-stock-tables.ts). */
import { and, eq } from "drizzle-orm";
import type { RoomDatabase, RoomStatement } from "./room-database";
import { type StoreConflictRow, storeConflicts } from "./store-stock-tables";

export function conflictsOfItem(db: RoomDatabase, itemId: string): StoreConflictRow[] {
  return db.select().from(storeConflicts).where(eq(storeConflicts.itemId, itemId)).all();
}

export function saveConflictQuery(db: RoomDatabase, row: StoreConflictRow): RoomStatement {
  const { itemId, field, ...rest } = row;
  return db
    .insert(storeConflicts)
    .values(row)
    .onConflictDoUpdate({ target: [storeConflicts.itemId, storeConflicts.field], set: rest });
}

export function deleteConflictQuery(db: RoomDatabase, itemId: string, field: string): RoomStatement {
  return db.delete(storeConflicts).where(and(eq(storeConflicts.itemId, itemId), eq(storeConflicts.field, field)));
}
