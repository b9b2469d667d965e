/**
 * The room's own rows for its export (export-route.ts): each table a page
 * at a time, in rowid order, as stored. Secrets never leave: the store
 * connection is not a table of the export (only its shop's name and
 * address are, in the export's header).
 */
import { findStoreConnection } from "../db/room/store-repo";
import type { RoomHost } from "./room-host";

/** What an export holds, in this order. */
export const EXPORT_TABLES = [
  "items",
  "item_history",
  "files",
  "orders",
  "customers",
  "store_listings",
  "stocktakes",
  "stocktake_scans",
  "locations",
  "movements",
] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export interface ExportPage {
  rows: Record<string, SqlStorageValue>[];
  /** Where the next page starts (the last row's rowid), or null when this was the last. */
  next: number | null;
}

export function exportRows(host: RoomHost, table: ExportTable, afterRowId: number, limit: number): ExportPage {
  if (!EXPORT_TABLES.includes(table)) throw new Error(`${table} is not exported`);
  const rows = host.roomDb.$client.sql
    .exec<Record<string, SqlStorageValue>>(
      `SELECT rowid AS export_rowid, * FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      afterRowId,
      limit,
    )
    .toArray();
  const next = rows.length === limit ? Number(rows.at(-1)?.export_rowid) : null;
  for (const row of rows) delete row.export_rowid;
  return { rows, next };
}

/** The store the room is connected to, as the export names it (no credentials). */
export async function exportedStore(host: RoomHost): Promise<{ shopDomain: string; shopName: string } | null> {
  const row = await findStoreConnection(host.roomDb, host.roomId);
  return row ? { shopDomain: row.shopDomain, shopName: row.shopName } : null;
}
