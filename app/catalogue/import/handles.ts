/**
 * Product handles: the key a CSV file groups its rows by and a re-import
 * finds a product again by (docs/architecture.md §9). Shopify's files carry
 * their own; a row without one gets one made from its title, the way
 * Shopify makes them, and the export makes them the same way because the
 * room does not publish an item's handle to the app.
 */

/** "Brass Lamp, 1970s" → "brass-lamp-1970s": lower case, letters and digits, words joined by "-". */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    // Short enough to read in a spreadsheet's cell, far below the 255 a handle may have.
    .slice(0, 100)
    .replace(/-+$/, "");
  return slug || "item";
}

/** Handles given out within one file, so two products never share one ("mug", "mug-2", "mug-3"…), any case. */
export class HandleSet {
  private readonly used = new Set<string>();

  /** Marks a handle the file itself names as taken, so a made one never lands on it. */
  reserve(handle: string): void {
    this.used.add(handle.toLowerCase());
  }

  /** `base`, or `base-2`, `base-3`… whichever is free first; taken from now on. */
  take(base: string): string {
    let handle = base;
    for (let n = 2; this.used.has(handle.toLowerCase()); n++) handle = `${base}-${n}`;
    this.used.add(handle.toLowerCase());
    return handle;
  }
}
