/**
 * What a scanned label names, whatever host printed it: a label encodes the
 * item's short share link (`…/s/<code>`) or, once the item is listed, its
 * store page (`https://<shop>/products/<handle>`). Both sides reduce the
 * scanned text to the same key — the server to look the item up, a phone
 * with no line to find it among the labels it was sent.
 */
const SHORT_LINK = /\/s\/([A-Za-z0-9]{10})(?:[/?#].*)?$/;
const STORE_PAGE = /^https?:\/\/[^/]+\/products\/([^/?#]+)(?:[?#].*)?$/;

export type LabelKey = `s:${string}` | `p:${string}`;

export const shortLinkKey = (code: string): LabelKey => `s:${code}`;
export const storePageKey = (handle: string): LabelKey => `p:${handle.toLowerCase()}`;

/** The key of a scanned label's text, or null when it is not one of our labels' links. */
export function labelKey(text: string): LabelKey | null {
  const short = SHORT_LINK.exec(text);
  if (short?.[1]) return shortLinkKey(short[1]);
  const store = STORE_PAGE.exec(text);
  if (store?.[1]) {
    try {
      return storePageKey(decodeURIComponent(store[1]));
    } catch {
      return null; // a malformed escape: not a link we printed
    }
  }
  return null;
}
