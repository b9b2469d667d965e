/**
 * The HTTP conditional and partial request rules a download follows
 * (Range, If-None-Match, If-Range), kept free of any binding so they can be
 * read and tested on their own.
 */

export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/** One `bytes=` range against a known size; null means "send it all" (absent, malformed, or several). */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

/** `W/"x"` or `"x"`, anywhere in a list (a tag's quotes keep any comma inside it). */
const ENTITY_TAG = /(?:W\/)?("[^"]*")/g;

/**
 * If-None-Match compares weakly (RFC 9110 §13.1.2): `W/"x"` matches our
 * `"x"`, so a cache that weakened the tag (a compressing proxy does) still
 * gets its 304.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const ours = etag.replace(/^W\//, "");
  return [...header.matchAll(ENTITY_TAG)].some(([, opaque]) => opaque === ours);
}

/**
 * If-Range (RFC 9110 §13.1.5): the range is sent only if the validator is
 * our tag compared strongly. A weak tag never matches, and a date cannot
 * match (we send no Last-Modified), so either means "send the whole file".
 */
export function rangeStillValid(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return !etag.startsWith("W/") && header.trim() === etag;
}
