/**
 * Tokens for a saved store connection. A client-credentials token is cached
 * sealed in the room (its own SQLite) (so every call, and every wake of the room's object, does not
 * ask the store again) and renewed when it has under five minutes left or
 * when the store refuses it.
 */
import { LiveError } from "../../protocol/errors";
import type { RoomDatabase } from "../db/room/room-database";
import type { StoreConnectionRow } from "../db/room/room-schema";
import { saveCachedToken } from "../db/room/store-repo";
import { openSecret, SealedValueError, sealSecret } from "./secret-box";
import { type IssuedToken, requestClientCredentialsToken, stillGood, type TokenSource } from "./shopify-auth";
import { STORE_ERROR } from "./store-errors";

/** What store code needs from the room's object (the RoomHost has all of it). */
export interface StoreHost {
  roomDb: RoomDatabase;
  env: Env;
  roomId: string;
  now(): number;
}

/** The authenticated data a sealed column is bound to: its room and its column. */
export function sealContext(roomId: string, column: "secret" | "access_token"): string {
  return `store_connections/${roomId}/${column}`;
}

/** Opens a sealed column; a value that no longer opens (the key changed) asks for a reconnect. */
export async function openStored(env: Env, sealed: string, context: string): Promise<string> {
  try {
    return await openSecret(env, sealed, context);
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    console.error(`store: cannot open ${context}`, error.message);
    throw new LiveError(409, STORE_ERROR.UNREADABLE);
  }
}

/** Renewals in flight, by connection: calls that need a new token at once share one request. */
const renewals = new Map<string, Promise<IssuedToken>>();

async function renew(host: StoreHost, row: StoreConnectionRow): Promise<IssuedToken> {
  const key = `${host.roomId}/${row.secret}`;
  const running = renewals.get(key);
  if (running) return running;
  const work = (async () => {
    const clientSecret = await openStored(host.env, row.secret, sealContext(host.roomId, "secret"));
    const issued = await requestClientCredentialsToken(row.shopDomain, row.clientId, clientSecret, () => host.now());
    const sealed = await sealSecret(host.env, issued.accessToken, sealContext(host.roomId, "access_token"));
    await saveCachedToken(host.roomDb, host.roomId, row.secret, sealed, issued.expiresAt);
    return issued;
  })();
  renewals.set(key, work);
  try {
    return await work;
  } finally {
    renewals.delete(key);
  }
}

export function storedTokens(host: StoreHost, row: StoreConnectionRow): TokenSource {
  if (row.authKind === "access_token") {
    let token: Promise<string> | null = null;
    return {
      renewable: false,
      token: () => {
        token ??= openStored(host.env, row.secret, sealContext(host.roomId, "secret"));
        return token;
      },
    };
  }
  let current: IssuedToken | null = null;
  return {
    renewable: true,
    async token(fresh) {
      if (!fresh && current && stillGood(current.expiresAt, host.now())) return current.accessToken;
      if (!fresh && !current && row.accessToken && stillGood(row.accessTokenExpiresAt, host.now())) {
        const accessToken = await openStored(host.env, row.accessToken, sealContext(host.roomId, "access_token"));
        current = { accessToken, expiresAt: row.accessTokenExpiresAt };
        return accessToken;
      }
      current = await renew(host, row);
      return current.accessToken;
    },
  };
}
