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

import type { ZipEntry } from "unzipit";
import { LiveError } from "../../protocol/errors";
import { MAX_PUBLIC_COPY_SIZE, PUBLIC_COPY_TYPES } from "../../protocol/files";
import {
  deleteFileRecord,
  dropMissingPhotos,
  dropWorkingTable,
  emptyRestoredTables,
  insertRows,
  itemsWithLedger,
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
import { collectionConfig } from "../db/room/files-repo";
import { deleteState, readState, writeState } from "../db/room/room-state";
import { storagePathOf } from "../files/files-service";
import { stripPhotoTags } from "../files/strip-tags";
import { openStockLedger } from "../inventory/open-ledger";
import { originalEntry, versionEntry } from "./backup-entries";
import { type BackupFile, type BackupRow, BackupUnreadable, openBackup, readBackupRows } from "./backup-file";
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
    emptyRestoredTables(host.roomDb);
    // Left empty as a new room is: its first location again.
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
  requireStockAddsUp(host);

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

/** A stored JSON list of variants, or null when it is not one (a damaged backup). */
function parsedList(text: unknown): { _id?: unknown; stock?: unknown; quantity?: unknown }[] | null {
  try {
    const value = typeof text === "string" ? (JSON.parse(text) as unknown) : text;
    return Array.isArray(value) ? (value as { _id?: unknown; stock?: unknown; quantity?: unknown }[]) : null;
  } catch {
    return null;
  }
}

/** A stock map (location → whole units), or null when it is not one. */
function parsedStock(text: unknown): Record<string, number> | null {
  try {
    const value = typeof text === "string" ? (JSON.parse(text) as unknown) : text;
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const units = Object.values(value as Record<string, unknown>);
    return units.every((n) => Number.isInteger(n)) ? (value as Record<string, number>) : null;
  } catch {
    return null;
  }
}

/**
 * The ledger invariant (docs/stock.md): every variant's stock at every
 * place is the sum of its movements there. Read a page of items at a time
 * beside the ledger's sums for those items.
 */
function requireStockAddsUp(host: RoomHost): void {
  const wrong: string[] = [];
  let after = "";
  for (;;) {
    const page = itemsWithLedger(host.roomDb, after, 500);
    const items = page.items;
    if (items.length === 0) break;
    after = (items.at(-1) as { id: string }).id;
    const sums = new Map<string, number>();
    for (const row of page.sums) {
      const key = `${row.item_id}/${row.variant_id || row.item_id}/${row.location_id}`;
      sums.set(key, (sums.get(key) ?? 0) + row.units);
    }
    for (const item of items) {
      const variants = parsedList(item.variants);
      const ownStock = parsedStock(item.stock);
      if (!variants || !ownStock) {
        wrong.push(item.title);
        continue;
      }
      const held = variants.length > 0 ? variants : [{ _id: item.id, stock: ownStock, quantity: item.quantity }];
      let total = 0;
      let adds = true;
      const places = new Set<string>();
      for (const variant of held) {
        const stock = parsedStock(variant.stock ?? {});
        if (!stock || typeof variant._id !== "string") {
          adds = false;
          continue;
        }
        let variantTotal = 0;
        for (const [location, units] of Object.entries(stock)) {
          total += units;
          variantTotal += units;
          places.add(`${item.id}/${variant._id}/${location}`);
          if ((sums.get(`${item.id}/${variant._id}/${location}`) ?? 0) !== units) adds = false;
        }
        // A variant's own figure is its places' together.
        if (typeof variant.quantity === "number" && variant.quantity !== variantTotal) adds = false;
      }
      for (const [key, units] of sums) {
        if (key.startsWith(`${item.id}/`) && units !== 0 && !places.has(key)) adds = false;
      }
      if (!adds || total !== item.quantity) wrong.push(item.title);
    }
  }
  if (wrong.length > 0) {
    const named = wrong
      .slice(0, 3)
      .map((title) => `“${title}”`)
      .join(", ");
    throw new LiveError(
      400,
      `This backup's stock does not add up to its ledger for ${wrong.length} item${wrong.length === 1 ? "" : "s"} (${named}), so nothing was restored`,
    );
  }
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

/**
 * One file's original and copies into the room's storage; answers its
 * copies as its record lists them, or null when the backup has no original.
 * A copy the backup lacks (one made before backups kept copies) is made
 * from the original with its photo tags stripped, as an imported photo's
 * are; where that cannot be done the copy is left out, and the original
 * serves in its place.
 */
async function copyFile(
  host: RoomHost,
  backup: BackupFile,
  file: RestoredFile,
): Promise<Record<string, unknown> | null> {
  const original = backup.entries.get(originalEntry(file.collection, file.old_id, file.name));
  const config = collectionConfig(file.collection);
  // No bytes, a collection this release does not have, or more bytes than it takes: no record either.
  if (!original || !config || original.size > config.maxSize) return null;
  const storagePath = storagePathOf(host.roomId, file.collection, file.file_id);
  const stored = await copyEntry(host, original, `${storagePath}/original`, file.type);
  if (!stored) return null;
  const listed = parseObject(file.versions);
  const versions: Record<string, unknown> = {};
  if ("original" in listed) {
    versions.original = { size: stored.size, type: file.type, extension: file.extension, etag: stored.etag };
  }
  /** The original with its photo tags stripped, made once for every copy a version 1 backup lacks. */
  let stripped: Uint8Array | null | undefined;
  // Only the copies this collection makes: a backup cannot ask for others.
  for (const version of config.versions) {
    const kept = listed[version] as { type?: unknown; extension?: unknown } | undefined;
    if (!kept || typeof kept.type !== "string" || typeof kept.extension !== "string") continue;
    const { type, extension } = kept as { type: string; extension: string };
    const key = `${storagePath}/${version}`;
    const entry = backup.entries.get(versionEntry(file.collection, file.old_id, version, extension));
    if (entry) {
      if (entry.size > MAX_PUBLIC_COPY_SIZE) continue;
      const copy = await copyEntry(host, entry, key, type);
      if (copy) versions[version] = { size: copy.size, type, extension, etag: copy.etag };
      continue;
    }
    // A backup from before copies were kept: the original, its photo tags stripped, serves as the copy.
    if (stripped === undefined) {
      stripped = null;
      if (PUBLIC_COPY_TYPES.includes(file.type) && original.size <= MAX_PUBLIC_COPY_SIZE) {
        const result = stripPhotoTags(new Uint8Array(await original.arrayBuffer()), file.type);
        if (result.ok) stripped = result.bytes;
      }
    }
    if (!stripped) continue;
    const put = await host.bucket.put(key, stripped, { httpMetadata: { contentType: file.type } });
    versions[version] = { size: stripped.byteLength, type: file.type, extension: file.extension, etag: put.httpEtag };
  }
  return versions;
}

/**
 * A ZIP entry into R2 as it streams (its size is in the ZIP's directory):
 * never held whole in memory. An entry that cannot be read (damaged, or not
 * the size the directory says) answers null, as bytes the backup lacks; a
 * storage write that fails throws, to be tried again.
 */
async function copyEntry(
  host: RoomHost,
  entry: ZipEntry,
  key: string,
  contentType: string,
): Promise<{ size: number; etag: string } | null> {
  const { readable, writable } = new FixedLengthStream(entry.size);
  let source: ReadableStream<Uint8Array>;
  try {
    source = await entry.stream();
  } catch (error) {
    if (error instanceof BackupUnreadable) throw error;
    return null;
  }
  const piped = source.pipeTo(writable).then(
    () => null,
    (error: unknown) => error,
  );
  let put: R2Object;
  try {
    put = await host.bucket.put(key, readable, { httpMetadata: { contentType } });
  } catch (error) {
    const failed = await piped;
    if (failed && !(failed instanceof BackupUnreadable)) return null;
    throw error;
  }
  const failed = await piped;
  if (failed) {
    if (failed instanceof BackupUnreadable) throw failed;
    await host.bucket.delete(key);
    return null;
  }
  return { size: entry.size, etag: put.httpEtag };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
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
