/**
 * Each variant's supplier is one of the room's suppliers (docs/buying.md).
 * The write pipeline checks the suppliers a write sets inside its own
 * transaction, after the rows it writes first — so an import that adds a
 * supplier and names it on its products in one part passes, and a
 * supplier's id that names nothing here is refused in words.
 */

import type { ItemFields, ItemPatch } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import type { VariantDoc } from "../../protocol/variants";
import { NO_SUPPLIER } from "../buying/suppliers-feature";
import type { RoomDatabase, RoomStatement } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";

/** What this reads of one item's part of a write (item-pipeline.ts's ItemChange). */
interface WrittenItem {
  before: ItemRow | null;
  row: { columns?: Partial<ItemRow> } & ({ insert: ItemFields } | { update: ItemPatch } | { remove: true });
}

/** The suppliers' ids a write sets that its items did not have before. */
export function suppliersSet(changes: readonly WrittenItem[]): Set<string> {
  const ids = new Set<string>();
  for (const { row, before } of changes) {
    if ("remove" in row) continue;
    const fields = "insert" in row ? row.insert : row.update;
    const own = fields.supplierId ?? row.columns?.supplierId;
    if (own && own !== before?.supplierId) ids.add(own);
    const variants = row.columns?.variants;
    if (!variants || variants === "[]") continue;
    const had = new Set(
      before && before.variants !== "[]"
        ? (JSON.parse(before.variants) as VariantDoc[]).map((variant) => variant.supplierId)
        : [],
    );
    for (const variant of JSON.parse(variants) as VariantDoc[]) {
      if (variant.supplierId && !had.has(variant.supplierId)) ids.add(variant.supplierId);
    }
  }
  return ids;
}

/** A statement that refuses the write when any of `ids` is not one of the room's suppliers. */
export function suppliersKnownStatement(db: RoomDatabase, ids: ReadonlySet<string>): RoomStatement<[]> {
  return {
    all: () => {
      const list = [...ids];
      for (let start = 0; start < list.length; start += 90) {
        const part = list.slice(start, start + 90);
        const found = db.$client.sql
          .exec<{ n: number }>(
            `SELECT count(*) AS n FROM suppliers WHERE id IN (${part.map(() => "?").join(", ")})`,
            ...part,
          )
          .one().n;
        if (found !== part.length) throw new LiveError(404, NO_SUPPLIER);
      }
      return [];
    },
  };
}
