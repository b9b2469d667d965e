/** The room's suppliers (docs/buying.md): read and written in the room's own SQLite. */
import { asc, eq, sql } from "drizzle-orm";
import type { SupplierDoc } from "../../../protocol/api";
import type { RoomDatabase } from "./room-database";
import { type SupplierRow, suppliers } from "./supplier-tables";

export function toSupplierDoc(row: SupplierRow): SupplierDoc {
  return {
    _id: row.id,
    name: row.name,
    contact: row.contact,
    email: row.email,
    leadTimeDays: row.leadTimeDays,
    notes: row.notes,
    archived: row.archivedAt !== null,
  };
}

/** Every supplier, archived ones too, by name. */
export function listSuppliers(db: RoomDatabase): SupplierRow[] {
  return db
    .select()
    .from(suppliers)
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
    .all();
}

export function findSupplier(db: RoomDatabase, id: string): SupplierRow | null {
  return db.select().from(suppliers).where(eq(suppliers.id, id)).get() ?? null;
}

/** The supplier called `name`, whatever its case (by its unique index). */
export function findSupplierByName(db: RoomDatabase, name: string): SupplierRow | null {
  return db.select().from(suppliers).where(sql`lower(${suppliers.name}) = lower(${name.trim()})`).get() ?? null;
}

export function insertSupplier(db: RoomDatabase, row: SupplierRow): void {
  db.insert(suppliers).values(row).run();
}

export function updateSupplier(db: RoomDatabase, id: string, change: Partial<SupplierRow>): void {
  db.update(suppliers).set(change).where(eq(suppliers.id, id)).run();
}
