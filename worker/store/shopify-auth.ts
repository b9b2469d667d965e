/**
 * Access tokens for the Admin API (docs/product.md §5). A merchant's own app gets one
 * from the client-credentials grant: `POST https://{shop}/admin/oauth/access_token`
 * with `grant_type=client_credentials&client_id=…&client_secret=…` answers
 * `{access_token, scope, expires_in}`, a token good for about 24 hours that
 * is renewed simply by asking again. An older custom app has a static Admin
 * API access token instead, which cannot be renewed.
 */

import { shopifyUrl } from "../stand-in-url";
import { badAnswer, noStore, refused, unreachable } from "./store-errors";

/** A token is renewed when it has less than this left, so no call races its expiry. */
export const RENEW_BEFORE_MS = 5 * 60_000;
/** If the store leaves `expires_in` out, assume the documented 24 hours. */
const DEFAULT_LIFETIME_SECONDS = 24 * 60 * 60;
const TOKEN_TIMEOUT_MS = 15_000;

export interface IssuedToken {
  accessToken: string;
  /** When it stops working (ms since the epoch). */
  expiresAt: number;
}

/** Where API calls get their token from. */
export interface TokenSource {
  /** The token to use; `fresh` asks for a new one (after the store refused the last). */
  token(fresh: boolean): Promise<string>;
  /** False for a static token: when the store refuses it, asking again cannot help. */
  readonly renewable: boolean;
}

export function stillGood(expiresAt: number | null, now: number): expiresAt is number {
  return expiresAt !== null && expiresAt - now > RENEW_BEFORE_MS;
}

/** Asks the store for a client-credentials token; 401 when it refuses the app's ID or secret. */
export async function requestClientCredentialsToken(
  shop: string,
  clientId: string,
  clientSecret: string,
  now: () => number,
): Promise<IssuedToken> {
  let response: Response;
  try {
    response = await fetch(shopifyUrl(`https://${shop}/admin/oauth/access_token`), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    console.error(`store: token request to ${shop} failed`, error);
    throw unreachable(error);
  }
  if (response.status === 404) {
    console.error(`store: no shop answers at ${shop}`);
    throw noStore();
  }
  // Shopify answers an unknown client, a wrong secret or an app not installed on this store with 400/401/403.
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    console.error(`store: ${shop} refused the client credentials (${response.status})`);
    throw refused();
  }
  const body: unknown = response.ok ? await response.json().catch(() => null) : null;
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const accessToken = fields.access_token;
  if (typeof accessToken !== "string" || accessToken === "") {
    console.error(`store: ${shop} answered the token request with ${response.status} and no token`);
    throw badAnswer();
  }
  const lifetime =
    typeof fields.expires_in === "number" && fields.expires_in > 0 ? fields.expires_in : DEFAULT_LIFETIME_SECONDS;
  return { accessToken, expiresAt: now() + lifetime * 1000 };
}

export function staticToken(accessToken: string): TokenSource {
  return { renewable: false, token: async () => accessToken };
}

/**
 * Client-credentials tokens kept in memory only: for a connection being
 * tried before anything is saved. `issued()` is the token to save after.
 */
export function clientCredentialsTokens(
  shop: string,
  clientId: string,
  clientSecret: string,
  now: () => number,
): TokenSource & { issued(): IssuedToken | null } {
  let current: IssuedToken | null = null;
  return {
    renewable: true,
    issued: () => current,
    async token(fresh) {
      if (!current || fresh || !stillGood(current.expiresAt, now())) {
        current = await requestClientCredentialsToken(shop, clientId, clientSecret, now);
      }
      return current.accessToken;
    },
  };
}
