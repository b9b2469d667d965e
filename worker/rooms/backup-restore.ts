/**
 * Restoring a backup file into a new room (docs/operations.md §7): the
 * owner uploads the room export's ZIP into an empty room (the `roomBackups`
 * collection), and the room fills itself from it while it takes
 * connections but serves nothing else (its calls wait, as for the move from
 * the previous release: opening-gate.ts), saying how far it got.
 *
 * Two steps, each resumable:
 * - **records**: every table's rows from `room.json`, streamed and written
 *   500 to a transaction. Rows keep their ids, times and authors; they take
 *   the new room's id, and photos new file ids (a file id is the directory's
 *   key, and the old room may still hold the old ones). Cut off part-way, the
 *   step starts again from an empty room. Then the stock is checked against
 *   the ledger, variant by variant and place by place (docs/stock.md): a
 *   backup whose stock does not add up is refused whole and the room left
 *   empty, not half restored.
 * - **photos**: each file's original and its copies from the ZIP into the
 *   room's storage, ten files to a step, where it got to kept in the
 *   room's state. A file whose bytes the backup lacks loses its record and
 *   its place on its item, so nothing points at a photo that is not there.
 *
 * Not restored, by design: the store connection (its secrets never leave a
 * room) and so the store's listings and the items' links to store products;
 * labels' share codes (the directory's, and the old room's labels still
 * lead there — a restored item gets a new code when its label is printed);
 * members (the one restoring is the new room's owner).
 */

import { LiveError } from "../../protocol/errors";
import {
  deleteFileRecord,
  dropMissingPhotos,
  dropWorkingTable,
  emptyRestoredTables,
  insertRows,
  type LoadedRow,
  makeWorkingTable,
  RESTORED_FILES,
  type RestoredFile,
  restoredColumns,
  restoredFileCounts,
  restoredFilesAfter,
  roomHoldsRows,
  settleRestoredFile,
} from "../db/room/backup-rows";
import { owedToDirectory } from "../db/room/directory-outbox";
import { deleteState, readState, writeState } from "../db/room/room-state";
import { storagePathOf } from "../files/files-service";
import { openStockLedger } from "../inventory/open-ledger";
import { type BackupFile, type BackupRow, openBackup, readBackupRows } from "./backup-file";
import { requireStockAddsUp } from "./backup-ledger-check";
import { copyFile } from "./backup-photos";
import type { RestoreProgress } from "./opening-progress";
import type { RoomHost } from "./room-host";
import { changeRoomRecord } from "./room-record";

/** Where a restore under way is kept (room-state.ts): what it reads and how far it got. */
const RESTORING = "backup-restore";
/** Why the last restore stopped, for its owner to read, until another begins. */
const RESTORE_FAILED = "backup-restore-failed";
const ROWS_PER_TRANSACTION = 500;
const FILES_PER_STEP = 10;

interface Restoring {
  /** The uploaded backup's file record, and its bytes' key in R2. */
  fileId: string;
  key: string;
  step: "records" | "photos";
  /** Records: the backup's rows written so far, in the file's order (a restart skips them). */
  rows: number;
  /** Photos: the last restored file's row in RESTORED_FILES. */
  after: number;
  /** How far it had got (`rows` + `after`) when it last started, and how many starts in a row got no further. */
  mark: number;
  stuck: number;
}

/** A restore started this many times in a row without getting further (a fault of ours, not of the backup) stops. */
const MAX_STUCK = 3;
/** While it runs, the room's alarm is kept this far ahead: an object reset part-way wakes and goes on by itself. */
const KICK_MS = 60_000;

export const restoreUnderWay = (host: Pick<RoomHost, "roomDb">) => readState(host.roomDb, RESTORING) !== null;

/** Why the last restore stopped, or null. */
export const restoreFailure = (host: Pick<RoomHost, "roomDb">) => readState(host.roomDb, RESTORE_FAILED);

/** Refuses a restore into a room that holds anything of its own. */
function requireEmptyRoom(host: RoomHost): void {
  if (roomHoldsRows(host.roomDb)) {
    throw new LiveError(409, "A backup is restored into a new, empty room: this one has items already");
  }
}

/**
 * Checks the backup can be read (a ZIP holding a Stockroom export this
 * release reads) and notes the restore as under way; the room then fills
 * itself (`restoreBackup`).
 */
export async function beginRestore(host: RoomHost, fileId: string, key: string): Promise<void> {
  if (restoreUnderWay(host)) throw new LiveError(409, "This room is being restored already");
  requireEmptyRoom(host);
  await openBackup(host.bucket, key);
  const restoring: Restoring = { fileId, key, step: "records", rows: 0, after: 0, mark: -1, stuck: 0 };
  host.roomDb.$client.transactionSync(() => {
    writeState(host.roomDb, RESTORING, JSON.stringify(restoring), host.now());
    deleteState(host.roomDb, RESTORE_FAILED);
  });
}

/**
 * Fills the room from the backup noted by `beginRestore`, telling `progress`
 * how far it got; goes on from where a restart cut it off. A backup that
 * cannot be restored leaves the room empty and says why (`restoreFailure`).
 * Throws only what is worth trying again (storage that could not be read).
 */
export async function restoreBackup(host: RoomHost, progress: (step: RestoreProgress) => void): Promise<void> {
  const saved = readState(host.roomDb, RESTORING);
  if (!saved) return;
  const restoring = JSON.parse(saved) as Restoring;
  const mark = restoring.rows + restoring.after;
  restoring.stuck = mark === restoring.mark ? restoring.stuck + 1 : 0;
  restoring.mark = mark;
  writeState(host.roomDb, RESTORING, JSON.stringify(restoring), host.now());
  try {
    if (restoring.stuck >= MAX_STUCK) {
      throw new LiveError(500, "The backup could not be restored: the server failed on it several times");
    }
    await host.wakeAt(host.now() + KICK_MS);
    const backup = await openBackup(host.bucket, restoring.key);
    if (restoring.step === "records") {
      // In the write queue's turn: a write accepted just before the restore began cannot land part-way through it.
      await host.writes.run(() => restoreRecords(host, backup, restoring, progress));
      restoring.step = "photos";
      restoring.after = 0;
      writeState(host.roomDb, RESTORING, JSON.stringify(restoring), host.now());
    }
    await restorePhotos(host, backup, restoring, progress);
    // Prices are in the backed-up room's currency: new items take it too.
    if (/^[A-Z]{3}$/.test(backup.room.currency)) await changeRoomRecord(host, { currency: backup.room.currency });
    await finish(host, restoring);
  } catch (error) {
    if (!(error instanceof LiveError)) throw error;
    console.warn(`room ${host.roomId}: backup not restored: ${error.reason}`);
    // What the restore wrote goes (nothing else: a write that slipped in before it began stopped it and stays);
    // the room is left as a new room is, with its first location.
    if (restoring.rows > 0 || restoring.step === "photos") emptyRestoredTables(host.roomDb);
    else dropWorkingTable(host.roomDb);
    openStockLedger(host.roomDb.$client, host.roomId, host.now());
    host.roomDb.$client.transactionSync(() => {
      dropBackupFile(host, restoring);
      writeState(host.roomDb, RESTORE_FAILED, error.reason ?? "The backup could not be restored", host.now());
    });
    await host.bucket.delete(restoring.key);
    await host.syncDirectory();
  }
}

/** The backup file's record goes with the restore (in a transaction; its bytes are deleted after). */
function dropBackupFile(host: RoomHost, restoring: Restoring): void {
  deleteFileRecord(host.roomDb, restoring.fileId);
  owedToDirectory(host.roomDb, { kind: "file-room", fileId: restoring.fileId, roomId: null }, host.now()).run();
  deleteState(host.roomDb, RESTORING);
}

/**
 * The records step: every row of the backup, 500 to a transaction that also
 * notes how many are in, so a restart (this step can outlast a request's
 * CPU time on a large room) reads the file again and skips those.
 */
async function restoreRecords(
  host: RoomHost,
  backup: BackupFile,
  restoring: Restoring,
  progress: (step: RestoreProgress) => void,
): Promise<void> {
  if (restoring.rows === 0) {
    emptyRestoredTables(host.roomDb);
    makeWorkingTable(host.roomDb);
  }
  const total = (backup.entries.get("room.json")?.size ?? 0) || 1;
  progress({ copied: 0, total, what: "restore", step: "records" });
  const columns = restoredColumns(host.roomDb);
  const fileIds = new Map<string, string>();
  /** A photo's new id, the same whichever of item and file names it first, and after a restart. */
  const fileIdOf = async (old: string) => {
    let id = fileIds.get(old);
    if (!id) {
      id = await restoredFileId(host.roomId, old);
      fileIds.set(old, id);
    }
    return id;
  };

  let seen = 0;
  let pending: { table: string; row: LoadedRow }[] = [];
  let pendingRows = 0;
  await readBackupRows(backup, async (table, row, bytesRead) => {
    if (!columns.has(table) || table === RESTORED_FILES) return;
    // Written before a restart: in already.
    if (seen++ < restoring.rows) return;
    const restored: BackupRow = { ...row };
    if ("room_id" in restored) restored.room_id = host.roomId;
    if (table === "items") {
      restored.photos = JSON.stringify(await Promise.all(photoIdsOf(row.photos).map(fileIdOf)));
      restored.share_code = "";
      restored.store_product_id = "";
    } else if (table === "files") {
      if (typeof row.id !== "string" || typeof row.collection !== "string") {
        throw new LiveError(400, "This backup's records are damaged: a file has no id");
      }
      const id = await fileIdOf(row.id);
      restored.id = id;
      restored.storage_path = storagePathOf(host.roomId, row.collection, id);
      // Its copies are listed once their bytes are in (the photos step).
      restored.versions = "{}";
      pending.push({
        table: RESTORED_FILES,
        row: { file_id: id, old_id: row.id, versions: typeof row.versions === "string" ? row.versions : "{}" },
      });
    }
    pending.push({ table, row: storableRow(restored, table) });
    pendingRows++;
    if (pendingRows >= ROWS_PER_TRANSACTION) {
      writeRows();
      progress({ copied: bytesRead, total, what: "restore", step: "records" });
      // The room takes connections meanwhile: their handshakes go between transactions.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  });
  writeRows();
  progress({ copied: total, total, what: "restore", step: "records" });
  requireStockAddsUp(host.roomDb);

  function writeRows() {
    const rows = pending;
    const count = pendingRows;
    pending = [];
    pendingRows = 0;
    try {
      host.roomDb.$client.transactionSync(() => {
        insertRows(host.roomDb, columns, rows);
        restoring.rows += count;
        writeState(host.roomDb, RESTORING, JSON.stringify(restoring), host.now());
      });
    } catch (error) {
      restoring.rows -= count;
      if (error instanceof LiveError) throw error;
      // What SQLite said stays in the log; the owner is told in words which table did not fit.
      console.warn(`room ${host.roomId}: a backup row was refused`, error);
      const tables = [...new Set(rows.map((row) => row.table))].filter((table) => table !== RESTORED_FILES);
      throw new LiveError(
        400,
        `This backup's records cannot be restored: a row of ${tables.join(" or ")} does not fit this version of Stockroom`,
      );
    }
  }
}

/**
 * A restored file's id: made from the new room's id and the file's id in the
 * backup (SHA-256), so it is new to the directory, and the same each time it
 * is made — an item and its photo's record agree across a restart.
 */
async function restoredFileId(roomId: string, oldId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${roomId}:${oldId}`));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 17);
}

function photoIdsOf(value: unknown): string[] {
  try {
    const ids = typeof value === "string" ? (JSON.parse(value) as unknown) : [];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** A row's JSON values as SQLite stores them; a nested object or array (a hand-edited backup) is refused. */
function storableRow(row: BackupRow, table: string): LoadedRow {
  const stored: LoadedRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (value === null || typeof value === "string" || typeof value === "number") stored[column] = value;
    else if (typeof value === "boolean") stored[column] = value ? 1 : 0;
    else throw new LiveError(400, `This backup's records are damaged: ${table}.${column} is not a value`);
  }
  return stored;
}

async function restorePhotos(
  host: RoomHost,
  backup: BackupFile,
  restoring: Restoring,
  progress: (step: RestoreProgress) => void,
): Promise<void> {
  const counts = restoredFileCounts(host.roomDb, restoring.after);
  const total = counts.total;
  let copied = counts.done;
  progress({ copied, total, what: "restore", step: "photos" });
  for (;;) {
    const files = restoredFilesAfter(host.roomDb, restoring.after, FILES_PER_STEP);
    if (files.length === 0) break;
    // One file at a time: a room's memory holds one photo's copy, not ten.
    const outcomes: (Record<string, unknown> | null)[] = [];
    for (const file of files) outcomes.push(await copyFile(host, backup, file));
    restoring.after = (files.at(-1) as RestoredFile).rowid;
    host.roomDb.$client.transactionSync(() => {
      files.forEach((file, index) => {
        const versions = outcomes[index] ?? null;
        // Its bytes not in the backup (they were gone when it was taken): its record goes, so none points at nothing.
        settleRestoredFile(host.roomDb, file.file_id, versions);
        if (versions === null) return;
        owedToDirectory(
          host.roomDb,
          { kind: "file-room", fileId: file.file_id, roomId: host.roomId },
          host.now(),
        ).run();
      });
      writeState(host.roomDb, RESTORING, JSON.stringify(restoring), host.now());
    });
    copied += files.length;
    progress({ copied, total, what: "restore", step: "photos" });
  }
}

/** The restore done: photos with no record leave their items, the backup file goes, the dashboard is counted. */
async function finish(host: RoomHost, restoring: Restoring): Promise<void> {
  host.roomDb.$client.transactionSync(() => {
    // Items name their photos by id: those whose bytes the backup lacked (or that had no record) are dropped.
    dropMissingPhotos(host.roomDb);
    dropWorkingTable(host.roomDb);
    dropBackupFile(host, restoring);
  });
  await host.bucket.delete(restoring.key);
  await host.dashboard.recount();
  await host.syncDirectory();
}
