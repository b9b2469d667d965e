/**
 * A backup file chosen on the rooms page, waiting for the new room made for
 * it to open: the page makes the room, leaves the file here, and goes to the
 * room's settings, where the restore picks it up (RestoreFromBackup.tsx). In
 * memory only: a file cannot outlive the page, and a reload asks for it again.
 */
const waiting = new Map<string, File>();

export function stashBackup(roomId: string, file: File): void {
  waiting.set(roomId, file);
}

/** The file waiting for `roomId`, taken (so it is restored once). */
export function takeStashedBackup(roomId: string): File | null {
  const file = waiting.get(roomId) ?? null;
  waiting.delete(roomId);
  return file;
}

/** The room name a backup's file name suggests: `stockroom-Corner-shop-2026-11-28.zip` → “Corner shop (restored)”. */
export function roomNameFromBackup(fileName: string): string {
  const named = /^stockroom-(.+?)(?:-\d{4}-\d\d-\d\d)?(?: \(\d+\))?\.zip$/i.exec(fileName)?.[1];
  const name = (named ?? fileName.replace(/\.zip$/i, "")).replace(/-/g, " ").trim();
  return `${name || "Room"} (restored)`.slice(0, 80);
}
