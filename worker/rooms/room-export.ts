/**
 * The room's own rows for its export (export-route.ts), from a snapshot:
 * every exported table copied in one transaction when the export begins,
 * so a backup is the room at one moment (stock and the ledger agree, an
 * item and its history agree) however long the download takes and
 * whatever is written meanwhile. Pages are then read from the copies, in
 * rowid order, and the copies dropped when the export ends — or, for one a
 * client abandoned, at the next export or wake once an hour old. Secrets
 * never leave: the store connection is not a table of the export (only its
 * shop's name and address are, in the export's header).
 */
import { randomId } from "../../protocol/random-stream";
import { BACKUP_TABLES } from "../db/room/backup-rows";
import { deleteState, stateWrite } from "../db/room/room-state";
import { findStoreConnection } from "../db/room/store-repo";
import type { RoomHost } from "./room-host";

/** What an export holds, in this order (the list a restore reads it by). */
export const EXPORT_TABLES = BACKUP_TABLES;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export interface ExportPage {
  rows: Record<string, SqlStorageValue>[];
  /** Where the next page starts (the last row's rowid), or null when this was the last. */
  next: number | null;
}

/** A snapshot's id: letters and digits only, as it names tables. */
const SNAPSHOT_ID = /^[A-Za-z0-9]{12}$/;
/** Where a snapshot's taking is noted (room-state.ts), with its time. */
const SNAPSHOT_KEY = "export-snapshot:";
/** A snapshot no export ended (a download abandoned) is dropped once this old. */
const SNAPSHOT_KEPT_MS = 60 * 60_000;

const snapshotTable = (snapshot: string, table: ExportTable) => `export_${snapshot}_${table}`;

/** Copies every exported table in one transaction: the room at this moment. Answers the snapshot's id. */
function takeSnapshot(host: RoomHost): string {
  dropAbandonedSnapshots(host);
  const snapshot = randomId(12).replace(/[^A-Za-z0-9]/g, "0");
  const sql = host.roomDb.$client.sql;
  host.roomDb.$client.transactionSync(() => {
    for (const table of EXPORT_TABLES) {
      sql.exec(`CREATE TABLE "${snapshotTable(snapshot, table)}" AS SELECT * FROM ${table} ORDER BY rowid`);
    }
    stateWrite(host.roomDb, `${SNAPSHOT_KEY}${snapshot}`, String(host.now()), host.now()).run();
  });
  return snapshot;
}

/** Drops a snapshot's copies (its export ended). */
export function dropSnapshot(host: RoomHost, snapshot: string): void {
  if (!SNAPSHOT_ID.test(snapshot)) return;
  host.roomDb.$client.transactionSync(() => {
    for (const table of EXPORT_TABLES) {
      host.roomDb.$client.sql.exec(`DROP TABLE IF EXISTS "${snapshotTable(snapshot, table)}"`);
    }
    deleteState(host.roomDb, `${SNAPSHOT_KEY}${snapshot}`);
  });
}

/** Drops the copies of exports nobody ended that are over an hour old. */
export function dropAbandonedSnapshots(host: RoomHost): void {
  const old = host.roomDb.$client.sql
    .exec<{ key: string }>(
      "SELECT key FROM room_state WHERE key LIKE ? AND CAST(value AS INTEGER) < ?",
      `${SNAPSHOT_KEY}%`,
      host.now() - SNAPSHOT_KEPT_MS,
    )
    .toArray();
  for (const { key } of old) dropSnapshot(host, key.slice(SNAPSHOT_KEY.length));
}

export function exportRows(
  host: RoomHost,
  snapshot: string,
  table: ExportTable,
  afterRowId: number,
  limit: number,
): ExportPage {
  if (!EXPORT_TABLES.includes(table)) throw new Error(`${table} is not exported`);
  if (!SNAPSHOT_ID.test(snapshot)) throw new Error("not an export's snapshot");
  const rows = host.roomDb.$client.sql
    .exec<Record<string, SqlStorageValue>>(
      `SELECT rowid AS export_rowid, * FROM "${snapshotTable(snapshot, table)}" WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      afterRowId,
      limit,
    )
    .toArray();
  const next = rows.length === limit ? Number(rows.at(-1)?.export_rowid) : null;
  for (const row of rows) delete row.export_rowid;
  return { rows, next };
}

/** An export begun: its snapshot, and the store the room is connected to as the export names it (no credentials). */
export interface ExportStart {
  snapshot: string;
  store: { shopDomain: string; shopName: string } | null;
}

export async function beginExport(host: RoomHost): Promise<ExportStart> {
  // In the write queue's turn: no write is half made when the copy is taken.
  const snapshot = await host.writes.run(async () => takeSnapshot(host));
  const row = await findStoreConnection(host.roomDb, host.roomId);
  return { snapshot, store: row ? { shopDomain: row.shopDomain, shopName: row.shopName } : null };
}
