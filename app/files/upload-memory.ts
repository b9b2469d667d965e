/**
 * Which uploads this browser has under way, by file fingerprint (room,
 * collection, name, size, last-modified time), so choosing the same file
 * again after a reload continues the server's upload instead of starting over.
 */
const KEY = "stockroom.uploads";
/** Server-side uploads are dropped after 6 idle hours; so are these. */
const MAX_AGE_MS = 6 * 3600_000;

interface Remembered {
  uploadId: string;
  at: number;
  roomId: string;
  /** Which of the room's collections (item photos, logos); older entries have none. */
  collection?: string;
  /** For the "unfinished uploads" hint; versions (thumbnails) are not listed. */
  name: string | null;
}

export function uploadFingerprint(
  options: { roomId: string; collection: string; fileId?: string; version?: string },
  file: File,
): string {
  return [
    options.roomId,
    options.collection,
    options.fileId ?? "",
    options.version ?? "original",
    file.name,
    file.size,
    file.lastModified,
  ].join("|");
}

function read(storage: Storage): Record<string, Remembered> {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? "{}") as Record<string, Remembered>;
    const now = Date.now();
    return Object.fromEntries(Object.entries(value).filter(([, entry]) => now - entry.at < MAX_AGE_MS));
  } catch {
    return {};
  }
}

export function rememberUpload(
  storage: Storage,
  fingerprint: string,
  uploadId: string,
  about: { roomId: string; collection: string; name: string | null },
): void {
  const entry: Remembered = { uploadId, at: Date.now(), ...about };
  storage.setItem(KEY, JSON.stringify({ ...read(storage), [fingerprint]: entry }));
}

export function recallUpload(storage: Storage, fingerprint: string): string | null {
  return read(storage)[fingerprint]?.uploadId ?? null;
}

export function forgetUpload(storage: Storage, fingerprint: string): void {
  const all = read(storage);
  delete all[fingerprint];
  storage.setItem(KEY, JSON.stringify(all));
}

/** Names of files of `collection` whose uploads were interrupted (e.g. by a reload) in this room. */
export function interruptedUploads(storage: Storage, roomId: string, collection: string): string[] {
  return Object.values(read(storage)).flatMap((entry) =>
    entry.roomId === roomId && entry.name && (entry.collection ?? collection) === collection ? [entry.name] : [],
  );
}

/** "Forget them": the room's interrupted uploads of `collection` are no longer offered to continue. */
export function forgetInterruptedUploads(storage: Storage, roomId: string, collection: string): void {
  const kept = Object.entries(read(storage)).filter(
    ([, entry]) => !(entry.roomId === roomId && (entry.collection ?? collection) === collection),
  );
  storage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
}
