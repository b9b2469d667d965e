/**
 * Store domains. Shopify's Admin API lives at the shop's permanent
 * `*.myshopify.com` host, so that is the only kind accepted: requests go
 * only to Shopify, never to an address a user typed. A pasted store URL
 * (`https://your-shop.myshopify.com/admin`) is reduced to its host, and the
 * admin address Shopify itself shows (`https://admin.shopify.com/store/your-shop`)
 * to the shop's `your-shop.myshopify.com`.
 */
import { badDomain } from "./store-errors";

/** Shopify shop handles: letters, digits and hyphens, starting with a letter or digit. */
const MYSHOPIFY_HOST = /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/;

/** The domain as `name.myshopify.com` (lower case), or a 400 saying what is expected. */
export function normaliseShopDomain(input: string): string {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw badDomain();
  }
  const plain = (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !url.port;
  if (!plain) throw badDomain();
  const adminStore =
    url.hostname === "admin.shopify.com" ? /^\/store\/([a-z0-9][a-z0-9-]{0,62})(?:\/|$)/i.exec(url.pathname) : null;
  const host = adminStore?.[1] ? `${adminStore[1].toLowerCase()}.myshopify.com` : url.hostname;
  if (!MYSHOPIFY_HOST.test(host)) throw badDomain();
  return host;
}
