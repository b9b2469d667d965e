/** Saves a file the user asked for, through a temporary link (no server round trip). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Not at once: some browsers read the URL after click() returns (FileSaver.js waits 40 s too).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

/** A file name from free text: letters, digits and dashes only. */
export function fileNameFor(text: string, fallback = "qr-code"): string {
  const name = text
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .toLowerCase();
  return name || fallback;
}
