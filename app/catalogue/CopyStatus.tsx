import type { CopyProgress } from "./use-copy-refresh";

/** Where a big room's copy for use offline stands (use-copy-refresh.ts): in the catalogue, and in the stocktake. */
export function CopyStatus({
  copy,
  offline,
  counting = false,
}: {
  copy: CopyProgress;
  offline: boolean;
  /** The stocktake's words: it counts against the copy. */
  counting?: boolean;
}) {
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
        ? counting
          ? `No line: counting against the copy kept on this device (${copy.held.toLocaleString()} items).`
          : `No line: the list is the copy kept on this device (${copy.held.toLocaleString()} items).`
        : `Kept on this device for use offline: ${copy.held.toLocaleString()} items.`}
    </p>
  );
}
