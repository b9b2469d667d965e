import type { CopyState } from "./use-catalogue-copy";

/** Where a big room's copy for use offline stands (use-catalogue-copy.ts). */
export function CopyStatus({ copy, offline }: { copy: CopyState; offline: boolean }) {
  if (copy.copying !== null) {
    return (
      <p className="muted copy-status" role="status">
        Keeping a copy for use offline… {copy.copying.toLocaleString()} items so far <progress aria-label="Copying" />
      </p>
    );
  }
  if (copy.held === null) return null;
  return (
    <p className="muted copy-status" role="status" data-testid="copy-status">
      {offline
        ? `No line: the list is the copy kept on this device (${copy.held.toLocaleString()} items).`
        : `Kept on this device for use offline: ${copy.held.toLocaleString()} items.`}
    </p>
  );
}
