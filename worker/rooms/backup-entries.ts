/**
 * Where a backup (the room export's ZIP) keeps each file: the export writes
 * them there and a restore finds them there (export-route.ts,
 * backup-restore.ts). Originals under their names; from version 2 on, each
 * copy (a photo's thumbnail and web copy) under `versions/`.
 */

/** The name the export gives a file's original in the ZIP (export-route.ts). */
export function originalEntry(collection: string, id: string, name: string): string {
  return `files/${collection}/${id}-${zipSafeName(name)}`;
}

/** The name the export gives one of a file's copies (version 2 backups on). */
export function versionEntry(collection: string, id: string, version: string, extension: string): string {
  return `files/${collection}/versions/${id}/${version}${extension ? `.${extension}` : ""}`;
}

/** A name safe in a ZIP entry and a download's file name. */
export function zipSafeName(name: string): string {
  return name
    .replace(/[^\w.-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}
