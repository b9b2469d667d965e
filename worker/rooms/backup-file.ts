/**
 * Reading a backup file (the room export's ZIP, export-route.ts) where it
 * lies in R2, without holding it in memory: the ZIP's directory is read
 * from its end, and each entry by ranged reads (unzipit over an R2
 * reader). `room.json` is parsed as it streams (@streamparser/json), so a
 * 100,000-item room's records pass through a row at a time.
 */
import { JSONParser } from "@streamparser/json";
import { type Reader, unzipRaw, type ZipEntry } from "unzipit";
import { LiveError } from "../../protocol/errors";

/** What the export's header says it is (export-route.ts). */
export const BACKUP_FORMAT = "stockroom-room-export";
/** The newest backup this release reads: 2 keeps each photo's copies beside its original. */
export const BACKUP_VERSION = 2;

export const NOT_A_BACKUP = "This file is not a Stockroom backup (a room's “Download a copy of this room” ZIP)";
export const NEWER_BACKUP = "This backup was made by a newer version of Stockroom; update this server first";

/** Storage that could not be read (worth trying again), as against a file that is not a backup. */
export class BackupUnreadable extends Error {}

/** The most one read may ask for: the ZIP's directory of a backup this release restores fits well within it. */
const MAX_READ = 64 * 1024 * 1024;

/** Reads a stored object a range at a time. */
class R2RangeReader implements Reader {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
    private readonly length: number,
  ) {}

  async getLength(): Promise<number> {
    return this.length;
  }

  async read(offset: number, size: number): Promise<Uint8Array<ArrayBuffer>> {
    if (size === 0) return new Uint8Array(0);
    if (size > MAX_READ) throw new LiveError(400, "This backup lists more files than a restore can read at once");
    const object = await this.get(offset, size);
    try {
      return new Uint8Array(await object.arrayBuffer());
    } catch (error) {
      throw new BackupUnreadable(`backup: ${this.key} could not be read: ${String(error)}`);
    }
  }

  async readStream(offset: number, size: number): Promise<ReadableStream<Uint8Array>> {
    if (size === 0) return new Blob([]).stream();
    return (await this.get(offset, size)).body;
  }

  private async get(offset: number, size: number): Promise<R2ObjectBody> {
    let object: R2ObjectBody | null;
    try {
      object = await this.bucket.get(this.key, { range: { offset, length: size } });
    } catch (error) {
      throw new BackupUnreadable(`backup: ${this.key} could not be read: ${String(error)}`);
    }
    if (!object) throw new LiveError(404, "The backup file is gone: upload it again");
    return object;
  }
}

export interface BackupFile {
  /** Entries by their name in the ZIP. */
  entries: Map<string, ZipEntry>;
  version: number;
  /** The room it was taken of, as its header names it. */
  room: { name: string; currency: string };
}

/**
 * Opens the backup stored at `key`. A file that is not a backup, or is one
 * from a newer release, is refused with a LiveError (400) saying so; a
 * storage that cannot be read throws as it is (worth trying again).
 */
export async function openBackup(bucket: R2Bucket, key: string): Promise<BackupFile> {
  const head = await bucket.head(key);
  if (!head) throw new LiveError(404, "The backup file is gone: upload it again");
  let listed: ZipEntry[];
  try {
    listed = (await unzipRaw(new R2RangeReader(bucket, key, head.size))).entries;
  } catch (error) {
    // Storage that failed, or a refusal of ours, as it is; anything unzipit could not read is not a backup.
    if (error instanceof BackupUnreadable || error instanceof LiveError) throw error;
    throw new LiveError(400, NOT_A_BACKUP);
  }
  const entries = new Map(listed.map((entry) => [entry.name, entry]));
  const json = entries.get("room.json");
  if (!json || json.isDirectory || json.encrypted) throw new LiveError(400, NOT_A_BACKUP);
  const header = await readHeader(json);
  return { entries, ...header };
}

/** The header's fields, from the first bytes of `room.json` (they come before the tables). */
async function readHeader(json: ZipEntry): Promise<{ version: number; room: BackupFile["room"] }> {
  let format: unknown;
  let version: unknown;
  let room: { name?: unknown; currency?: unknown } = {};
  const parser = new JSONParser({ paths: ["$.format", "$.version", "$.room"], keepStack: false });
  let done = false;
  parser.onValue = ({ value, key }) => {
    if (key === "format") format = value;
    else if (key === "version") version = value;
    else if (key === "room") {
      room = (value ?? {}) as typeof room;
      done = true;
    }
  };
  parser.onError = () => {
    done = true;
  };
  const reader = (await json.stream()).getReader();
  const decoder = new TextDecoder();
  try {
    // The header is the first few hundred bytes: reading stops at the room, or at the first 64 KiB.
    for (let read = 0; !done && read < 65_536; ) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      read += value.byteLength;
      parser.write(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (error instanceof BackupUnreadable || error instanceof LiveError) throw error;
    throw new LiveError(400, NOT_A_BACKUP);
  } finally {
    await reader.cancel().catch(() => {});
  }
  if (format !== BACKUP_FORMAT || typeof version !== "number") throw new LiveError(400, NOT_A_BACKUP);
  if (version > BACKUP_VERSION) throw new LiveError(400, NEWER_BACKUP);
  return {
    version,
    room: {
      name: typeof room.name === "string" ? room.name : "",
      currency: typeof room.currency === "string" ? room.currency : "",
    },
  };
}

export type BackupRow = Record<string, unknown>;

/**
 * Every row of `room.json`'s tables, in the file's order, handed to `take`
 * as it is parsed with the bytes read so far (for a progress bar). `take`
 * is awaited, so rows are written as fast as they are read and no faster.
 */
export async function readBackupRows(
  backup: BackupFile,
  take: (table: string, row: BackupRow, bytesRead: number) => Promise<void> | void,
): Promise<void> {
  const json = backup.entries.get("room.json") as ZipEntry;
  const parser = new JSONParser({ paths: ["$.tables.*.*"], keepStack: false });
  const parsed: { table: string; row: BackupRow }[] = [];
  let broken: unknown = null;
  parser.onValue = ({ value, stack }) => {
    const table = stack[2]?.key;
    if (typeof table === "string" && value !== null && typeof value === "object" && !Array.isArray(value)) {
      parsed.push({ table, row: value as BackupRow });
    }
  };
  parser.onError = (error) => {
    broken = error;
  };
  const reader = (await json.stream({ chunkSize: 256 * 1024 })).getReader();
  const decoder = new TextDecoder();
  let bytesRead = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytesRead += value.byteLength;
    if (!parser.isEnded) parser.write(decoder.decode(value, { stream: true }));
    if (broken) throw new LiveError(400, `This backup's records are damaged: ${String(broken)}`);
    for (const { table, row } of parsed.splice(0)) await take(table, row, bytesRead);
  }
  if (!parser.isEnded) throw new LiveError(400, "This backup's records end part-way: the file is cut short");
}
