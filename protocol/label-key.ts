/**
 * What a scanned label names, whatever host printed it: a label encodes the
 * item's short share link (`…/s/<code>`) or, once the item is listed, its
 * store page (`https://<shop>/products/<handle>`). A variant's label names
 * the variant too (`…/s/<code>/<variant id>`): every code names exactly one
 * variant (docs/stock.md). Both sides reduce the scanned text to the same
 * key — the server to look the item up, a phone with no line to find it
 * among the labels it was sent.
 */
const SHORT_LINK = /\/s\/([A-Za-z0-9]{10})(?:\/([A-Za-z0-9]{17}))?(?:[/?#].*)?$/;
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

/** The variant a label names (`…/s/<code>/<variant id>`), or null for a product's label. */
export function labelVariant(text: string): string | null {
  return SHORT_LINK.exec(text)?.[2] ?? null;
}

/** A variant's own label link: its product's short link, naming the variant. */
export function variantLink(productLink: string, variantId: string): string {
  return SHORT_LINK.test(productLink) ? `${productLink.replace(/\/+$/, "")}/${variantId}` : productLink;
}

/**
 * What a code that names a product sold in variants, and not one of them,
 * says: it cannot be counted, received or sold as one of them.
 */
export function variantNeeded(title: string): string {
  return `“${title}” comes in variants: scan the variant's own label or barcode`;
}
