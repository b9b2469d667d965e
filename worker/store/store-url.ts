/**
 * Where a call to the store goes. Always `https://{shop}/…`, except in local
 * development (STOCKROOM_DEV_OUTBOX=1, never set in wrangler.toml) with
 * SHOPIFY_API_ORIGIN set: then to a stand-in store at `{origin}/{shop}/…` —
 * how browser tests, benchmarks and demos run against a fake Shopify
 * without reaching the internet.
 */
import { env } from "cloudflare:workers";

export function storeUrl(url: string): string {
  const settings = env as Env;
  const origin = settings.STOCKROOM_DEV_OUTBOX === "1" ? settings.SHOPIFY_API_ORIGIN : undefined;
  if (!origin) return url;
  const { host, pathname, search } = new URL(url);
  return `${origin.replace(/\/+$/, "")}/${host}${pathname}${search}`;
}
