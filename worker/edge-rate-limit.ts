/**
 * Edge rate limit for HTTP routes, by client address, with the Workers
 * rate-limit binding (configured in wrangler.toml). Over the limit → 429 with
 * Retry-After (the binding's period).
 */
import type { MiddlewareHandler } from "hono";

/** The period configured for HTTP_LIMITER in wrangler.toml, in seconds. */
const PERIOD_SECONDS = 10;

export function edgeRateLimit(scope: string): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    const address = c.req.header("CF-Connecting-IP") ?? "local";
    const { success } = await c.env.HTTP_LIMITER.limit({ key: `${scope}:${address}` });
    if (!success) {
      return c.json({ error: "Too many requests. Please slow down." }, 429, { "Retry-After": String(PERIOD_SECONDS) });
    }
    await next();
  };
}
