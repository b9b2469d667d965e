/**
 * The suppliers a CSV import names (its "Supplier" column, docs/buying.md):
 * found by name whatever its case, and added when the room has none of that
 * name — committed with the products that name them, or not at all, as the
 * locations an import adds are.
 */
import { COLLECTION } from "../../protocol/api";
import type { ImportPart, ImportProduct, ImportReport } from "../../protocol/variant-args";
import { newId } from "../db/directory/database";
import type { RoomStatement } from "../db/room/room-database";
import type { SupplierRow } from "../db/room/supplier-tables";
import { listSuppliers, toSupplierDoc } from "../db/room/suppliers-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";

export interface ImportSuppliers {
  /** Supplier id by lower-case name, the room's and those the part adds. */
  byName: Map<string, string>;
  added: SupplierRow[];
}

/** The part's suppliers: the room's by name, and rows for the names it does not have yet (noted in the report). */
export function suppliersFor(host: RoomHost, part: ImportPart, report: ImportReport): ImportSuppliers {
  const named = part.products.some((product) => product.variants.some((variant) => variant.supplier));
  if (!named) return { byName: new Map(), added: [] };
  const byName = new Map(listSuppliers(host.roomDb).map((row) => [row.name.toLowerCase(), row.id]));
  const added: SupplierRow[] = [];
  for (const product of part.products) {
    for (const { supplier: name } of product.variants) {
      if (!name || byName.has(name.toLowerCase())) continue;
      const now = host.now();
      const row: SupplierRow = {
        id: newId(),
        name,
        contact: "",
        email: "",
        leadTimeDays: null,
        notes: "",
        archivedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      added.push(row);
      byName.set(name.toLowerCase(), row.id);
      report.suppliersAdded.push(name);
    }
  }
  return { byName, added };
}

/** The product with each variant's supplier named by id ("" names none; no column leaves it as it is). */
export function withSupplierIds(product: ImportProduct, suppliers: ImportSuppliers): ImportProduct {
  if (!product.variants.some((variant) => variant.supplier !== undefined)) return product;
  return {
    ...product,
    variants: product.variants.map(({ supplier, ...variant }) =>
      supplier === undefined
        ? variant
        : { ...variant, supplierId: supplier ? (suppliers.byName.get(supplier.toLowerCase()) ?? null) : null },
    ),
  };
}

export function insertSupplierStatements(host: RoomHost, rows: readonly SupplierRow[]): RoomStatement<[]>[] {
  return rows.map((row) => ({
    all: () => {
      host.roomDb.$client.sql.exec(
        `INSERT INTO suppliers (id, name, contact, email, lead_time_days, notes, archived_at, created_at, updated_at)
         VALUES (?, ?, '', '', NULL, '', NULL, ?, ?)`,
        row.id,
        row.name,
        row.createdAt,
        row.updatedAt,
      );
      return [];
    },
  }));
}

export function announceSuppliers(host: RoomHost, rows: readonly SupplierRow[]): void {
  for (const row of rows) {
    host.emit({ collection: COLLECTION.SUPPLIERS, id: row.id, doc: asDoc(toSupplierDoc(row)), previous: null });
  }
}
