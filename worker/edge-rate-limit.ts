/**
 * Edge rate limits for HTTP routes, by client address, with the Workers
 * rate-limit bindings configured in wrangler.toml (one per kind of route,
 * each with its own budget). Over the limit → 429 with Retry-After (the
 * binding's period), before the route does any work.
 */
import type { MiddlewareHandler } from "hono";

/** Each kind of route: its binding and the period configured for it in wrangler.toml, in seconds. */
const SCOPES = {
  auth: { binding: "HTTP_LIMITER", periodSeconds: 10 },
  files: { binding: "FILES_LIMITER", periodSeconds: 60 },
  share: { binding: "SHARE_LIMITER", periodSeconds: 60 },
  sockets: { binding: "SOCKET_LIMITER", periodSeconds: 60 },
} as const satisfies Record<string, { binding: keyof Env; periodSeconds: number }>;

export type RateLimitScope = keyof typeof SCOPES;

export function edgeRateLimit(scope: RateLimitScope): MiddlewareHandler<{ Bindings: Env }> {
  const { binding, periodSeconds } = SCOPES[scope];
  return async (c, next) => {
    const address = c.req.header("CF-Connecting-IP") ?? "local";
    const { success } = await c.env[binding].limit({ key: `${scope}:${address}` });
    if (!success) {
      return c.json({ error: "Too many requests. Please slow down." }, 429, { "Retry-After": String(periodSeconds) });
    }
    await next();
  };
}
