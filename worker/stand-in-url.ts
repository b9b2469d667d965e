/**
 * Where a call to Shopify goes — its Admin API on `https://{shop}/…`, or
 * its image CDN (`https://cdn.shopify.com/…`, a store export's photos).
 * Always there, except in local development (STOCKROOM_DEV_OUTBOX=1, never
 * set in wrangler.toml) with SHOPIFY_API_ORIGIN set: then to a stand-in at
 * `{origin}/{host}/…` — how browser tests, benchmarks and demos run against
 * a fake Shopify without reaching the internet.
 */
import { env } from "cloudflare:workers";

export function shopifyUrl(url: string): string {
  const settings = env as Env;
  const origin = settings.STOCKROOM_DEV_OUTBOX === "1" ? settings.SHOPIFY_API_ORIGIN : undefined;
  if (!origin) return url;
  const { host, pathname, search } = new URL(url);
  if (!host.endsWith(".myshopify.com") && host !== "cdn.shopify.com") return url;
  return `${origin.replace(/\/+$/, "")}/${host}${pathname}${search}`;
}
